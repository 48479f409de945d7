-- Written by hand (drizzle-kit cannot express triggers): CLAP is a plug-in format the readers name (REAPER, Bitwig's
-- DAWproject, FL Studio; issue 43) and the plug-in folders are read for (`common/plugins.ts` PLUGIN_FORMATS), but 0016's
-- triggers kept only VST2, VST3, AU and AAX, so a CLAP plug-in was in a song's meta and nowhere else: not in the
-- Plugins view, never missing here. The triggers are made again with CLAP, and the table filled again from every
-- song's meta (the same rows for the other formats, plus the CLAP ones).
DROP TRIGGER `song_plugins_insert`;
--> statement-breakpoint
DROP TRIGGER `song_plugins_update`;
--> statement-breakpoint
DELETE FROM song_plugins;
--> statement-breakpoint
INSERT INTO song_plugins (song_seq, name, format, instances)
	SELECT songs.seq, json_extract(songs.meta, plugin.fullkey || '.name'), json_extract(songs.meta, plugin.fullkey || '.format'),
		json_extract(songs.meta, plugin.fullkey || '.instances')
	FROM songs, json_each(songs.meta, '$.plugins') AS plugin
	WHERE json_type(songs.meta, '$.plugins') = 'array'
		AND json_type(songs.meta, plugin.fullkey || '.name') = 'text' AND json_extract(songs.meta, plugin.fullkey || '.name') <> ''
		AND json_extract(songs.meta, plugin.fullkey || '.format') IN ('VST2', 'VST3', 'AU', 'AAX', 'CLAP')
		AND json_type(songs.meta, plugin.fullkey || '.instances') = 'integer' AND json_extract(songs.meta, plugin.fullkey || '.instances') BETWEEN 1 AND 100000;
--> statement-breakpoint
CREATE TRIGGER `song_plugins_insert` AFTER INSERT ON `songs` WHEN json_type(new.meta, '$.plugins') = 'array' BEGIN
	INSERT INTO song_plugins (song_seq, name, format, instances)
		SELECT new.seq, json_extract(new.meta, fullkey || '.name'), json_extract(new.meta, fullkey || '.format'), json_extract(new.meta, fullkey || '.instances')
		FROM json_each(new.meta, '$.plugins')
		WHERE json_type(new.meta, fullkey || '.name') = 'text' AND json_extract(new.meta, fullkey || '.name') <> ''
			AND json_extract(new.meta, fullkey || '.format') IN ('VST2', 'VST3', 'AU', 'AAX', 'CLAP')
			AND json_type(new.meta, fullkey || '.instances') = 'integer' AND json_extract(new.meta, fullkey || '.instances') BETWEEN 1 AND 100000;
END;
--> statement-breakpoint
CREATE TRIGGER `song_plugins_update` AFTER UPDATE OF meta ON `songs` BEGIN
	DELETE FROM song_plugins WHERE song_seq = old.seq;
	INSERT INTO song_plugins (song_seq, name, format, instances)
		SELECT new.seq, json_extract(new.meta, fullkey || '.name'), json_extract(new.meta, fullkey || '.format'), json_extract(new.meta, fullkey || '.instances')
		FROM json_each(new.meta, '$.plugins')
		WHERE json_type(new.meta, '$.plugins') = 'array'
			AND json_type(new.meta, fullkey || '.name') = 'text' AND json_extract(new.meta, fullkey || '.name') <> ''
			AND json_extract(new.meta, fullkey || '.format') IN ('VST2', 'VST3', 'AU', 'AAX', 'CLAP')
			AND json_type(new.meta, fullkey || '.instances') = 'integer' AND json_extract(new.meta, fullkey || '.instances') BETWEEN 1 AND 100000;
END;

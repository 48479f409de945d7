CREATE TABLE `song_plugins` (
	`song_seq` integer NOT NULL,
	`name` text NOT NULL,
	`format` text NOT NULL,
	`instances` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `song_plugins_name` ON `song_plugins` ("name" COLLATE NOCASE,`format`,`song_seq`);--> statement-breakpoint
CREATE INDEX `song_plugins_song` ON `song_plugins` (`song_seq`);--> statement-breakpoint
-- Written by hand below (drizzle-kit cannot express triggers): `song_plugins` follows `songs.meta` in the same
-- transaction as every write, as `song_tags` follows `songs.tags` (0005). `meta` comes from files and the cloud:
-- only entries with a text name, a known format and a whole count from 1 to 100,000 (`MAX_PLUGIN_INSTANCES`)
-- are kept; anything else in
-- `meta.plugins` is left out, never an error that would refuse the song's write. Each entry is read through its
-- path in `meta` (`fullkey`), not parsed from its value: a value that is a bare string is not JSON.
INSERT INTO song_plugins (song_seq, name, format, instances)
	SELECT songs.seq, json_extract(songs.meta, plugin.fullkey || '.name'), json_extract(songs.meta, plugin.fullkey || '.format'),
		json_extract(songs.meta, plugin.fullkey || '.instances')
	FROM songs, json_each(songs.meta, '$.plugins') AS plugin
	WHERE json_type(songs.meta, '$.plugins') = 'array'
		AND json_type(songs.meta, plugin.fullkey || '.name') = 'text' AND json_extract(songs.meta, plugin.fullkey || '.name') <> ''
		AND json_extract(songs.meta, plugin.fullkey || '.format') IN ('VST2', 'VST3', 'AU', 'AAX')
		AND json_type(songs.meta, plugin.fullkey || '.instances') = 'integer' AND json_extract(songs.meta, plugin.fullkey || '.instances') BETWEEN 1 AND 100000;
--> statement-breakpoint
CREATE TRIGGER `song_plugins_insert` AFTER INSERT ON `songs` WHEN json_type(new.meta, '$.plugins') = 'array' BEGIN
	INSERT INTO song_plugins (song_seq, name, format, instances)
		SELECT new.seq, json_extract(new.meta, fullkey || '.name'), json_extract(new.meta, fullkey || '.format'), json_extract(new.meta, fullkey || '.instances')
		FROM json_each(new.meta, '$.plugins')
		WHERE json_type(new.meta, fullkey || '.name') = 'text' AND json_extract(new.meta, fullkey || '.name') <> ''
			AND json_extract(new.meta, fullkey || '.format') IN ('VST2', 'VST3', 'AU', 'AAX')
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
			AND json_extract(new.meta, fullkey || '.format') IN ('VST2', 'VST3', 'AU', 'AAX')
			AND json_type(new.meta, fullkey || '.instances') = 'integer' AND json_extract(new.meta, fullkey || '.instances') BETWEEN 1 AND 100000;
END;
--> statement-breakpoint
CREATE TRIGGER `song_plugins_delete` AFTER DELETE ON `songs` BEGIN
	DELETE FROM song_plugins WHERE song_seq = old.seq;
END;

-- Written by hand (drizzle-kit cannot express triggers), issue 44: one fold for a plug-in's name. SQLite folded ASCII
-- only (`COLLATE NOCASE`, `lower()`) where the website folds by Unicode, so "Öl Comp" and "öl comp" were two plug-ins
-- here and one there. Each name now has its key beside it (`name_key`), computed by the website's own fold:
-- `plugin_name_key()` is `pluginNameKey` (common/plugins.ts), registered on the connection before the migrations run
-- (db/sql-functions.ts). The Plugins view groups, `plugin:` matches and an installed plug-in is found by the key.
-- `song_plugins` is made again and filled from every song's meta (0023's rows, with their keys), its triggers made
-- again with the key; `installed_plugins` keeps its rows, each given its key.
DROP TRIGGER `song_plugins_insert`;
--> statement-breakpoint
DROP TRIGGER `song_plugins_update`;
--> statement-breakpoint
DROP TABLE `song_plugins`;
--> statement-breakpoint
CREATE TABLE `song_plugins` (
	`song_seq` integer NOT NULL,
	`name` text NOT NULL,
	`name_key` text NOT NULL,
	`format` text NOT NULL,
	`instances` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `song_plugins_name_key` ON `song_plugins` (`name_key`,`format`,`song_seq`);
--> statement-breakpoint
CREATE INDEX `song_plugins_song` ON `song_plugins` (`song_seq`);
--> statement-breakpoint
INSERT INTO song_plugins (song_seq, name, name_key, format, instances)
	SELECT songs.seq, json_extract(songs.meta, plugin.fullkey || '.name'), plugin_name_key(json_extract(songs.meta, plugin.fullkey || '.name')),
		json_extract(songs.meta, plugin.fullkey || '.format'), json_extract(songs.meta, plugin.fullkey || '.instances')
	FROM songs, json_each(songs.meta, '$.plugins') AS plugin
	WHERE json_type(songs.meta, '$.plugins') = 'array'
		AND json_type(songs.meta, plugin.fullkey || '.name') = 'text' AND json_extract(songs.meta, plugin.fullkey || '.name') <> ''
		AND json_extract(songs.meta, plugin.fullkey || '.format') IN ('VST2', 'VST3', 'AU', 'AAX', 'CLAP')
		AND json_type(songs.meta, plugin.fullkey || '.instances') = 'integer' AND json_extract(songs.meta, plugin.fullkey || '.instances') BETWEEN 1 AND 100000;
--> statement-breakpoint
CREATE TRIGGER `song_plugins_insert` AFTER INSERT ON `songs` WHEN json_type(new.meta, '$.plugins') = 'array' BEGIN
	INSERT INTO song_plugins (song_seq, name, name_key, format, instances)
		SELECT new.seq, json_extract(new.meta, fullkey || '.name'), plugin_name_key(json_extract(new.meta, fullkey || '.name')),
			json_extract(new.meta, fullkey || '.format'), json_extract(new.meta, fullkey || '.instances')
		FROM json_each(new.meta, '$.plugins')
		WHERE json_type(new.meta, fullkey || '.name') = 'text' AND json_extract(new.meta, fullkey || '.name') <> ''
			AND json_extract(new.meta, fullkey || '.format') IN ('VST2', 'VST3', 'AU', 'AAX', 'CLAP')
			AND json_type(new.meta, fullkey || '.instances') = 'integer' AND json_extract(new.meta, fullkey || '.instances') BETWEEN 1 AND 100000;
END;
--> statement-breakpoint
CREATE TRIGGER `song_plugins_update` AFTER UPDATE OF meta ON `songs` BEGIN
	DELETE FROM song_plugins WHERE song_seq = old.seq;
	INSERT INTO song_plugins (song_seq, name, name_key, format, instances)
		SELECT new.seq, json_extract(new.meta, fullkey || '.name'), plugin_name_key(json_extract(new.meta, fullkey || '.name')),
			json_extract(new.meta, fullkey || '.format'), json_extract(new.meta, fullkey || '.instances')
		FROM json_each(new.meta, '$.plugins')
		WHERE json_type(new.meta, '$.plugins') = 'array'
			AND json_type(new.meta, fullkey || '.name') = 'text' AND json_extract(new.meta, fullkey || '.name') <> ''
			AND json_extract(new.meta, fullkey || '.format') IN ('VST2', 'VST3', 'AU', 'AAX', 'CLAP')
			AND json_type(new.meta, fullkey || '.instances') = 'integer' AND json_extract(new.meta, fullkey || '.instances') BETWEEN 1 AND 100000;
END;
--> statement-breakpoint
CREATE TABLE `__new_installed_plugins` (
	`name` text NOT NULL,
	`name_key` text NOT NULL,
	`format` text NOT NULL,
	`path` text NOT NULL
);
--> statement-breakpoint
INSERT INTO `__new_installed_plugins` (name, name_key, format, path) SELECT name, plugin_name_key(name), format, path FROM installed_plugins;
--> statement-breakpoint
DROP TABLE `installed_plugins`;
--> statement-breakpoint
ALTER TABLE `__new_installed_plugins` RENAME TO `installed_plugins`;
--> statement-breakpoint
CREATE INDEX `installed_plugins_name_key` ON `installed_plugins` (`name_key`,`format`);

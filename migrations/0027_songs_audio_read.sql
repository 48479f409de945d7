-- Whether a song's audio has been read becomes a column the row mapping writes beside `meta` (db/rows/song-columns.ts,
-- `metaColumns`), as the DAW and a vanished project are: a rescan asks it of every song of the folder, and
-- `json_type(meta, '$.audio')` parsed each song's `meta` (a kilobyte or more after the reads) for it. Issue 45.
ALTER TABLE `songs` ADD `audio_read` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The same rule as `metaColumns`: read once `meta` has the key, whatever it holds (the facts, or why it could not be read).
UPDATE `songs` SET `audio_read` = 1 WHERE json_type(`meta`, '$.audio') IS NOT NULL;

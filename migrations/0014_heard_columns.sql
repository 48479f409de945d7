-- What the table sorts and filters by from `meta` (the DAW, a vanished project, what the analysis heard) becomes
-- plain columns the row mapping writes beside `meta` (db/rows/song-columns.ts), instead of virtual columns that
-- parsed `meta` for every song a filter looked at: with the analysis's overview in it, `meta` is a kilobyte, and
-- "bpm:120-128" read 200,000 of them (2 s). Written by hand: drizzle-kit would rebuild the table, and with it
-- drop the full-text and tags triggers.
DROP INDEX `songs_hidden_daw_status`;--> statement-breakpoint
DROP INDEX `songs_hidden_missing`;--> statement-breakpoint
DROP INDEX `songs_hidden_audio_bpm`;--> statement-breakpoint
DROP INDEX `songs_hidden_lufs`;--> statement-breakpoint
DROP INDEX `songs_hidden_true_peak`;--> statement-breakpoint
DROP INDEX `songs_hidden_duration`;--> statement-breakpoint
ALTER TABLE `songs` DROP COLUMN `daw`;--> statement-breakpoint
ALTER TABLE `songs` DROP COLUMN `missing`;--> statement-breakpoint
ALTER TABLE `songs` DROP COLUMN `audio_bpm`;--> statement-breakpoint
ALTER TABLE `songs` DROP COLUMN `audio_key`;--> statement-breakpoint
ALTER TABLE `songs` DROP COLUMN `lufs`;--> statement-breakpoint
ALTER TABLE `songs` DROP COLUMN `true_peak`;--> statement-breakpoint
ALTER TABLE `songs` DROP COLUMN `duration_s`;--> statement-breakpoint
ALTER TABLE `songs` ADD `daw` text;--> statement-breakpoint
ALTER TABLE `songs` ADD `missing` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `songs` ADD `audio_bpm` real;--> statement-breakpoint
ALTER TABLE `songs` ADD `audio_key` text;--> statement-breakpoint
ALTER TABLE `songs` ADD `lufs` real;--> statement-breakpoint
ALTER TABLE `songs` ADD `true_peak` real;--> statement-breakpoint
ALTER TABLE `songs` ADD `duration_s` real;--> statement-breakpoint
-- The same rule as `metaColumns`: a figure only where `meta` holds a number there, a DAW only where it holds text.
UPDATE `songs` SET
	`daw` = CASE WHEN json_type(`meta`, '$.daw') = 'text' THEN json_extract(`meta`, '$.daw') END,
	`missing` = CASE WHEN json_type(`meta`, '$.projectMissing') = 'true' THEN 1 ELSE 0 END,
	`audio_bpm` = CASE WHEN json_type(`meta`, '$.analysis.bpm') IN ('integer', 'real') THEN json_extract(`meta`, '$.analysis.bpm') END,
	`audio_key` = CASE WHEN json_type(`meta`, '$.analysis.key') = 'text' THEN json_extract(`meta`, '$.analysis.key') END,
	`lufs` = CASE WHEN json_type(`meta`, '$.analysis.lufs') IN ('integer', 'real') THEN json_extract(`meta`, '$.analysis.lufs') END,
	`true_peak` = CASE WHEN json_type(`meta`, '$.analysis.truePeak') IN ('integer', 'real') THEN json_extract(`meta`, '$.analysis.truePeak') END,
	`duration_s` = CASE WHEN json_type(`meta`, '$.analysis.durationS') IN ('integer', 'real') THEN json_extract(`meta`, '$.analysis.durationS') END;--> statement-breakpoint
CREATE INDEX `songs_hidden_daw_status` ON `songs` (`hidden`,`daw`,`status_rank`);--> statement-breakpoint
CREATE INDEX `songs_hidden_missing` ON `songs` (`hidden`,`missing`);--> statement-breakpoint
DROP INDEX `songs_hidden_key_tempo`;--> statement-breakpoint
CREATE INDEX `songs_hidden_key_tempo` ON `songs` (`hidden`,"key" COLLATE NOCASE,`tempo_bpm`,`audio_bpm`);--> statement-breakpoint
CREATE INDEX `songs_hidden_audio_bpm` ON `songs` (`hidden`,`audio_bpm`,`tempo_bpm`);--> statement-breakpoint
CREATE INDEX `songs_hidden_audio_bpm_nulls_last` ON `songs` (`hidden`,("audio_bpm" IS NULL),`audio_bpm`);--> statement-breakpoint
CREATE INDEX `songs_hidden_audio_key` ON `songs` (`hidden`,"audio_key" COLLATE NOCASE);--> statement-breakpoint
CREATE INDEX `songs_hidden_audio_key_nulls_last` ON `songs` (`hidden`,("audio_key" IS NULL),"audio_key" COLLATE NOCASE);--> statement-breakpoint
CREATE INDEX `songs_hidden_lufs` ON `songs` (`hidden`,`lufs`);--> statement-breakpoint
CREATE INDEX `songs_hidden_lufs_nulls_last` ON `songs` (`hidden`,("lufs" IS NULL),`lufs`);--> statement-breakpoint
CREATE INDEX `songs_hidden_true_peak` ON `songs` (`hidden`,`true_peak`);--> statement-breakpoint
CREATE INDEX `songs_hidden_true_peak_nulls_last` ON `songs` (`hidden`,("true_peak" IS NULL),`true_peak`);--> statement-breakpoint
CREATE INDEX `songs_hidden_duration` ON `songs` (`hidden`,`duration_s`);--> statement-breakpoint
CREATE INDEX `songs_hidden_duration_nulls_last` ON `songs` (`hidden`,("duration_s" IS NULL),`duration_s`);--> statement-breakpoint
CREATE INDEX `songs_hidden_modified_filters` ON `songs` (`hidden`,`modified_at`,`status_rank`,`daw`,"key" COLLATE NOCASE,`tempo_bpm`,`audio_bpm`);--> statement-breakpoint
CREATE INDEX `songs_hidden_name_filters` ON `songs` (`hidden`,"name" COLLATE NOCASE,`status_rank`,`daw`,"key" COLLATE NOCASE,`tempo_bpm`,`audio_bpm`);

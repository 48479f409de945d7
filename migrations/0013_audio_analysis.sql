CREATE TABLE `audio_analyses` (
	`fingerprint` text PRIMARY KEY NOT NULL,
	`version` integer NOT NULL,
	`result` text NOT NULL,
	`analysed_at` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `songs` ADD `audio_bpm` real GENERATED ALWAYS AS (json_extract("meta", '$.analysis.bpm')) VIRTUAL;--> statement-breakpoint
ALTER TABLE `songs` ADD `audio_key` text GENERATED ALWAYS AS (json_extract("meta", '$.analysis.key')) VIRTUAL;--> statement-breakpoint
ALTER TABLE `songs` ADD `lufs` real GENERATED ALWAYS AS (json_extract("meta", '$.analysis.lufs')) VIRTUAL;--> statement-breakpoint
ALTER TABLE `songs` ADD `true_peak` real GENERATED ALWAYS AS (json_extract("meta", '$.analysis.truePeak')) VIRTUAL;--> statement-breakpoint
ALTER TABLE `songs` ADD `duration_s` real GENERATED ALWAYS AS (json_extract("meta", '$.analysis.durationS')) VIRTUAL;--> statement-breakpoint
CREATE INDEX `songs_hidden_audio_bpm` ON `songs` (`hidden`,("audio_bpm" IS NULL),`audio_bpm`);--> statement-breakpoint
CREATE INDEX `songs_hidden_lufs` ON `songs` (`hidden`,("lufs" IS NULL),`lufs`);--> statement-breakpoint
CREATE INDEX `songs_hidden_true_peak` ON `songs` (`hidden`,("true_peak" IS NULL),`true_peak`);--> statement-breakpoint
CREATE INDEX `songs_hidden_duration` ON `songs` (`hidden`,("duration_s" IS NULL),`duration_s`);
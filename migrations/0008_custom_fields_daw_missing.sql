CREATE TABLE `custom_fields` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`type` text NOT NULL,
	`options` text DEFAULT '[]' NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`modified_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `custom_fields_name_nocase` ON `custom_fields` ("name" COLLATE NOCASE);--> statement-breakpoint
ALTER TABLE `songs` ADD `daw` text GENERATED ALWAYS AS (json_extract("meta", '$.daw')) VIRTUAL;--> statement-breakpoint
ALTER TABLE `songs` ADD `missing` integer GENERATED ALWAYS AS (coalesce(json_extract("meta", '$.projectMissing'), 0)) VIRTUAL;--> statement-breakpoint
CREATE INDEX `songs_hidden_daw` ON `songs` (`hidden`,`daw`);--> statement-breakpoint
CREATE INDEX `songs_hidden_missing` ON `songs` (`hidden`,`missing`);
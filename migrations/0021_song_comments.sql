CREATE TABLE `song_comments` (
	`id` text PRIMARY KEY NOT NULL,
	`song_id` text NOT NULL,
	`at_s` real NOT NULL,
	`name` text NOT NULL,
	`body` text NOT NULL,
	`created_at` integer NOT NULL,
	`resolved` integer NOT NULL,
	`from_owner` integer NOT NULL,
	`verdict` text
);
--> statement-breakpoint
CREATE INDEX `song_comments_song` ON `song_comments` (`song_id`,`at_s`);--> statement-breakpoint
ALTER TABLE `songs` ADD `open_comments` integer;--> statement-breakpoint
CREATE INDEX `songs_hidden_open_comments` ON `songs` (`hidden`,`open_comments`);
CREATE TABLE `song_shares` (
	`token` text PRIMARY KEY NOT NULL,
	`song_id` text NOT NULL,
	`cloud_id` text NOT NULL,
	`url` text NOT NULL,
	`expires_at` integer NOT NULL,
	`has_password` integer NOT NULL,
	`allow_download` integer NOT NULL,
	`version_path` text,
	`created_at` integer NOT NULL,
	`revoked_at` integer
);
--> statement-breakpoint
CREATE INDEX `song_shares_song` ON `song_shares` (`song_id`);
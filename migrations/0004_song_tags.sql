CREATE TABLE `song_tags` (
	`song_seq` integer NOT NULL,
	`tag` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `song_tags_tag` ON `song_tags` ("tag" COLLATE NOCASE,`song_seq`);--> statement-breakpoint
CREATE INDEX `song_tags_song` ON `song_tags` (`song_seq`);
ALTER TABLE `songs` ADD `focus` integer;--> statement-breakpoint
ALTER TABLE `songs` ADD `next_step` text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX `songs_focus` ON `songs` (`focus`) WHERE "songs"."focus" IS NOT NULL;
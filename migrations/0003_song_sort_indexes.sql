ALTER TABLE `songs` ADD `priority_rank` integer GENERATED ALWAYS AS (CASE "priority" WHEN 'Low' THEN 0 WHEN 'Medium' THEN 1 WHEN 'High' THEN 2 WHEN 'Urgent' THEN 3 ELSE 4 END) VIRTUAL;--> statement-breakpoint
ALTER TABLE `songs` ADD `tier_rank` integer GENERATED ALWAYS AS (CASE "tier" WHEN 'S' THEN 0 WHEN 'A' THEN 1 WHEN 'B' THEN 2 WHEN 'C' THEN 3 WHEN 'D' THEN 4 ELSE 5 END) VIRTUAL;--> statement-breakpoint
ALTER TABLE `songs` ADD `status_rank` integer GENERATED ALWAYS AS (CASE "status" WHEN 'Backlog' THEN 0 WHEN 'Writing' THEN 1 WHEN 'Recording' THEN 2 WHEN 'Mixing' THEN 3 WHEN 'Mastering' THEN 4 WHEN 'Done' THEN 5 ELSE 6 END) VIRTUAL;--> statement-breakpoint
CREATE INDEX `songs_hidden_tempo_nulls_last` ON `songs` (`hidden`,("tempo_bpm" IS NULL),`tempo_bpm`);--> statement-breakpoint
CREATE INDEX `songs_hidden_priority` ON `songs` (`hidden`,`priority_rank`);--> statement-breakpoint
CREATE INDEX `songs_hidden_tier` ON `songs` (`hidden`,`tier_rank`);--> statement-breakpoint
CREATE INDEX `songs_hidden_status` ON `songs` (`hidden`,`status_rank`);--> statement-breakpoint
CREATE INDEX `songs_hidden_key` ON `songs` (`hidden`,"key" COLLATE NOCASE);
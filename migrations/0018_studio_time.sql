ALTER TABLE `songs` ADD `last_worked` integer;--> statement-breakpoint
CREATE INDEX `songs_hidden_last_worked` ON `songs` (`hidden`,`last_worked`);--> statement-breakpoint
CREATE INDEX `songs_hidden_last_worked_nulls_last` ON `songs` (`hidden`,("last_worked" IS NULL),`last_worked`);--> statement-breakpoint
ALTER TABLE `views` ADD `layout` text DEFAULT 'table' NOT NULL;;--> statement-breakpoint
-- Songs read before keep their studio time in meta (a row from the cloud may hold anything: only a number counts).
UPDATE `songs` SET `last_worked` = CAST(json_extract(`meta`, '$.activity.lastWorked') AS INTEGER)
WHERE json_type(`meta`, '$.activity.lastWorked') IN ('integer', 'real');
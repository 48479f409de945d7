CREATE TABLE `removed_by_sync` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`table_name` text NOT NULL,
	`record_id` text NOT NULL,
	`data` text NOT NULL,
	`removed_at` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `songs` ADD `removed_by_sync_at` integer;
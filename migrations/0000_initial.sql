CREATE TABLE `directories` (
	`id` text PRIMARY KEY NOT NULL,
	`path` text NOT NULL,
	`view_id` text,
	`added_at` integer NOT NULL,
	`last_scan_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `directories_path_unique` ON `directories` (`path`);--> statement-breakpoint
CREATE TABLE `files` (
	`path` text PRIMARY KEY NOT NULL,
	`directory_id` text NOT NULL,
	`size` integer NOT NULL,
	`mtime_ms` integer NOT NULL,
	`inode` integer NOT NULL,
	`kind` text NOT NULL,
	`song_id` text,
	`seen_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `files_directory` ON `files` (`directory_id`);--> statement-breakpoint
CREATE INDEX `files_song` ON `files` (`song_id`);--> statement-breakpoint
CREATE TABLE `jobs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`dedupe_key` text,
	`payload` text DEFAULT '{}' NOT NULL,
	`state` text DEFAULT 'queued' NOT NULL,
	`priority` integer DEFAULT 0 NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`max_attempts` integer DEFAULT 5 NOT NULL,
	`run_after` integer NOT NULL,
	`heartbeat_at` integer,
	`last_error` text,
	`progress` real DEFAULT 0 NOT NULL,
	`result` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `jobs_claim` ON `jobs` (`state`,`priority`,`run_after`);--> statement-breakpoint
CREATE UNIQUE INDEX `jobs_dedupe_live` ON `jobs` (`dedupe_key`) WHERE "jobs"."dedupe_key" IS NOT NULL AND "jobs"."state" IN ('queued', 'running');--> statement-breakpoint
CREATE TABLE `kv` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `songs` (
	`seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`id` text NOT NULL,
	`name` text NOT NULL,
	`file_value` text,
	`file_local_path` text,
	`file_name` text,
	`file_modified_at` integer,
	`priority` text DEFAULT 'Medium' NOT NULL,
	`tier` text DEFAULT 'C' NOT NULL,
	`status` text DEFAULT 'Backlog' NOT NULL,
	`tags` text DEFAULT '[]' NOT NULL,
	`notes` text DEFAULT '' NOT NULL,
	`tempo` text DEFAULT '' NOT NULL,
	`tempo_bpm` real,
	`key` text DEFAULT '' NOT NULL,
	`time_signature` text DEFAULT '' NOT NULL,
	`session_value` text,
	`session_file_name` text,
	`session_modified_at` integer,
	`session_is_package` integer DEFAULT false NOT NULL,
	`project_path` text,
	`source` text DEFAULT 'manual' NOT NULL,
	`hidden` integer DEFAULT false NOT NULL,
	`needs_upload_retry` integer DEFAULT false NOT NULL,
	`is_being_processed` integer DEFAULT false NOT NULL,
	`processing_started_at` integer,
	`custom` text DEFAULT '{}' NOT NULL,
	`meta` text DEFAULT '{}' NOT NULL,
	`edited_fields` text DEFAULT '[]' NOT NULL,
	`created_at` integer NOT NULL,
	`modified_at` integer NOT NULL,
	`supabase_id` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `songs_id_unique` ON `songs` (`id`);--> statement-breakpoint
CREATE INDEX `songs_hidden_modified` ON `songs` (`hidden`,`modified_at`);--> statement-breakpoint
CREATE INDEX `songs_hidden_name` ON `songs` (`hidden`,"name" COLLATE NOCASE);--> statement-breakpoint
CREATE INDEX `songs_hidden_tempo` ON `songs` (`hidden`,`tempo_bpm`);--> statement-breakpoint
CREATE INDEX `songs_project_path` ON `songs` (`project_path`);--> statement-breakpoint
CREATE TABLE `subscription` (
	`user_id` text PRIMARY KEY NOT NULL,
	`tier` text NOT NULL,
	`status` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `sync_records` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`type` text NOT NULL,
	`table_name` text NOT NULL,
	`record_id` text NOT NULL,
	`data` text NOT NULL,
	`timestamp` integer NOT NULL,
	`synced` integer DEFAULT false NOT NULL,
	`synced_at` integer
);
--> statement-breakpoint
CREATE INDEX `sync_records_unsynced` ON `sync_records` (`synced`,`id`);--> statement-breakpoint
CREATE INDEX `sync_records_record` ON `sync_records` (`record_id`);--> statement-breakpoint
CREATE TABLE `user_settings` (
	`id` text PRIMARY KEY NOT NULL,
	`project_directories` text DEFAULT '[]' NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `views` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`type` text NOT NULL,
	`sort_config` text,
	`active_filters` text DEFAULT '[]' NOT NULL,
	`column_visibility` text DEFAULT '{}' NOT NULL,
	`path` text NOT NULL,
	`directory_path` text,
	`position` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`modified_at` integer NOT NULL,
	`supabase_id` text
);

ALTER TABLE `views` ADD `column_order` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `views` ADD `column_widths` text DEFAULT '{}' NOT NULL;
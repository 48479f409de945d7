CREATE TABLE `installed_plugins` (
	`name` text NOT NULL,
	`format` text NOT NULL,
	`path` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `installed_plugins_name` ON `installed_plugins` ("name" COLLATE NOCASE,`format`);
DROP INDEX `songs_hidden_daw`;--> statement-breakpoint
CREATE INDEX `songs_hidden_daw_status` ON `songs` (`hidden`,`daw`,`status_rank`);
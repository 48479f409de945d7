DROP INDEX `songs_hidden_key`;--> statement-breakpoint
CREATE INDEX `songs_hidden_key_tempo` ON `songs` (`hidden`,"key" COLLATE NOCASE,`tempo_bpm`);
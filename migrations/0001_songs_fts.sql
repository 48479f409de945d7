-- Full-text search over the songs' text: name, notes, tags and file names (audio and session).
-- drizzle-kit cannot express virtual tables or triggers, so this migration is written by hand; the triggers
-- keep the index in step with every write to `songs`, in the same transaction.
CREATE VIRTUAL TABLE `songs_fts` USING fts5(
	name, notes, tags, file_names,
	tokenize = 'unicode61 remove_diacritics 2'
);
--> statement-breakpoint
CREATE TRIGGER `songs_fts_insert` AFTER INSERT ON `songs` BEGIN
	INSERT INTO songs_fts (rowid, name, notes, tags, file_names) VALUES (
		new.seq, new.name, new.notes,
		(SELECT group_concat(value, ' ') FROM json_each(new.tags)),
		coalesce(new.file_name, '') || ' ' || coalesce(new.session_file_name, '')
	);
END;
--> statement-breakpoint
CREATE TRIGGER `songs_fts_delete` AFTER DELETE ON `songs` BEGIN
	DELETE FROM songs_fts WHERE rowid = old.seq;
END;
--> statement-breakpoint
CREATE TRIGGER `songs_fts_update` AFTER UPDATE OF name, notes, tags, file_name, session_file_name ON `songs` BEGIN
	DELETE FROM songs_fts WHERE rowid = old.seq;
	INSERT INTO songs_fts (rowid, name, notes, tags, file_names) VALUES (
		new.seq, new.name, new.notes,
		(SELECT group_concat(value, ' ') FROM json_each(new.tags)),
		coalesce(new.file_name, '') || ' ' || coalesce(new.session_file_name, '')
	);
END;

-- Keeps `song_tags` (one row per tag of a song) in step with `songs.tags`, in the same transaction as every
-- write. drizzle-kit cannot express triggers, so this migration is written by hand. Existing songs are
-- indexed once here.
INSERT INTO song_tags (song_seq, tag) SELECT songs.seq, json_each.value FROM songs, json_each(songs.tags);
--> statement-breakpoint
CREATE TRIGGER `song_tags_insert` AFTER INSERT ON `songs` BEGIN
	INSERT INTO song_tags (song_seq, tag) SELECT new.seq, value FROM json_each(new.tags);
END;
--> statement-breakpoint
CREATE TRIGGER `song_tags_update` AFTER UPDATE OF tags ON `songs` BEGIN
	DELETE FROM song_tags WHERE song_seq = old.seq;
	INSERT INTO song_tags (song_seq, tag) SELECT new.seq, value FROM json_each(new.tags);
END;
--> statement-breakpoint
CREATE TRIGGER `song_tags_delete` AFTER DELETE ON `songs` BEGIN
	DELETE FROM song_tags WHERE song_seq = old.seq;
END;

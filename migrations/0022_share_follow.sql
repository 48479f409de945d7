ALTER TABLE `song_comments` ADD `share_id` text;--> statement-breakpoint
CREATE INDEX `song_comments_share` ON `song_comments` (`share_id`);--> statement-breakpoint
ALTER TABLE `song_shares` ADD `comment_cap` integer DEFAULT 1000 NOT NULL;--> statement-breakpoint
ALTER TABLE `song_shares` ADD `revoke_pending` integer DEFAULT false NOT NULL;--> statement-breakpoint
-- Written by hand below (drizzle-kit cannot express triggers), as 0016's: a song deleted for good, by any path (a
-- delete, emptying what a pull removed after 30 days, an import undone), takes its links with it. Each is revoked here
-- at once, so `songs:shares` says it no longer opens, and marked for the cloud's revoke, which the sharing module makes
-- once it is online (main/sharing/link-owners.ts). What its listeners wrote goes with the song: nothing here is filed
-- under an id no song has. A song merged into its twin has had its links and comments moved first, so none is here.
CREATE TRIGGER `song_shares_revoke_with_song` AFTER DELETE ON `songs` BEGIN
	UPDATE song_shares SET revoked_at = CAST(unixepoch('subsec') * 1000 AS INTEGER), revoke_pending = 1
		WHERE song_id = old.id AND revoked_at IS NULL;
	DELETE FROM song_comments WHERE song_id = old.id;
END;

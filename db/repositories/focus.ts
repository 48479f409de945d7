/**
 * The focus list (issue 32): the songs the user is finishing, pinned in order (`songs.focus`, the pin's time), each
 * with its next step. Hidden songs are never on it. Pinning past the user's limit is refused here, for the app and
 * every caller of the core, by the one rule of `common/studio/focus-list.ts` (the website's too); a pull may bring more pins
 * from another computer, which stay (nothing is lost).
 */
import { asc, sql } from 'drizzle-orm';
import { checkFocusRoom as checkRoom } from '../../common/studio/focus-list';
import type { Song, SongPatch } from '../../common/songs/song';
import type { Db } from '../handle';
import { songFromRow } from '../rows/song-row';
import { songs } from '../schema';
import { getStudioSettings } from './studio-settings';

/**
 * On the list (`isOnFocusList`, in SQL). The pinned songs come from the partial index on `focus` (a handful of rows):
 * `+hidden` keeps SQLite from walking a (hidden, …) index over every song instead, which it prefers otherwise (112 ms
 * at 200,000 songs, on the first screen's open).
 */
const PINNED = sql`${songs.focus} IS NOT NULL AND +${songs.hidden} = 0`;

export function focusedSongs(db: Db): Song[] {
  return db.orm.select().from(songs).where(PINNED).orderBy(asc(songs.focus)).all().map(songFromRow);
}

/** Refuses an edit that pins a song (not pinned before) onto a full focus list (`common/studio/focus-list.ts`). */
export function checkFocusRoom(db: Db, current: Song, patch: SongPatch): void {
  checkRoom(current, patch, () => ({
    pinned: db.orm.get<{ count: number }>(sql`SELECT count(*) AS count FROM ${songs} WHERE ${PINNED}`).count,
    limit: getStudioSettings(db).focusLimit,
  }));
}

/**
 * What the listeners of this computer's links wrote (`song_comments`, issue 33), as pulled from the cloud: the one
 * writer of the table (db/table-writers.test.ts holds it), so every write passes the change log and the page's
 * comments follow the feed. A pull files each comment under the song its link belongs to now; a twin merge moves a
 * song's comments with its links (`song-shares.ts` `moveSharesToSong`); migration 0022's trigger removes them with
 * their song.
 */
import { and, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../handle';
import { songComments } from '../schema';

const CHUNK = 500;

export type SongCommentRow = typeof songComments.$inferSelect;

/** Which of these comment ids were pulled here before. */
export function knownCommentIds(db: Db, ids: readonly string[]): Set<string> {
  const known = new Set<string>();
  for (let i = 0; i < ids.length; i += CHUNK) {
    for (const row of db.orm.select({ id: songComments.id }).from(songComments).where(inArray(songComments.id, ids.slice(i, i + CHUNK))).all()) known.add(row.id);
  }
  return known;
}

/**
 * The pulled comments filed, each new one added and each known one as the cloud has it now (resolved, its verdict). A
 * comment the cloud has as it is here is not written again: a pull that brings nothing new tells the feed nothing.
 */
export function filePulledComments(db: Db, rows: readonly SongCommentRow[]): void {
  const ids = rows.map((row) => row.id);
  const before = new Map<string, SongCommentRow>();
  for (let i = 0; i < ids.length; i += CHUNK) {
    for (const row of db.orm.select().from(songComments).where(inArray(songComments.id, ids.slice(i, i + CHUNK))).all()) before.set(row.id, row);
  }
  for (const row of rows) {
    const was = before.get(row.id);
    if (was && sameComment(was, row)) continue;
    const { id, ...values } = row;
    db.orm.insert(songComments).values({ id, ...values }).onConflictDoUpdate({ target: songComments.id, set: values }).run();
  }
}

function sameComment(a: SongCommentRow, b: SongCommentRow): boolean {
  return (Object.keys(b) as (keyof SongCommentRow)[]).every((key) => a[key] === b[key]);
}

/** The song's comments as pulled here, by their moment. */
export function commentsOfSong(db: Db, songId: string): SongCommentRow[] {
  return db.orm.select().from(songComments).where(eq(songComments.songId, songId)).orderBy(songComments.atS, songComments.createdAt).all();
}

/** How many comments (listeners' and the owner's, as the cloud's cap counts them) were pulled here per link. */
export function commentCountsOf(db: Db, cloudIds: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (let i = 0; i < cloudIds.length; i += CHUNK) {
    const rows = db.orm
      .select({ shareId: songComments.shareId, total: count() })
      .from(songComments)
      .where(inArray(songComments.shareId, cloudIds.slice(i, i + CHUNK)))
      .groupBy(songComments.shareId)
      .all();
    for (const row of rows) if (row.shareId !== null) counts.set(row.shareId, row.total);
  }
  return counts;
}

/** The song's listeners' comments not yet resolved (its `meta.openComments`). */
export function openCommentCount(db: Db, songId: string): number {
  const row = db.orm
    .select({ total: count() })
    .from(songComments)
    .where(and(eq(songComments.songId, songId), eq(songComments.resolved, false), eq(songComments.fromOwner, false)))
    .get();
  return row?.total ?? 0;
}

/** The comments of `from` are `to`'s now (a twin merge, in its transaction). */
export function moveCommentsToSong(db: Db, from: string, to: string): void {
  db.orm.update(songComments).set({ songId: to }).where(eq(songComments.songId, from)).run();
}

/**
 * The listening links made on this computer (`song_shares`) and what their listeners wrote (`song_comments`), and how
 * they follow their song (issue 42):
 *
 * - merged: two songs of one project made one (`mergeProjectTwins`) and the links and comments of the one merged away
 *   are the kept song's, moved in the merge's own transaction. The cloud's links (made here or on another computer)
 *   move by `share_move`, recorded here as pending in the same transaction and made by the sharing module once it is
 *   online and the kept song is in the cloud (main/sharing/link-owners.ts);
 * - deleted for good: migration 0022's trigger revokes the song's links here, marks each for the cloud's revoke, and
 *   removes its comments, whichever path deleted the song.
 *
 * The one writer of `song_shares` (db/table-writers.test.ts holds it; the comments' is `song-comments.ts`): every write
 * passes the change log, and the page's links follow the feed.
 */
import { desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../handle';
import { songShares, songs } from '../schema';
import { getKv, setKv } from './account';
import { moveCommentsToSong } from './song-comments';

const KV_MOVES = 'sharing.moves';
const CHUNK = 500;

export type SongShareRow = typeof songShares.$inferSelect;

export interface ShareMove {
  from: string;
  to: string;
}

export function insertShare(db: Db, row: typeof songShares.$inferInsert): void {
  db.orm.insert(songShares).values(row).run();
}

/** The song's links, newest first. */
export function sharesOfSong(db: Db, songId: string): SongShareRow[] {
  return db.orm.select().from(songShares).where(eq(songShares.songId, songId)).orderBy(desc(songShares.createdAt)).all();
}

export function shareByToken(db: Db, token: string): SongShareRow | null {
  return db.orm.select().from(songShares).where(eq(songShares.token, token)).get() ?? null;
}

export function markShareRevoked(db: Db, token: string, at: number): void {
  db.orm.update(songShares).set({ revokedAt: at }).where(eq(songShares.token, token)).run();
}

export function setShareCommentCap(db: Db, token: string, cap: number): void {
  db.orm.update(songShares).set({ commentCap: cap }).where(eq(songShares.token, token)).run();
}

/** The links whose song is in the library (a link of a song gone for good files nothing): cloud id -> song id. */
export function linksOfLiveSongs(db: Db): Map<string, string> {
  const rows = db.orm.select({ cloudId: songShares.cloudId, songId: songShares.songId }).from(songShares).innerJoin(songs, eq(songs.id, songShares.songId)).all();
  return new Map(rows.map((row) => [row.cloudId, row.songId]));
}

/**
 * Each `from` song's links and comments are `to`'s now, here, and its links in the cloud are to follow (pending). A
 * move waiting toward a song that is itself merged away now goes on to the new owner, as snapshot moves do.
 */
export function moveSharesToSong(db: Db, moves: readonly ShareMove[]): void {
  if (moves.length === 0) return;
  const pending = getKv<Record<string, string>>(db, KV_MOVES, {});
  for (const { from, to } of moves) {
    db.orm.update(songShares).set({ songId: to }).where(eq(songShares.songId, from)).run();
    moveCommentsToSong(db, from, to);
    for (const [waiting, target] of Object.entries(pending)) if (target === from) pending[waiting] = to;
    pending[from] = to;
  }
  setKv(db, KV_MOVES, pending);
}

export function pendingShareMoves(db: Db): ShareMove[] {
  const pending = getKv<Record<string, unknown>>(db, KV_MOVES, {});
  return Object.entries(pending).flatMap(([from, to]) => (typeof to === 'string' ? [{ from, to }] : []));
}

/** The cloud has made these moves (or they have nothing left to move). */
export function settleShareMoves(db: Db, from: readonly string[]): void {
  if (from.length === 0) return;
  const pending = getKv<Record<string, string>>(db, KV_MOVES, {});
  for (const id of from) delete pending[id];
  setKv(db, KV_MOVES, pending);
}

/** Links of songs deleted for good whose revoke the cloud has not heard yet. */
export function pendingShareRevokes(db: Db): SongShareRow[] {
  return db.orm.select().from(songShares).where(eq(songShares.revokePending, true)).all();
}

export function settleShareRevokes(db: Db, tokens: readonly string[]): void {
  for (let i = 0; i < tokens.length; i += CHUNK) db.orm.update(songShares).set({ revokePending: false }).where(inArray(songShares.token, tokens.slice(i, i + CHUNK))).run();
}

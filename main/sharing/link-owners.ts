/**
 * Links follow their song in the cloud too (issue 42). What this computer did to its songs waits here until the cloud
 * hears of it (db/repositories/song-shares.ts keeps it, written in the same transaction as the change):
 *
 * - a twin merged away: its links (made here or on another computer) move to the song kept, by `share_move`, which
 *   also opens again those the cloud revoked when the merged-away song's row was deleted there. The cloud refuses
 *   while the kept song is not in it yet: the move then waits for a later try (after the next sync);
 * - a song deleted for good: each of its links made here is revoked by `share_revoke`. The cloud revokes them itself
 *   when the song's row is deleted there; this is for the time before that push, and a song never pushed again. A
 *   link the cloud now files under another song (moved there by a merge) is left open.
 *
 * Settled when the comments are pulled (at start, every 5 minutes, when asked), before anything reads the links.
 */
import type { Db } from '../../db/handle';
import { getSongs } from '../../db/repositories/songs';
import { pendingShareMoves, pendingShareRevokes, settleShareMoves, settleShareRevokes } from '../../db/repositories/song-shares';
import type { SignedInCloud } from '../account/cloud-session';

/** The cloud's words when the song a link would move to is not in it yet (`share_move`). */
export const KEPT_SONG_NOT_IN_CLOUD = 'That song is not in your cloud library: sync it first.';
/** Links read from the cloud a request. */
const PAGE = 500;

export interface LinkSettlement {
  moved: number;
  revoked: number;
  /** Moves and revokes still waiting (the cloud refused or could not be reached). */
  waiting: number;
}

export async function settleLinkOwners(db: Db, cloud: SignedInCloud): Promise<LinkSettlement> {
  const moves = await settleMoves(db, cloud);
  const revokes = await settleRevokes(db, cloud);
  return { moved: moves.done, revoked: revokes.done, waiting: moves.waiting + revokes.waiting };
}

/** How many moves and revokes wait for the cloud (a cheap look, before asking it). */
export function linkOwnersPending(db: Db): number {
  return pendingShareMoves(db).length + pendingShareRevokes(db).length;
}

async function settleMoves(db: Db, cloud: SignedInCloud): Promise<{ done: number; waiting: number }> {
  const moves = pendingShareMoves(db);
  if (moves.length === 0) return { done: 0, waiting: 0 };
  // A move toward a song since deleted for good has nothing to follow: that song's links were revoked with it.
  const living = new Set(getSongs(db, { ids: [...new Set(moves.map((move) => move.to))] }).map((song) => song.id));
  const settled = moves.filter((move) => !living.has(move.to)).map((move) => move.from);
  let done = 0;
  let waiting = 0;
  for (const move of moves.filter((candidate) => living.has(candidate.to))) {
    const { error } = await cloud.supabase.rpc('share_move', { p_from: move.from, p_to: move.to });
    if (!error) {
      settled.push(move.from);
      done += 1;
      continue;
    }
    waiting += 1;
    // Anything but the kept song not being in the cloud yet (the network, the session): the rest waits too.
    if (error.message !== KEPT_SONG_NOT_IN_CLOUD) {
      waiting = moves.length - settled.length;
      break;
    }
  }
  settleShareMoves(db, settled);
  return { done, waiting };
}

async function settleRevokes(db: Db, cloud: SignedInCloud): Promise<{ done: number; waiting: number }> {
  const pending = pendingShareRevokes(db);
  if (pending.length === 0) return { done: 0, waiting: 0 };
  const songOf = new Map<string, string>();
  for (let i = 0; i < pending.length; i += PAGE) {
    // No retries of the client's own: a revoke that waits is tried again by the next pass.
    const { data, error } = await cloud.supabase
      .from('shares')
      .select('id, song_id')
      .in('id', pending.slice(i, i + PAGE).map((row) => row.cloudId))
      .retry(false);
    if (error || !data) return { done: 0, waiting: pending.length };
    for (const row of data as { id: string; song_id: string }[]) songOf.set(row.id, row.song_id);
  }
  const settled: string[] = [];
  let done = 0;
  for (const row of pending) {
    const cloudSong = songOf.get(row.cloudId);
    // Gone from the cloud, or filed under another song there: nothing of this song's to revoke.
    if (cloudSong !== row.songId) {
      settled.push(row.token);
      continue;
    }
    const { error } = await cloud.supabase.rpc('share_revoke', { p_token: row.token });
    if (error) break;
    settled.push(row.token);
    done += 1;
  }
  settleShareRevokes(db, settled);
  return { done, waiting: pending.length - settled.length };
}

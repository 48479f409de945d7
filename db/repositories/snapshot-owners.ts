/**
 * Whose Songshelf's snapshots are (`<data>/snapshots/<song id>/`, main/versions/snapshots.ts), kept in the key-value
 * table beside the songs they follow (STYLE.md: a copy of the user's data is keyed by its song and removed only when
 * that song is gone for good, after a grace period):
 *
 * - moves: two songs of one project merged (`mergeProjectTwins`) and the deleted one's snapshots belong to the one
 *   kept. The move is written in the merge's own transaction, so a crash before the files have moved loses nothing:
 *   whoever follows the moves next (after the pull, or the daily sweep) moves them.
 * - gone since: when the sweep first found a snapshot folder whose song is no longer in the library. Its folder is
 *   removed only 30 days after that (`DELETED_SONG_SNAPSHOTS_KEPT_MS`).
 */
import type { Db } from '../handle';
import { getKv, setKv } from './account';

const KV_MOVES = 'snapshots.moves';
const KV_GONE_SINCE = 'snapshots.gone-since';

export interface SnapshotMove {
  from: string;
  to: string;
}

/**
 * Records that `from`'s snapshots now belong to `to`. A move waiting toward a song that is itself merged away now
 * goes on to the new owner: the files always end under a song that exists.
 */
export function recordSnapshotMoves(db: Db, moves: readonly SnapshotMove[]): void {
  if (moves.length === 0) return;
  const pending = getKv<Record<string, string>>(db, KV_MOVES, {});
  for (const { from, to } of moves) {
    for (const [waiting, target] of Object.entries(pending)) if (target === from) pending[waiting] = to;
    pending[from] = to;
  }
  setKv(db, KV_MOVES, pending);
}

export function pendingSnapshotMoves(db: Db): SnapshotMove[] {
  const pending = getKv<Record<string, unknown>>(db, KV_MOVES, {});
  return Object.entries(pending).flatMap(([from, to]) => (typeof to === 'string' ? [{ from, to }] : []));
}

/** The files of these moves are where they belong now. */
export function settleSnapshotMoves(db: Db, from: readonly string[]): void {
  if (from.length === 0) return;
  const pending = getKv<Record<string, string>>(db, KV_MOVES, {});
  for (const id of from) delete pending[id];
  setKv(db, KV_MOVES, pending);
}

/** For each song id whose snapshot folder the sweep found without its song: since when (ms). */
export function snapshotsGoneSince(db: Db): Map<string, number> {
  const stored = getKv<Record<string, unknown>>(db, KV_GONE_SINCE, {});
  return new Map(Object.entries(stored).flatMap(([id, at]) => (typeof at === 'number' && Number.isFinite(at) ? [[id, at] as const] : [])));
}

export function setSnapshotsGoneSince(db: Db, since: ReadonlyMap<string, number>): void {
  setKv(db, KV_GONE_SINCE, Object.fromEntries(since));
}

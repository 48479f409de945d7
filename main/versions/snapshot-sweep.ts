/**
 * Snapshots follow their song (issue 28; STYLE.md: a copy of the user's data is removed only when its song is gone
 * for good, and after a grace period):
 *
 * - when two songs of one project were merged (`mergeProjectTwins` records the move in its transaction), the
 *   deleted song's snapshots move to the song kept, the same content once (`followSnapshotMerges`: after the pull
 *   that merged them, and at every sweep, in case the app stopped in between);
 * - the daily sweep (`sweepSnapshots`) first follows the merges, then notes when it first finds a snapshot folder
 *   whose song is not in the library (deleted for good: a hidden song, or one removed by sync, is still there), and
 *   removes that folder only `DELETED_SONG_SNAPSHOTS_KEPT_MS` (30 days) later, saying so in the log. A song back in
 *   the meantime (restored, pulled again) keeps its snapshots.
 */
import { DELETED_SONG_SNAPSHOTS_KEPT_MS } from '../../common/constants';
import type { Db } from '../../db/handle';
import { pendingSnapshotMoves, setSnapshotsGoneSince, settleSnapshotMoves, snapshotsGoneSince } from '../../db/repositories/snapshot-owners';
import { getSong } from '../../db/repositories/songs';
import { isSongId, moveSnapshots, removeSongSnapshots, snapshotSongIds } from './snapshots';

/** Moves the snapshots of merged songs to the songs kept; returns how many merges it settled. */
export async function followSnapshotMerges(db: Db, dataDir: string): Promise<number> {
  const moves = pendingSnapshotMoves(db).filter((move) => isSongId(move.from) && isSongId(move.to));
  const settled: string[] = [];
  for (const { from, to } of moves) {
    try {
      await moveSnapshots(dataDir, from, to);
      settled.push(from);
    } catch (error) {
      // Left waiting: the next pull or sweep tries again, and the sweep never removes a folder still waiting to move.
      console.error(`[library] the snapshots of ${from} could not move to ${to}:`, error instanceof Error ? error.message : error);
    }
  }
  settleSnapshotMoves(db, settled);
  return settled.length;
}

export interface SnapshotSweep {
  /** Merged songs whose snapshots moved to the song kept. */
  moved: number;
  /** Songs deleted for good whose snapshots are waiting out their 30 days. */
  waiting: number;
  /** Songs whose snapshots were removed now, and the bytes that freed. */
  removed: string[];
  removedBytes: number;
}

export async function sweepSnapshots(db: Db, dataDir: string, now: number = db.now()): Promise<SnapshotSweep> {
  const moved = await followSnapshotMerges(db, dataDir);
  const waitingToMove = new Set(pendingSnapshotMoves(db).map((move) => move.from));
  const before = snapshotsGoneSince(db);
  const since = new Map<string, number>();
  const removed: string[] = [];
  let removedBytes = 0;
  for (const songId of await snapshotSongIds(dataDir)) {
    if (getSong(db, songId) !== null || waitingToMove.has(songId)) continue;
    const goneAt = before.get(songId) ?? now;
    if (now - goneAt < DELETED_SONG_SNAPSHOTS_KEPT_MS) {
      since.set(songId, goneAt);
      continue;
    }
    removedBytes += await removeSongSnapshots(dataDir, songId);
    removed.push(songId);
  }
  // Only the folders still waiting are remembered: a song back, or a folder gone, is forgotten here.
  setSnapshotsGoneSince(db, since);
  if (removed.length > 0) {
    console.info(`[library] removed the snapshots of ${removed.length} song(s) deleted for good over 30 days ago (${Math.round(removedBytes / 1024 / 1024)} MB): ${removed.join(', ')}`);
  }
  return { moved, waiting: since.size, removed, removedBytes };
}

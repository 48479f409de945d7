/**
 * Which snapshots a budget removes (issue 28), one rule for both the preview the user confirms and the removal:
 *
 * 1. each song keeps at most `count` snapshots and `megabytes` of them, its oldest going first (but its newest one
 *    stays, however large);
 * 2. then the library keeps at most `totalMegabytes`, the oldest across every song going first (but the newest one
 *    of the library stays).
 *
 * Oldest by the save's time; equal times by path, so the preview and the removal agree.
 */
import type { SnapshotBudget, SnapshotThinning } from '../../common/projects/project-versions';
import type { StoredSnapshot } from './snapshots';

const MEGABYTE = 1024 * 1024;

export function planThinning(snapshots: readonly StoredSnapshot[], budget: SnapshotBudget): StoredSnapshot[] {
  const oldestFirst = [...snapshots].sort((a, b) => a.time - b.time || a.path.localeCompare(b.path));
  const remove = new Set<StoredSnapshot>();
  const bySong = new Map<string, StoredSnapshot[]>();
  for (const snapshot of oldestFirst) bySong.set(snapshot.songId, [...(bySong.get(snapshot.songId) ?? []), snapshot]);
  for (const songs of bySong.values()) {
    let bytes = sum(songs);
    let left = songs.length;
    for (const snapshot of songs) {
      if (left <= budget.count && (bytes <= budget.megabytes * MEGABYTE || left === 1)) break;
      remove.add(snapshot);
      bytes -= snapshot.sizeBytes;
      left -= 1;
    }
  }
  const kept = oldestFirst.filter((snapshot) => !remove.has(snapshot));
  let total = sum(kept);
  for (const [index, snapshot] of kept.entries()) {
    if (total <= budget.totalMegabytes * MEGABYTE || index === kept.length - 1) break;
    remove.add(snapshot);
    total -= snapshot.sizeBytes;
  }
  return oldestFirst.filter((snapshot) => remove.has(snapshot));
}

export function thinningSize(removed: readonly StoredSnapshot[]): SnapshotThinning {
  return { snapshots: removed.length, bytes: sum(removed) };
}

function sum(snapshots: readonly StoredSnapshot[]): number {
  return snapshots.reduce((total, snapshot) => total + snapshot.sizeBytes, 0);
}

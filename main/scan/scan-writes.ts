/**
 * What a scan writes, for both of its ways (`scan-job.ts`, and `first-scan.ts` while it walks): the songs, in commits
 * grouped by time and each told at once (`write-groups.ts`); into an empty library without the sort and full-text
 * indexes, built once after (`db/deferred-song-indexes.ts`); then the files index with the folder's scan time. Each
 * phase's time is noted for the job's summary.
 */
import type { WatchedDirectory } from '../../common/projects/library';
import { deferSongIndexes, restoreSongIndexes } from '../../db/deferred-song-indexes';
import { inTransaction, type Db } from '../../db/handle';
import { markScanned } from '../../db/repositories/directories';
import { removeIndexed, upsertIndexed } from '../../db/repositories/files-index';
import { applyScanPatches, type ScanPatch } from '../../db/repositories/scanned-songs';
import { insertSongs } from '../../db/repositories/song-writer';
import { newSongFor, type NewSongPlan, type ScanPlan } from './plan-scan';
import { WriteGroups, type TellClock } from './write-groups';

export type ScanWrite = { added: NewSongPlan } | { patch: ScanPatch };

/** Where phase one's time went, in milliseconds (bench:scan's phase table). */
export interface ScanPhases {
  /** The walk; in a first scan, its whole time, during which its parts were planned and written. */
  walk: number;
  /** Grouping and planning (in a first scan, done while the walk went on). */
  plan: number;
  /** The songs' commits (in a first scan, those left once the walk had ended). */
  writes: number;
  /** The sort and full-text indexes built after a first scan's songs (0 when they were kept up). */
  index: number;
  /** The files index and the folder's scan time. */
  files: number;
}

export function noPhases(): ScanPhases {
  return { walk: 0, plan: 0, writes: 0, index: 0, files: 0 };
}

export interface ScanWriteDeps {
  db: Db;
  /** Tells the pages what was committed, now. */
  tellChanges?: () => void;
  /** The write groups' clock (tests). Default: the real one. */
  clock?: TellClock;
}

/** The scan's song writes: `add` what is planned, `finish` to write what still waits. */
export function songWrites(deps: ScanWriteDeps, committed: (count: number) => void): WriteGroups<ScanWrite> {
  const { db } = deps;
  return new WriteGroups<ScanWrite>({
    transaction: (work) => inTransaction(db, work),
    write: (batch) => {
      const now = db.now();
      insertSongs(db, batch.flatMap((write) => ('added' in write ? [newSongFor(write.added, now)] : [])));
      applyScanPatches(db, batch.flatMap((write) => ('patch' in write ? [write.patch] : [])));
    },
    committed: (group) => {
      deps.tellChanges?.();
      committed(group.length);
    },
    ...(deps.clock ? { clock: deps.clock } : {}),
  });
}

/**
 * Runs `writing` with the songs' indexes deferred when it adds songs to an empty library, and builds them after,
 * whatever happened (a scan that fails is retried on a library with songs, which keeps its indexes).
 */
export async function withSongIndexes(db: Db, addsSongs: boolean, phases: ScanPhases, writing: () => Promise<void>): Promise<void> {
  const deferred = addsSongs && deferSongIndexes(db);
  try {
    await writing();
  } finally {
    const indexStart = performance.now();
    if (deferred) {
      restoreSongIndexes(db.sqlite);
      // A search typed while the songs were written found none of them (their full-text index was not there): every
      // song is told as changed, so each list on screen reads again, once.
      db.changes.touched('songs');
    }
    phases.index = performance.now() - indexStart;
  }
}

/** The scan index (what changed, what went), with the folder's scan time: the scan's last write. */
export function writeFilesIndex(db: Db, directory: WatchedDirectory, plan: Pick<ScanPlan, 'index' | 'removedFromIndex'>, phases: ScanPhases): void {
  const start = performance.now();
  inTransaction(db, () => {
    upsertIndexed(db, directory.id, plan.index);
    removeIndexed(db, plan.removedFromIndex);
    markScanned(db, directory.id);
  });
  phases.files = performance.now() - start;
}

export function roundedPhases(phases: ScanPhases): ScanPhases {
  const ms = (value: number) => Math.round(value);
  return { walk: ms(phases.walk), plan: ms(phases.plan), writes: ms(phases.writes), index: ms(phases.index), files: ms(phases.files) };
}

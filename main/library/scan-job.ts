/**
 * The `scan` job of one watched folder. Phase one, songs visible: walk (in a worker), group, plan, and write
 * in batches of 20 songs, each one transaction followed by a change event. Phase two is queued behind it: the
 * project and audio reads of what is new or changed.
 */
import path from 'node:path';
import { AppError } from '../../common/errors';
import type { WatchedDirectory } from '../../common/library';
import type { Song } from '../../common/song';
import { inTransaction, type Db } from '../../db/connection';
import { getDirectory, markScanned } from '../../db/repositories/directories';
import { indexOfDirectory, removeIndexed, upsertIndexed } from '../../db/repositories/files-index';
import { insertSongs, replaceSongs, songsOfDirectory } from '../../db/repositories/scanned-songs';
import { newId } from '../../db/ids';
import type { ChangeNotifier } from '../change-notifier';
import type { EventBus } from '../events';
import type { WorkerPool } from '../jobs/pool';
import { enqueue } from '../jobs/queue';
import type { JobContext } from '../jobs/runner';
import { contentHash } from './content-hash';
import { planScan, type ScanPlan } from './plan-scan';
import { groupIntoProjects } from './project-structure';
import { JOB_PRIORITY, READS_PER_JOB } from './job-priorities';

/** Spec section 9: the UI hears of a scan's progress at least every 20 updates. */
export const SONGS_PER_BATCH = 20;

export interface ScanPayload {
  directoryId: string;
}

export interface ScanSummary {
  directory: string;
  songs: number;
  added: number;
  updated: number;
  moved: number;
  missing: number;
  errors: { path: string; reason: string }[];
}

export interface ScanDeps {
  db: Db;
  pool: WorkerPool;
  events: EventBus;
  changes: ChangeNotifier;
  /** Called after reads were queued, so the runner picks them up. */
  wakeRunner: () => void;
}

export async function runScan(deps: ScanDeps, payload: ScanPayload, ctx: JobContext): Promise<ScanSummary> {
  const directory = getDirectory(deps.db, payload.directoryId);
  if (!directory) return emptySummary('(no longer watched)');
  const walk = await deps.pool.run({ kind: 'walk', root: directory.path }, ctx.signal);
  const rootError = walk.errors.find((error) => error.path === directory.path);
  // An unmounted drive reads as an empty folder: fail and retry later rather than call every song missing.
  if (rootError) throw new AppError('io_error', `${directory.path}: ${rootError.reason}`);
  ctx.progress(0.25);

  const groups = groupIntoProjects(walk.entries, directory.path);
  const plan = await planScan({
    groups,
    entries: walk.entries,
    index: indexOfDirectory(deps.db, directory.id),
    existing: songsOfDirectory(deps.db, directory.path),
    now: deps.db.now(),
    newId,
    hashOf: contentHash,
  });
  ctx.signal.throwIfAborted();
  writePlan(deps, directory, plan, (fraction) => ctx.progress(0.3 + 0.7 * fraction));
  queueReads(deps.db, plan);
  deps.wakeRunner();
  deps.changes.flush();

  if (plan.added.length > 0) {
    const count = plan.added.length;
    deps.events.emit('notify', {
      kind: 'info',
      title: 'Songshelf',
      body: `${count} new ${count === 1 ? 'song' : 'songs'} in ${path.basename(directory.path) || directory.path}`,
    });
  }
  return {
    directory: directory.path,
    songs: groups.length,
    added: plan.added.length,
    updated: plan.updated.length,
    moved: plan.moved.length,
    missing: plan.missing.length,
    errors: walk.errors,
  };
}

/** Songs in batches of 20, one transaction each; the scan index last, with the folder's scan time. */
function writePlan(deps: ScanDeps, directory: WatchedDirectory, plan: ScanPlan, progress: (fraction: number) => void): void {
  const { db } = deps;
  const writes: { song: Song; isNew: boolean }[] = [
    ...plan.added.map((song) => ({ song, isNew: true })),
    ...[...plan.updated, ...plan.moved, ...plan.missing].map((song) => ({ song, isNew: false })),
  ];
  for (let i = 0; i < writes.length; i += SONGS_PER_BATCH) {
    const batch = writes.slice(i, i + SONGS_PER_BATCH);
    inTransaction(db, () => {
      insertSongs(db, batch.filter((write) => write.isNew).map((write) => write.song));
      replaceSongs(db, batch.filter((write) => !write.isNew).map((write) => write.song));
    });
    deps.changes.changed('songs', 'sync_records');
    progress((i + batch.length) / writes.length);
  }
  inTransaction(db, () => {
    upsertIndexed(db, directory.id, plan.index);
    removeIndexed(db, plan.removedFromIndex);
    markScanned(db, directory.id);
  });
  deps.changes.changed('directories');
}

/** Phase two: the project and audio files to read, a few per job, behind every scan. */
function queueReads(db: Db, plan: ScanPlan): void {
  inTransaction(db, () => {
    for (let i = 0; i < plan.projectReads.length; i += READS_PER_JOB) {
      enqueue(db, { kind: 'parse-project', payload: { reads: plan.projectReads.slice(i, i + READS_PER_JOB) }, priority: JOB_PRIORITY.parseProject });
    }
    for (let i = 0; i < plan.audioReads.length; i += READS_PER_JOB) {
      enqueue(db, { kind: 'read-audio', payload: { reads: plan.audioReads.slice(i, i + READS_PER_JOB) }, priority: JOB_PRIORITY.readAudio });
    }
  });
}

function emptySummary(directory: string): ScanSummary {
  return { directory, songs: 0, added: 0, updated: 0, moved: 0, missing: 0, errors: [] };
}

/**
 * The `scan` job of one watched folder. Phase one, songs visible: walk (in a worker), group, plan, and write the songs
 * in commits grouped by time (`write-groups.ts`: the page is told of new songs at least every 20 songs or 100 ms, a
 * commit holding what a few tens of milliseconds write), each commit told at once. A folder's first scan writes while
 * it walks (`first-scan.ts`); into an empty library without the sort and full-text indexes, built after
 * (`scan-writes.ts`, `db/deferred-song-indexes.ts`). Phase two is queued behind it: the project and audio reads of
 * what is new or changed. The summary carries each phase's time (`phasesMs`), which bench:scan prints.
 *
 * The folder is held to the folder rule as it really is before it is walked (`realFolderRefusal`, as the file
 * channels hold it): one since swapped for a link to the home folder would otherwise give songs of the user's home
 * audio and call the folder's own songs missing. Refused, the scan fails as it does for an unplugged drive.
 */
import fs from 'node:fs';
import path from 'node:path';
import { AppError } from '../../common/errors';
import { folderNotReadable } from '../../common/messages';
import type { ScanPayload } from '../../common/bridge/job-payloads';
import type { WatchedDirectory } from '../../common/projects/library';
import { inTransaction, type Db } from '../../db/handle';
import { getDirectory } from '../../db/repositories/directories';
import { hasIndexedFiles, indexOfDirectory } from '../../db/repositories/files-index';
import { hasScannedSongs, scanStateOfDirectory } from '../../db/repositories/scanned-songs';
import { newId } from '../../db/ids';
import type { EventBus } from '../events';
import type { WorkerPool } from '../jobs/pool';
import { enqueueMany, livePayloads } from '../jobs/queue';
import type { JobContext } from '../jobs/runner';
import { contentHash } from '../analysis/content-hash';
import { folderPlaces, realFolderRefusal } from '../security/watchable-folder';
import { runFirstScan } from './first-scan';
import { planScan, type ScanPlan, type ReadRequest } from './plan-scan';
import { groupIntoProjects } from './project-structure';
import { noPhases, roundedPhases, songWrites, withSongIndexes, writeFilesIndex, type ScanPhases, type ScanWrite } from './scan-writes';
import type { TellClock } from './write-groups';

/** Reads per job: few enough for steady progress, enough to keep the job overhead small. */
const READS_PER_JOB = 20;

export interface ScanSummary {
  directory: string;
  songs: number;
  added: number;
  updated: number;
  moved: number;
  missing: number;
  errors: { path: string; reason: string }[];
  /** Where phase one's time went, in milliseconds (bench:scan's phase table). */
  phasesMs?: ScanPhases;
}

export interface ScanDeps {
  db: Db;
  pool: WorkerPool;
  events: EventBus;
  /** Called after reads were queued, so the runner picks them up. */
  wakeRunner: () => void;
  /** Queue the analysis of new and changed audio behind its reads. */
  analyseAudio: boolean;
  /** The app's data folder: with the home folder, where no watched folder may really be (`folderPlaces`). */
  dataDir: string;
  /** Tells the pages what was committed, now (the change notifier's flush). Default: they hear it at its own pace. */
  tellChanges?: () => void;
  /** The write groups' clock (tests). Default: the real one. */
  clock?: TellClock;
}

export async function runScan(deps: ScanDeps, payload: ScanPayload, ctx: JobContext): Promise<ScanSummary> {
  const directory = getDirectory(deps.db, payload.directoryId);
  if (!directory) return emptySummary('(no longer watched)');
  const scopes = payload.scopes ?? null;
  if (scopes !== null && scopes.length === 0) return emptySummary(directory.path);
  await refuseIfNotWatchable(directory.path, deps.dataDir);
  const first = scopes === null && !hasIndexedFiles(deps.db, directory.id) && !hasScannedSongs(deps.db, directory.path);
  const { plan, songs, errors, waiting, phases } = first ? { ...(await runFirstScan(deps, directory, ctx)), waiting: waitingReads(deps.db) } : await walkPlanAndWrite(deps, directory, scopes, ctx);
  queueReads(deps.db, plan, deps.analyseAudio, waiting);
  deps.wakeRunner();

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
    songs,
    added: plan.added.length,
    updated: plan.patched.length - plan.moved - plan.missing,
    moved: plan.moved,
    missing: plan.missing,
    errors,
    phasesMs: roundedPhases(phases),
  };
}

/**
 * Throws, before anything is walked or written, when the watched folder as it really resolves now is one the rule
 * refuses. As for an unreadable root: the job fails (and is retried with backoff, in case the link is undone) and
 * no song is touched. A folder that does not resolve (an unplugged drive) is left to the walk, which says so.
 */
async function refuseIfNotWatchable(folder: string, dataDir: string): Promise<void> {
  const real = await fs.promises.realpath(folder).catch(() => null);
  if (real === null) return;
  const reason = await realFolderRefusal(real, folderPlaces(dataDir));
  if (reason !== null) throw new AppError('forbidden', folderNotReadable(folder, reason));
}

/**
 * Walks the folder (in a worker) and plans the changes. Its own function so that the walk's entries, the
 * largest thing a scan holds, can be collected as soon as the plan exists.
 */
async function walkAndPlan(deps: ScanDeps, directory: WatchedDirectory, scopes: string[] | null, ctx: JobContext) {
  const walkStart = performance.now();
  const roots = scopes ?? [directory.path];
  const walking = (async () => {
    const walks = [];
    for (const root of roots) walks.push(await deps.pool.run({ kind: 'walk', root: existingFolder(root, directory.path) }, ctx.signal));
    return walks;
  })();
  // Awaited below; marked handled now, so that a read here that throws does not leave the walk's failure unheard.
  walking.catch(() => undefined);
  // What is known of the folder is read while the worker walks (this thread would only wait): the songs' state, the
  // reads waiting and the files index. The reads waiting are noted in the same moment as the songs' state (nothing
  // runs between two synchronous reads): a read that ends later has written its song after this state, and is noted
  // here as waiting, so it is not queued a second time. What changes before the plan is written is still safe: the
  // patches are applied to each song as it is then, never over a field the user edited (`applyScanPatches`).
  const waiting = waitingReads(deps.db);
  const existing = new Map(roots.flatMap((root) => [...scanStateOfDirectory(deps.db, root)]));
  const index = indexOfDirectory(deps.db, directory.id, scopes);
  const walks = await walking;
  const errors = walks.flatMap((walk) => walk.errors);
  const rootError = errors.find((error) => error.path === directory.path);
  // An unmounted drive reads as an empty folder: fail and retry later rather than call every song missing.
  if (rootError) throw new AppError('io_error', folderNotReadable(directory.path, rootError.reason));
  ctx.progress(0.25);
  const planStart = performance.now();
  const entries = walks.flatMap((walk) => walk.entries);
  const groups = groupIntoProjects(entries, directory.path);
  const plan = await planScan({ groups, entries, index, existing, newId, hashOf: contentHash });
  const phases: ScanPhases = { ...noPhases(), walk: planStart - walkStart, plan: performance.now() - planStart };
  return { plan, songs: groups.length, errors, waiting, phases };
}

/** A rescan (or a targeted one): the whole walk planned against what is known, then written. */
async function walkPlanAndWrite(deps: ScanDeps, directory: WatchedDirectory, scopes: string[] | null, ctx: JobContext) {
  const planned = await walkAndPlan(deps, directory, scopes, ctx);
  ctx.signal.throwIfAborted();
  await writePlan(deps, directory, planned.plan, planned.phases, (fraction) => ctx.progress(0.3 + 0.7 * fraction));
  return planned;
}

/** A scope deleted since the watcher saw it: scan the nearest folder that still exists. */
function existingFolder(folder: string, root: string): string {
  let current = folder;
  while (current !== root && !fs.existsSync(current)) current = path.dirname(current);
  return current;
}

/** The songs in commits grouped by time, each told at once; the scan index last, with the folder's scan time. */
async function writePlan(deps: ScanDeps, directory: WatchedDirectory, plan: ScanPlan, phases: ScanPhases, progress: (fraction: number) => void): Promise<void> {
  const writes: ScanWrite[] = [...plan.added.map((added) => ({ added })), ...plan.patched.map((patch) => ({ patch }))];
  const writesStart = performance.now();
  await withSongIndexes(deps.db, plan.added.length > 0, phases, async () => {
    let written = 0;
    const groups = songWrites(deps, (count) => {
      written += count;
      progress(written / writes.length);
    });
    groups.add(writes);
    await groups.finish();
    phases.writes = performance.now() - writesStart;
  });
  writeFilesIndex(deps.db, directory, plan, phases);
}

/**
 * Phase two: the project and audio files to read, a few per job, behind every scan. A read an earlier scan queued
 * that has not run yet is not queued again: a first scan of 20,000 bounces outlasts the 5-minute rescan, which
 * would otherwise queue every waiting read a second time.
 */
function queueReads(db: Db, plan: ScanPlan, analyseAudio: boolean, waiting: WaitingReads): void {
  const queued: Parameters<typeof enqueueMany>[1] = [];
  const projectReads = notWaiting(waiting, 'parse-project', plan.projectReads);
  for (let i = 0; i < projectReads.length; i += READS_PER_JOB) {
    queued.push({ kind: 'parse-project', payload: { reads: projectReads.slice(i, i + READS_PER_JOB) } });
  }
  const audioReads = notWaiting(waiting, 'read-audio', plan.audioReads);
  for (let i = 0; i < audioReads.length; i += READS_PER_JOB) {
    queued.push({ kind: 'read-audio', payload: { reads: audioReads.slice(i, i + READS_PER_JOB) } });
  }
  // An audio read still waiting was queued with its analysis by the same scan: that analysis is waiting too, or has
  // run already (a cached one ends before the read does), and is not queued again.
  const analyses = analyseAudio ? notWaiting(waiting, 'analyse-audio', notWaiting(waiting, 'read-audio', plan.audioReads)) : [];
  for (let i = 0; i < analyses.length; i += READS_PER_JOB) {
    queued.push({ kind: 'analyse-audio', payload: { reads: analyses.slice(i, i + READS_PER_JOB) } });
  }
  inTransaction(db, () => enqueueMany(db, queued));
}

type ReadKind = 'parse-project' | 'read-audio' | 'analyse-audio';
type WaitingReads = Record<ReadKind, ReadonlySet<string>>;

/** The reads a queued or running job of each kind holds. */
function waitingReads(db: Db): WaitingReads {
  const of = (kind: ReadKind) => new Set(livePayloads(db, kind).flatMap((payload) => payload.reads.map(readKey)));
  return { 'parse-project': of('parse-project'), 'read-audio': of('read-audio'), 'analyse-audio': of('analyse-audio') };
}

/** `reads` less those a job of `kind` held when the plan was made. */
function notWaiting<T extends ReadRequest>(waiting: WaitingReads, kind: ReadKind, reads: T[]): T[] {
  const held = waiting[kind];
  return held.size === 0 ? reads : reads.filter((read) => !held.has(readKey(read)));
}

function readKey(read: { songId: string; path: string }): string {
  return `${read.songId}\n${read.path}`;
}

function emptySummary(directory: string): ScanSummary {
  return { directory, songs: 0, added: 0, updated: 0, moved: 0, missing: 0, errors: [] };
}

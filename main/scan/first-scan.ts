/**
 * The first scan of a folder (no song of it yet, nothing of it indexed), with its writes overlapping its walk (issue
 * 45): the walk hands over its entries in parts, each a set of subtrees that group into songs on their own
 * (`workers/scan/walk.ts`), and each part is grouped, planned and its songs handed to the write groups while the
 * worker walks on. With nothing known of the folder, a part's plan is the plan of the whole restricted to it: no song
 * can have moved or gone missing, and every file is new to the index.
 *
 * A root that cannot be read gives no part: the scan fails before anything is written, as a rescan does. A crash
 * half-way leaves the songs committed so far; the job runs again, finds them and takes the ordinary way
 * (`scan-job.ts`), which claims them by their project paths.
 */
import { AppError } from '../../common/errors';
import { folderNotReadable } from '../../common/messages';
import type { WalkEntry, WalkError } from '../../common/bridge/worker-tasks';
import type { WatchedDirectory } from '../../common/projects/library';
import { newId } from '../../db/ids';
import type { WorkerPool } from '../jobs/pool';
import type { JobContext } from '../jobs/runner';
import { contentHash } from '../analysis/content-hash';
import { planScan, type ScanPlan } from './plan-scan';
import { groupIntoProjects } from './project-structure';
import { noPhases, songWrites, withSongIndexes, writeFilesIndex, type ScanPhases, type ScanWriteDeps } from './scan-writes';

export interface FirstScanDeps extends ScanWriteDeps {
  pool: WorkerPool;
}

export interface FirstScan {
  plan: ScanPlan;
  songs: number;
  errors: WalkError[];
  phases: ScanPhases;
}

export async function runFirstScan(deps: FirstScanDeps, directory: WatchedDirectory, ctx: Pick<JobContext, 'signal' | 'progress'>): Promise<FirstScan> {
  const { db } = deps;
  const phases = noPhases();
  const plan: ScanPlan = { added: [], patched: [], moved: 0, missing: 0, projectReads: [], audioReads: [], index: [], removedFromIndex: [] };
  let songs = 0;
  let errors: WalkError[] = [];
  const writes = songWrites(deps, () => undefined);
  // Parts are planned one after another, in the order the walk gave them.
  let planned = Promise.resolve();
  const planPart = (entries: WalkEntry[]) => {
    planned = planned.then(async () => {
      const start = performance.now();
      const groups = groupIntoProjects(entries, directory.path);
      const part = await planScan({ groups, entries, index: new Map(), existing: new Map(), newId, hashOf: contentHash });
      songs += groups.length;
      appendAll(plan.added, part.added);
      appendAll(plan.projectReads, part.projectReads);
      appendAll(plan.audioReads, part.audioReads);
      appendAll(plan.index, part.index);
      phases.plan += performance.now() - start;
      writes.add(part.added.map((added) => ({ added })));
    });
  };

  await withSongIndexes(db, true, phases, async () => {
    const walkStart = performance.now();
    try {
      const walk = await deps.pool.walkInParts(directory.path, planPart, ctx.signal);
      errors = walk.errors;
      const rootError = errors.find((error) => error.path === directory.path);
      // An unmounted drive reads as an empty folder: fail and retry later (nothing was handed over, nothing written).
      if (rootError) throw new AppError('io_error', folderNotReadable(directory.path, rootError.reason));
      planPart(walk.entries);
      await planned;
    } catch (error) {
      // Stopped half-way: what was planned is committed (and told) before the scan fails, none of it after.
      await planned.catch(() => undefined);
      await writes.finish().catch(() => undefined);
      throw error;
    }
    phases.walk = performance.now() - walkStart;
    ctx.progress(0.5);
    const writesStart = performance.now();
    await writes.finish();
    phases.writes = performance.now() - writesStart;
  });
  ctx.signal.throwIfAborted();
  writeFilesIndex(db, directory, plan, phases);
  return { plan, songs, errors, phases };
}

/**
 * One by one: a part is as large as the project folder it holds (125,000 takes beside one session), past the
 * arguments a spread into push() may pass.
 */
function appendAll<T>(target: T[], items: readonly T[]): void {
  for (const item of items) target.push(item);
}

/**
 * The CPU pool: worker threads (piscina, `defaultWorkerThreads`) that run the tasks of `workers/`. Walking a
 * tree and reading project files never blocks the core's thread, where the database and the bridge live.
 *
 * Every task has a time limit from the size of its input (`workerTimeLimitMs`), counted from when it gets a
 * thread: a reader that never returns is stopped by ending its thread, which frees its lane. A compression is
 * stopped by its worker instead (ending the thread would leave ffmpeg running), told through a port.
 */
import fs from 'node:fs/promises';
import { MessageChannel } from 'node:worker_threads';
import os from 'node:os';
import { Piscina } from 'piscina';
import { AppError, assertNever } from '../../common/errors';
import { MESSAGES, compressionTookTooLong, readTookTooLong, walkTookTooLong, workerStartTookTooLong } from '../../common/messages';
import { FFMPEG_KILL_GRACE_MS, WORKER_TIME_LIMITS, workerTimeLimitMs, type WalkEntry, type WalkResult, type WorkerResults, type WorkerTask, type WorkerTimeLimits } from '../../common/bridge/worker-tasks';
import { Lanes } from './lanes';

/**
 * The worker entry's file name beside each bundle (scripts/build-node.mjs): CommonJS, so piscina's `require()`
 * never loads an ES module (see the build script for the crash that avoids).
 */
export const WORKER_BUNDLE = 'worker.cjs';

/** A worker that has not loaded in this long is broken; closing does not wait for it any longer. */
const LOAD_WAIT_MS = 10_000;

/** A compression told to stop has this long to stop ffmpeg and answer before its thread is ended. */
const STOP_WAIT_MS = FFMPEG_KILL_GRACE_MS + 3_000;

export interface WorkerPool {
  run<T extends WorkerTask>(task: T, signal?: AbortSignal): Promise<WorkerResults[T['kind']]>;
  /**
   * A walk whose entries are handed to `onPart` in parts as it goes, each a set of subtrees that group into songs on
   * their own (`workers/scan/walk.ts`); the rest, with the errors, in the result. Resolves after the last part.
   */
  walkInParts(root: string, onPart: (entries: WalkEntry[]) => void, signal?: AbortSignal): Promise<WalkResult>;
  destroy(): Promise<void>;
}

export interface WorkerPoolOptions {
  /** The bundled worker entry (`dist/node/worker.cjs`, `dist/electron/worker.cjs`). */
  workerFile: string;
  /** Default: `defaultWorkerThreads()`. */
  threads?: number;
  /** Default: `WORKER_TIME_LIMITS` (common/bridge/worker-tasks.ts). */
  timeLimits?: Partial<WorkerTimeLimits>;
}

/** The pool's threads unless told otherwise: cores - 1 (one core left for the core's own thread), at least 1. */
export function defaultWorkerThreads(cores = os.availableParallelism()): number {
  return Math.max(1, cores - 1);
}

export function createWorkerPool(options: WorkerPoolOptions): WorkerPool {
  const threads = options.threads ?? defaultWorkerThreads();
  const limits: WorkerTimeLimits = { ...WORKER_TIME_LIMITS, ...options.timeLimits };
  const piscina = new Piscina({
    filename: options.workerFile,
    minThreads: 1,
    maxThreads: threads,
    idleTimeout: 30_000,
    // Readers stream their files, so a worker's memory stays flat through thousands of sets with a young generation
    // of 32 MB (8 MB cost a fifth of a Live set's read in collections, measured in bench:scan --mixed), and the
    // old-generation ceiling makes a pathological file fail its job rather than swell the app.
    resourceLimits: { maxYoungGenerationSizeMb: 32, maxOldGenerationSizeMb: 256 },
  });
  const lanes = new Lanes(threads);
  /** Each running task's own stop, and when it has settled: closing the pool stops them all and waits. */
  const live = new Map<AbortController, Promise<void>>();
  // The first worker has loaded its entry once it answers; a pool is never ended before that, because ending a
  // thread in the middle of loading a module is where V8 has aborted the whole process.
  const loaded = lanes
    .run(() => piscina.run({ kind: 'ping' } satisfies WorkerTask))
    .then(
      () => undefined,
      () => undefined,
    );

  const run = <T extends WorkerTask>(task: T, signal?: AbortSignal, onPart?: (entries: WalkEntry[]) => void): Promise<WorkerResults[T['kind']]> => {
    const cancel = new AbortController();
    const running = runLimited(piscina, lanes, task, limits, firstOf(cancel.signal, signal), onPart);
    live.set(
      cancel,
      running.then(
        () => void live.delete(cancel),
        () => void live.delete(cancel),
      ),
    );
    return running;
  };

  return {
    run: (task, signal) => run(task, signal),
    walkInParts: (root, onPart, signal) => run({ kind: 'walk', root }, signal, onPart),
    destroy: async () => {
      await Promise.race([loaded, new Promise((resolve) => setTimeout(resolve, LOAD_WAIT_MS).unref())]);
      // Running compressions stop their ffmpeg before the threads end; other tasks end with their threads.
      const running = [...live];
      for (const [cancel] of running) cancel.abort(new AppError('internal', MESSAGES.workerPoolClosed));
      await Promise.all(running.map(([, settled]) => settled));
      await piscina.destroy();
    },
  };
}

/** Runs a task in a lane until it answers, `cancelled` fires or its time limit passes; a read past its limit answers why. */
async function runLimited<T extends WorkerTask>(
  piscina: Piscina,
  lanes: Lanes,
  task: T,
  limits: WorkerTimeLimits,
  cancelled: Linked,
  onPart?: (entries: WalkEntry[]) => void,
): Promise<WorkerResults[T['kind']]> {
  try {
    const limitMs = workerTimeLimitMs(task, await inputBytes(task), limits);
    return await lanes.run(async () => {
      const deadline = new AbortController();
      const timer = setTimeout(() => deadline.abort(new AppError('internal', MESSAGES.timeLimitPassed)), limitMs);
      const stop = firstOf(cancelled.signal, deadline.signal);
      try {
        if (task.kind === 'compress-audio' || task.kind === 'analyse-audio') return (await runStoppable(piscina, task, stop.signal)) as WorkerResults[T['kind']];
        if (task.kind === 'walk' && onPart) return (await runWalkInParts(piscina, task, onPart, stop.signal)) as WorkerResults[T['kind']];
        return (await piscina.run(task, { signal: stop.signal })) as WorkerResults[T['kind']];
      } catch (error) {
        if (deadline.signal.aborted && !cancelled.signal.aborted) return pastTimeLimit(task, limitMs);
        throw error;
      } finally {
        clearTimeout(timer);
        stop.dispose();
      }
    }, cancelled.signal, task.kind === 'analyse-audio' ? 'background' : 'foreground');
  } finally {
    cancelled.dispose();
  }
}

interface Linked {
  signal: AbortSignal;
  /** Unhooks it from its sources, which may live far longer (a job's, the pool's). */
  dispose(): void;
}

/** A signal that aborts with the first of `sources` to abort. */
function firstOf(...sources: (AbortSignal | undefined)[]): Linked {
  const controller = new AbortController();
  const signals = sources.filter((source): source is AbortSignal => source !== undefined);
  const onAbort = (event: Event) => controller.abort((event.target as AbortSignal).reason);
  for (const source of signals) {
    if (source.aborted) controller.abort(source.reason);
    else source.addEventListener('abort', onAbort, { once: true });
  }
  return { signal: controller.signal, dispose: () => signals.forEach((source) => source.removeEventListener('abort', onAbort)) };
}

/**
 * Runs a compression whose worker stops ffmpeg itself when told through a port; its thread is ended only if it
 * has not answered `STOP_WAIT_MS` later. Once stopped, the caller hears the stop, whatever the worker answered.
 */
async function runStoppable(piscina: Piscina, task: Extract<WorkerTask, { kind: 'compress-audio' | 'analyse-audio' }>, stop: AbortSignal): Promise<unknown> {
  const { port1, port2 } = new MessageChannel();
  const endThread = new AbortController();
  let endTimer: NodeJS.Timeout | undefined;
  const onStop = () => {
    port1.postMessage('stop');
    endTimer = setTimeout(() => endThread.abort(stop.reason), STOP_WAIT_MS);
  };
  stop.addEventListener('abort', onStop, { once: true });
  try {
    const answer: unknown = await piscina.run({ ...task, cancel: port2 }, { transferList: [port2], signal: endThread.signal });
    stop.throwIfAborted();
    return answer;
  } finally {
    stop.removeEventListener('abort', onStop);
    clearTimeout(endTimer);
    port1.close();
  }
}

/**
 * Runs a walk that posts its parts on a port of its own, then `null` once they are all posted: the task's answer comes
 * on piscina's port, which may come first, so the walk ends when both have.
 */
async function runWalkInParts(piscina: Piscina, task: Extract<WorkerTask, { kind: 'walk' }>, onPart: (entries: WalkEntry[]) => void, signal: AbortSignal): Promise<WalkResult> {
  const { port1, port2 } = new MessageChannel();
  let failure: { error: unknown } | null = null;
  const allParts = new Promise<void>((resolve) => {
    port1.on('message', (entries: WalkEntry[] | null) => {
      if (entries === null) return resolve();
      try {
        onPart(entries);
      } catch (error) {
        failure ??= { error };
      }
    });
  });
  try {
    const result = (await piscina.run({ ...task, parts: port2 }, { transferList: [port2], signal })) as WalkResult;
    await allParts;
    if (failure) throw (failure as { error: unknown }).error;
    return result;
  } finally {
    port1.close();
  }
}

/** The size of the file a task reads; 0 for a walk, or a file that cannot be looked at (its reader will say why). */
async function inputBytes(task: WorkerTask): Promise<number> {
  const file = task.kind === 'read-project' || task.kind === 'read-audio' || task.kind === 'analyse-audio' ? task.path : task.kind === 'compress-audio' ? task.input : null;
  if (file === null) return 0;
  return fs.stat(file).then(
    (stats) => stats.size,
    () => 0,
  );
}

/** A read past its limit is a file that cannot be read (the scan goes on); any other task fails with the reason. */
function pastTimeLimit<T extends WorkerTask>(task: T, limitMs: number): WorkerResults[T['kind']] {
  const limit = `${Number((limitMs / 1000).toFixed(1))} s`;
  switch (task.kind) {
    case 'read-project':
    case 'read-audio':
    case 'analyse-audio':
      return { ok: false, reason: readTookTooLong(limit) } as WorkerResults[T['kind']];
    case 'walk':
      throw new AppError('io_error', walkTookTooLong(task.root, limit));
    case 'compress-audio':
      throw new AppError('compression_failed', compressionTookTooLong(task.input, limit));
    case 'ping':
      throw new AppError('internal', workerStartTookTooLong(limit));
    case 'write-demo':
    case 'find-plugins':
      throw new AppError('io_error', MESSAGES.timeLimitPassed);
    default:
      return assertNever(task);
  }
}

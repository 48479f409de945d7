/**
 * The CPU pool: worker threads (piscina, cores - 1, at least 1) that run the tasks of `workers/`. Walking a
 * tree and reading project files never blocks the core's thread, where the database and the bridge live.
 */
import os from 'node:os';
import { Piscina } from 'piscina';
import type { WorkerResults, WorkerTask } from '../../common/worker-tasks';

/**
 * The worker entry's file name beside each bundle (scripts/build-node.mjs): CommonJS, so piscina's `require()`
 * never loads an ES module (see the build script for the crash that avoids).
 */
export const WORKER_BUNDLE = 'worker.cjs';

/** A worker that has not loaded in this long is broken; closing does not wait for it any longer. */
const LOAD_WAIT_MS = 10_000;

export interface WorkerPool {
  run<T extends WorkerTask>(task: T, signal?: AbortSignal): Promise<WorkerResults[T['kind']]>;
  destroy(): Promise<void>;
}

export interface WorkerPoolOptions {
  /** The bundled worker entry (`dist/node/worker.cjs`, `dist/electron/worker.cjs`). */
  workerFile: string;
  /** Default: cores - 1, at least 1. */
  threads?: number;
}

export function createWorkerPool(options: WorkerPoolOptions): WorkerPool {
  const threads = options.threads ?? Math.max(1, os.availableParallelism() - 1);
  const piscina = new Piscina({
    filename: options.workerFile,
    minThreads: 1,
    maxThreads: threads,
    idleTimeout: 30_000,
    // Readers stream their files: a small young generation keeps a worker's memory flat through thousands of
    // sets, and the old-generation ceiling makes a pathological file fail its job rather than swell the app.
    resourceLimits: { maxYoungGenerationSizeMb: 8, maxOldGenerationSizeMb: 256 },
  });
  // The first worker has loaded its entry once it answers; a pool is never ended before that, because ending a
  // thread in the middle of loading a module is where V8 has aborted the whole process.
  const loaded = piscina.run({ kind: 'ping' } satisfies WorkerTask).then(
    () => undefined,
    () => undefined,
  );
  return {
    run: (task, signal) => piscina.run(task, signal ? { signal } : {}),
    destroy: async () => {
      await Promise.race([loaded, new Promise((resolve) => setTimeout(resolve, LOAD_WAIT_MS).unref())]);
      await piscina.destroy();
    },
  };
}

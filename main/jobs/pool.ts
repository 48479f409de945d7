/**
 * The CPU pool: worker threads (piscina, cores - 1, at least 1) that run the tasks of `workers/`. Walking a
 * tree and reading project files never blocks the core's thread, where the database and the bridge live.
 */
import os from 'node:os';
import { Piscina } from 'piscina';
import type { WorkerResults, WorkerTask } from '../../common/worker-tasks';

export interface WorkerPool {
  run<T extends WorkerTask>(task: T, signal?: AbortSignal): Promise<WorkerResults[T['kind']]>;
  destroy(): Promise<void>;
}

export interface WorkerPoolOptions {
  /** The bundled worker entry (`dist/node/worker.mjs`, or `worker.cjs` under Electron). */
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
  return {
    run: (task, signal) => piscina.run(task, signal ? { signal } : {}),
    destroy: () => piscina.destroy(),
  };
}

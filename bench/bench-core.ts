/**
 * The real core as the benchmarks run it: a fresh data folder, the bundled worker beside the bench bundle
 * (`dist/bench/` next to `dist/node/`), no timers. `close()` also removes the data folder.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CloudStatus } from '../common/bridge/ipc';
import { createCore, WORKER_BUNDLE, type Core } from '../main/core';
import { appRootFrom } from '../main/paths';

export function createBenchCore(options: { watch: boolean; cloud?: () => CloudStatus; analyseAudio?: boolean }): Core {
  const bundleDir = path.dirname(fileURLToPath(import.meta.url));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'songshelf-bench-data-'));
  const core = createCore({
    dataDir,
    migrationsFolder: path.join(appRootFrom(bundleDir), 'migrations'),
    workerFile: path.join(bundleDir, '..', 'node', WORKER_BUNDLE),
    platform: { openExternal: async () => undefined, showItemInFolder: async () => undefined, openPath: async () => undefined },
    library: { watch: options.watch, periodicRescan: false, analyseAudio: options.analyseAudio ?? false },
    // bench:sync hands both devices a session signed in beside the app (`sync:session`).
    driverChannels: true,
    ...(options.cloud ? { cloud: options.cloud, sync: { schedule: { timers: false } } } : {}),
  });
  return {
    ...core,
    close: async () => {
      await core.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

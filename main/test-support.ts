/**
 * For tests: a real core on a temp data folder, with the real worker pool (its bundle is built by vitest's
 * global setup) and a platform that records the links and paths it was asked to open or show.
 */
import path from 'node:path';
import { insertDirectory } from '../db/repositories/directories';
import { MIGRATIONS_FOLDER, tempDir } from '../db/test-support';
import { createCore, WORKER_BUNDLE, type Core, type CoreOptions } from './core';

export const TEST_WORKER_FILE = path.resolve(import.meta.dirname, '..', 'dist', 'test', WORKER_BUNDLE);

export interface TestCore extends Core {
  openedLinks: string[];
  shownItems: string[];
  openedPaths: string[];
}

export function createTestCore(dataDir = tempDir(), options: Partial<CoreOptions> = {}): TestCore {
  const openedLinks: string[] = [];
  const shownItems: string[] = [];
  const openedPaths: string[] = [];
  const core = createCore({
    dataDir,
    migrationsFolder: MIGRATIONS_FOLDER,
    workerFile: TEST_WORKER_FILE,
    workerThreads: 1,
    library: { watch: false, periodicRescan: false, minScanGapMs: 0 },
    driverChannels: true,
    // Not this computer's own plug-ins: a test that needs some gives its folders.
    plugins: { folders: [] },
    ...options,
    platform: {
      openExternal: async (url) => {
        openedLinks.push(url);
      },
      showItemInFolder: async (target) => {
        shownItems.push(target);
      },
      openPath: async (target) => {
        openedPaths.push(target);
      },
      // A shell's folder dialog, where a test gives one (Electron's, with its modules replaced).
      ...(options.platform?.chooseFolders ? { chooseFolders: options.platform.chooseFolders } : {}),
    },
  });
  return { ...core, openedLinks, shownItems, openedPaths };
}

/** Dispatches a channel on a test core and returns its data; a refusal throws with its code and message. */
export async function call<T>(core: Core, channel: string, input?: unknown): Promise<T> {
  const result = await core.router.dispatch(channel, input);
  if (!result.ok) throw new Error(`${channel}: ${result.error.code} ${result.error.message}`);
  return result.data as T;
}

/**
 * A folder the file channels, the player and the uploader trust: a watched folder as `watchDirectory` records it (a
 * `directories` row), without the view, the settings entry and the scan that also come with it. For tests of those
 * channels, where a scan of the folder would add songs of its own.
 */
export function trustFolder(core: Core, folder: string): void {
  insertDirectory(core.db, folder, null);
}

/** For tests: a real core on a temp data folder, with a platform that records the links it was asked to open. */
import { MIGRATIONS_FOLDER, tempDir } from '../db/test-support';
import { createCore, type Core } from './core';

export interface TestCore extends Core {
  openedLinks: string[];
}

export function createTestCore(dataDir = tempDir()): TestCore {
  const openedLinks: string[] = [];
  const core = createCore({
    dataDir,
    migrationsFolder: MIGRATIONS_FOLDER,
    platform: {
      openExternal: async (url) => {
        openedLinks.push(url);
      },
    },
  });
  return { ...core, openedLinks };
}

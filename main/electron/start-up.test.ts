// The desktop start's failures reach the person: a dialog with the reason, then quit (Electron's modules replaced,
// testing/fake-electron.ts).
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import * as electronModule from 'electron';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DATABASE_FILE_NAME } from '../../db/connection';
import { openTestDatabase, tempDir } from '../../db/test-support';
import { createTestCore } from '../test-support';
import { START_FAILED_TITLE, startOrExplain } from './start-up';
import type { FakeElectron } from './testing/fake-electron';

vi.mock('electron', async () => (await import('./testing/fake-electron')).fakeElectron());

const electron = electronModule as unknown as FakeElectron;
beforeEach(() => {
  electron.dialog.errors = [];
  electron.app.quitCalls = 0;
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('the desktop start', () => {
  it('shows a library from a newer version as a dialog that says so, then quits', async () => {
    const dataDir = tempDir();
    openTestDatabase(undefined, dataDir).close();
    const raw = new BetterSqlite3(path.join(dataDir, DATABASE_FILE_NAME));
    raw.prepare(`INSERT INTO __drizzle_migrations (hash, created_at) VALUES ('from-the-future', ?)`).run(Date.now() + 10 ** 9);
    raw.close();

    await startOrExplain(async () => {
      createTestCore(dataDir);
    });
    expect(electron.dialog.errors).toHaveLength(1);
    expect(electron.dialog.errors[0]!.title).toBe(START_FAILED_TITLE);
    expect(electron.dialog.errors[0]!.content).toMatch(/newer version of Songshelf/);
    expect(electron.app.quitCalls).toBe(1);
  });

  it('shows any other failure with its text and where to report it', async () => {
    await startOrExplain(() => Promise.reject(new Error('the cloud would not start')));
    expect(electron.dialog.errors[0]!.content).toMatch(/^the cloud would not start\n\nPlease report this/);
    expect(electron.app.quitCalls).toBe(1);
  });

  it('says nothing and stays when the start succeeds', async () => {
    await startOrExplain(async () => undefined);
    expect(electron.dialog.errors).toEqual([]);
    expect(electron.app.quitCalls).toBe(0);
  });
});

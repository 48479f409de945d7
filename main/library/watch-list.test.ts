// The desktop reads its watch list again every 5 minutes (spec section 9): folders the settings gained from the cloud
// are watched and scanned, a watched folder removed behind the app's back is told once and watched again when it is
// back, and a folder another process took off the list is no longer watched. The core's intervals are fake and moved
// by the test, so "not yet" is said at 4:59.999 with no read begun, and each read's outcome is awaited, not slept on.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WATCH_LIST_REFRESH_DESKTOP_MS } from '../../common/constants';
import type { AppNotification, FileDetected, WatchedDirectory } from '../../common/projects/library';
import { accessToken, useProxiedCloud } from '../../cloud/local/test-support';
import { getSongs } from '../../db/repositories/songs';
import { tempDir } from '../../db/test-support';
import { writeWav } from '../../workers/synthetic/wav';
import { call, createTestCore, type TestCore } from '../test-support';
import { removeWatchedFolder } from './watched-folders';

const env = useProxiedCloud();
let core: TestCore | null = null;

afterEach(async () => {
  vi.useRealTimers();
  await core?.close();
  core = null;
  await env.pro.supabase.from('user_settings').delete().eq('id', env.pro.userId);
});

/** A started core whose intervals the test moves; `watch` turns live watching on. */
async function startedCore(options: { watch?: boolean; cloud?: boolean } = {}): Promise<TestCore> {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  core = createTestCore(tempDir(), {
    library: { watch: options.watch ?? false, periodicRescan: false, minScanGapMs: 0, watchDebounceMs: 50 },
    ...(options.cloud
      ? {
          cloud: () => ({ endpoint: { url: env.proxy.url, anonKey: env.cloud.anonKey, local: true }, starting: false }),
          sync: { requestTimeoutMs: 3000, schedule: { timers: false } },
        }
      : {}),
  });
  await core.start();
  return core;
}

/** A project folder with one bounce per name. */
function projectFolder(root: string, names: string[]): string {
  fs.mkdirSync(root, { recursive: true });
  for (const name of names) writeWav(path.join(root, `${name}.wav`), 0.1);
  return root;
}

const watched = (target: TestCore) => call<WatchedDirectory[]>(target, 'getWatchedDirectories');
const names = (target: TestCore) => getSongs(target.db).map((song) => song.name).sort();

describe('the desktop’s watch list, read again every 5 minutes', () => {
  it('watches and scans the folders the settings gained from the cloud that are folders here; another computer’s path waits', async () => {
    const target = await startedCore({ cloud: true });
    const folder = projectFolder(path.join(tempDir('songshelf-pulled-'), 'Projects'), ['Night Drive']);
    await call(target, 'sync:session', { session: { userId: env.pro.userId, accessToken: await accessToken(env.pro.supabase) } });
    // Another computer added the folder (a shared drive: the same path here) and one of its own.
    const elsewhere = '/Users/someone-else/Music/Projects';
    await env.pro.supabase.from('user_settings').upsert({ id: env.pro.userId, project_directories: [elsewhere, folder], changed_at: Date.now(), origin: 'another-device' }, { onConflict: 'id' });
    await call(target, 'sync:run');
    expect(await call(target, 'db:get-user-settings')).toMatchObject({ projectDirectories: [elsewhere, folder] });
    expect(await watched(target)).toEqual([]);

    await vi.advanceTimersByTimeAsync(WATCH_LIST_REFRESH_DESKTOP_MS - 1);
    expect(target.library.lastWatchListRead()).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(await target.library.lastWatchListRead()).toEqual({ added: [folder], dropped: [], missing: [], rewatched: [] });
    expect((await watched(target)).map((directory) => directory.path)).toEqual([folder]);
    await target.runner.whenIdle();
    expect(names(target)).toEqual(['Night Drive']);
    // The settings keep the other computer's folder; nothing new is watched at the next read.
    expect(await call(target, 'db:get-user-settings')).toMatchObject({ projectDirectories: [elsewhere, folder] });
    await vi.advanceTimersByTimeAsync(WATCH_LIST_REFRESH_DESKTOP_MS);
    expect(await target.library.lastWatchListRead()).toEqual({ added: [], dropped: [], missing: [], rewatched: [] });
  });

  it('a watched folder removed behind the app’s back is told once; back, it is watched live and scanned again', async () => {
    const target = await startedCore({ watch: true });
    const notices: AppNotification[] = [];
    target.events.on('notify', (notice) => notices.push(notice));
    const folder = projectFolder(path.join(tempDir('songshelf-removed-'), 'Projects'), ['First']);
    await target.library.watchDirectory(folder);
    await target.runner.whenIdle();
    expect(names(target)).toEqual(['First']);

    fs.rmSync(folder, { recursive: true });
    await vi.advanceTimersByTimeAsync(WATCH_LIST_REFRESH_DESKTOP_MS);
    expect(await target.library.lastWatchListRead()).toEqual({ added: [], dropped: [], missing: [folder], rewatched: [] });
    await vi.advanceTimersByTimeAsync(WATCH_LIST_REFRESH_DESKTOP_MS);
    expect(await target.library.lastWatchListRead()).toEqual({ added: [], dropped: [], missing: [], rewatched: [] });
    expect(notices.filter((notice) => notice.title === 'A watched folder is missing')).toEqual([
      expect.objectContaining({ kind: 'error', body: expect.stringContaining(`${folder} is not there. Its songs stay as they are`) }),
    ]);
    expect((await watched(target)).map((directory) => directory.path)).toEqual([folder]);

    projectFolder(folder, ['First', 'Second']);
    await vi.advanceTimersByTimeAsync(WATCH_LIST_REFRESH_DESKTOP_MS);
    expect(await target.library.lastWatchListRead()).toEqual({ added: [], dropped: [], missing: [], rewatched: [folder] });
    await target.runner.whenIdle();
    expect(names(target)).toEqual(['First', 'Second']);
    // Watched live again: a bounce saved now is seen (the old watch died with the folder it watched).
    const detected = new Promise<FileDetected>((resolve) => target.events.on('fileDetected', resolve));
    writeWav(path.join(folder, 'Third.wav'), 0.1);
    expect((await detected).paths).toEqual([path.join(folder, 'Third.wav')]);
  });

  it('a folder made again between two reads is watched again (its old watch saw a folder no longer there)', async () => {
    const target = await startedCore({ watch: true });
    const folder = projectFolder(path.join(tempDir('songshelf-remade-'), 'Projects'), ['First']);
    await target.library.watchDirectory(folder);
    await target.runner.whenIdle();
    fs.rmSync(folder, { recursive: true });
    projectFolder(folder, ['First', 'Again']);
    await vi.advanceTimersByTimeAsync(WATCH_LIST_REFRESH_DESKTOP_MS);
    expect(await target.library.lastWatchListRead()).toEqual({ added: [], dropped: [], missing: [], rewatched: [folder] });
    await target.runner.whenIdle();
    expect(names(target)).toEqual(['Again', 'First']);
  });

  it('a folder another process took off the list (the CLI, on the same library) is no longer watched', async () => {
    const target = await startedCore({ watch: true });
    const folder = projectFolder(path.join(tempDir('songshelf-cli-'), 'Projects'), ['First']);
    const { directory } = await target.library.watchDirectory(folder);
    await target.runner.whenIdle();
    removeWatchedFolder(target.db, directory.id);
    await vi.advanceTimersByTimeAsync(WATCH_LIST_REFRESH_DESKTOP_MS);
    expect(await target.library.lastWatchListRead()).toEqual({ added: [], dropped: [directory.id], missing: [], rewatched: [] });
  });
});

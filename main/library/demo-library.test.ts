// The first run's demo library (issue 20): written once in ~/Music, watched and scanned like any folder, and
// removed in one click with its songs; a folder of that name that is not the demo is never touched.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getSongs } from '../../db/repositories/songs';
import { tempDir } from '../../db/test-support';
import { call, createTestCore, type TestCore } from '../test-support';
import { DEMO_FOLDER_NAME } from '../../common/library';

let home: string;
let savedHome: string | undefined;
const cores: TestCore[] = [];
beforeEach(() => {
  savedHome = process.env.HOME;
  home = fs.realpathSync(tempDir('songshelf-home-'));
  process.env.HOME = home;
});
afterEach(async () => {
  await Promise.all(cores.splice(0).map((core) => core.close()));
  process.env.HOME = savedHome;
});

async function core(): Promise<TestCore> {
  const started = createTestCore(tempDir(), { library: { watch: false, periodicRescan: false, minScanGapMs: 0, analyseAudio: false } });
  cores.push(started);
  await started.start();
  return started;
}

describe('library:demo', () => {
  it('writes the demo in ~/Music, watches it, and its projects and bounces become songs with their versions', async () => {
    const app = await core();
    const folder = path.join(home, 'Music', DEMO_FOLDER_NAME);
    expect(await call(app, 'library:demo', { action: 'state' })).toEqual({ path: folder, watched: false });
    expect(await call(app, 'library:demo', { action: 'add' })).toEqual({ path: folder, watched: true });
    await app.runner.whenIdle();
    const songs = getSongs(app.db);
    expect(songs.map((song) => song.name).sort()).toEqual(['Ballad', 'Idea 03', 'Night Drive', 'Sunday Mix']);
    const live = songs.find((song) => song.name === 'Night Drive')!;
    expect(live).toMatchObject({ tempo: '124', file: expect.objectContaining({ fileName: 'Night Drive.wav' }) });
    expect(live.meta.versions).toMatchObject({ count: 3 });
    expect(songs.find((song) => song.name === 'Sunday Mix')?.meta.daw).toBe('protools');
    expect(songs.find((song) => song.name === 'Ballad')?.meta.daw).toBe('logic');
  });

  it('removes the demo in one step: the folder unwatched, its songs and files gone', async () => {
    const app = await core();
    await call(app, 'library:demo', { action: 'add' });
    await app.runner.whenIdle();
    expect(getSongs(app.db).length).toBeGreaterThan(0);
    const folder = path.join(home, 'Music', DEMO_FOLDER_NAME);
    expect(await call(app, 'library:demo', { action: 'remove' })).toEqual({ path: folder, watched: false });
    expect(getSongs(app.db)).toEqual([]);
    expect(fs.existsSync(folder)).toBe(false);
    expect(await call(app, 'getWatchedDirectories')).toEqual([]);
  });

  it('leaves a folder of that name alone when it is not the demo, and adds nothing', async () => {
    const app = await core();
    const folder = path.join(home, 'Music', DEMO_FOLDER_NAME);
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(path.join(folder, 'my song.als'), 'mine');
    const result = await app.router.dispatch('library:demo', { action: 'add' });
    expect(result.ok).toBe(false);
    await call(app, 'library:demo', { action: 'remove' });
    expect(fs.readFileSync(path.join(folder, 'my song.als'), 'utf8')).toBe('mine');
    expect(await call(app, 'getWatchedDirectories')).toEqual([]);
  });
});

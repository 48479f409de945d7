// The first run's demo library (issue 20): written once in ~/Music, watched and scanned like any folder, and
// removed in one click with its songs; a folder of that name that is not the demo is never touched.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getSongs } from '../../db/repositories/songs';
import { tempDir } from '../../db/test-support';
import { call, createTestCore, type TestCore } from '../test-support';
import { DEMO_FOLDER_NAME, type DemoState } from '../../common/projects/library';

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
    expect(await call(app, 'library:demo', { action: 'state' })).toEqual({ path: folder, watched: false, removal: null });
    expect(await call(app, 'library:demo', { action: 'add' })).toMatchObject({ path: folder, watched: true, removal: { otherFiles: 0 } });
    await app.runner.whenIdle();
    const songs = getSongs(app.db);
    expect(songs.map((song) => song.name).sort()).toEqual(['Ballad', 'Harbour Mix', 'Idea 03', 'Night Drive', 'Slow Burn', 'Sunday Mix', 'Trap Beat']);
    const live = songs.find((song) => song.name === 'Night Drive')!;
    expect(live).toMatchObject({ tempo: '124', file: expect.objectContaining({ fileName: 'Night Drive.wav' }) });
    expect(live.meta.versions).toMatchObject({ count: 3 });
    expect(songs.find((song) => song.name === 'Sunday Mix')?.meta.daw).toBe('protools');
    expect(songs.find((song) => song.name === 'Ballad')?.meta.daw).toBe('logic');
    // Issue 43: an FL Studio beat and a REAPER mix, read by their own readers; FL's Backup/ copy and REAPER's .rpp-bak
    // are versions.
    const beat = songs.find((song) => song.name === 'Trap Beat')!;
    expect(beat).toMatchObject({ tempo: '140', file: expect.objectContaining({ fileName: 'Trap Beat.wav' }) });
    expect(beat.meta).toMatchObject({ daw: 'flstudio', versions: { count: 2, lastChange: 'Tempo: 136 BPM → 140 BPM; Tracks added: Lead; Plug-ins added: Serum' }, plugins: expect.arrayContaining([{ name: 'Serum', format: 'VST3', instances: 1 }]) });
    const mix = songs.find((song) => song.name === 'Harbour Mix')!;
    expect(mix).toMatchObject({ tempo: '96', file: expect.objectContaining({ fileName: 'Harbour Mix.wav' }) });
    expect(mix.meta).toMatchObject({ daw: 'reaper', trackCount: 3, versions: { count: 2 } });
    expect(mix.meta.plugins).toEqual(expect.arrayContaining([{ name: 'Pro-C 2', format: 'VST3', instances: 1 }, { name: 'Surge XT Effects', format: 'CLAP', instances: 1 }]));
    const song = songs.find((candidate) => candidate.name === 'Slow Burn')!;
    expect(song).toMatchObject({ tempo: '84', file: expect.objectContaining({ fileName: 'Slow Burn.wav' }) });
    expect(song.meta).toMatchObject({ daw: 'studioone', trackCount: 2, versions: { count: 2 } });
    expect(song.meta.plugins).toEqual(expect.arrayContaining([{ name: 'Keyscape', format: 'VST2', instances: 1 }, { name: 'Pro-Q 3', format: 'VST3', instances: 1 }]));
  });

  it('removes the demo in one step: the folder unwatched, its songs and files gone', async () => {
    const app = await core();
    await call(app, 'library:demo', { action: 'add' });
    await app.runner.whenIdle();
    expect(getSongs(app.db).length).toBeGreaterThan(0);
    const folder = path.join(home, 'Music', DEMO_FOLDER_NAME);
    expect(await call(app, 'library:demo', { action: 'remove' })).toEqual({ path: folder, watched: false, removal: null });
    expect(getSongs(app.db)).toEqual([]);
    expect(fs.existsSync(folder) ? fs.readdirSync(folder, { recursive: true }) : 'removed').toBe('removed');
    expect(await call(app, 'getWatchedDirectories')).toEqual([]);
  });

  it('removes only the files it wrote: a project, an edited demo file and a note the user saved there stay, with the user’s song', async () => {
    const app = await core();
    await call(app, 'library:demo', { action: 'add' });
    await app.runner.whenIdle();
    const folder = path.join(home, 'Music', DEMO_FOLDER_NAME);
    const demoSongs = getSongs(app.db).length;
    fs.mkdirSync(path.join(folder, 'My Song Project'));
    fs.writeFileSync(path.join(folder, 'My Song Project', 'My Song.als'), 'my own set');
    fs.writeFileSync(path.join(folder, 'notes.txt'), 'my notes');
    const edited = path.join(folder, 'Idea 03.wav');
    fs.appendFileSync(edited, Buffer.alloc(4));
    await app.library.requestScan(app.library.list()[0]!.id);
    await app.runner.whenIdle();
    const state = await call<DemoState>(app, 'library:demo', { action: 'state' });
    expect(state.removal).toMatchObject({ songs: demoSongs - 1, otherFiles: 3 });

    await call(app, 'library:demo', { action: 'remove' });
    expect(fs.readFileSync(path.join(folder, 'My Song Project', 'My Song.als'), 'utf8')).toBe('my own set');
    expect(fs.readFileSync(path.join(folder, 'notes.txt'), 'utf8')).toBe('my notes');
    expect(fs.existsSync(edited)).toBe(true);
    expect(fs.existsSync(path.join(folder, 'Ballad'))).toBe(false);
    expect(fs.readdirSync(folder).sort()).toEqual(['Idea 03.wav', 'My Song Project', 'notes.txt']);
    // The user's song is not deleted for good: it stays, moved to Hidden with the folder, as any unwatched folder's.
    expect(getSongs(app.db).map((song) => song.name).sort()).toEqual(['Idea 03', 'My Song']);
  });

  it('never removes a place its list names outside its folder', async () => {
    const app = await core();
    await call(app, 'library:demo', { action: 'add' });
    await app.runner.whenIdle();
    const folder = path.join(home, 'Music', DEMO_FOLDER_NAME);
    const outside = path.join(home, 'precious.txt');
    fs.writeFileSync(outside, 'keep me');
    const marker = path.join(folder, '.songshelf-demo');
    const list = JSON.parse(fs.readFileSync(marker, 'utf8')) as { files: { path: string; size: number; mtimeMs: number }[] };
    const stats = fs.statSync(outside);
    list.files.push({ path: '../../precious.txt', size: stats.size, mtimeMs: Math.round(stats.mtimeMs) });
    fs.writeFileSync(marker, JSON.stringify(list));
    await call(app, 'library:demo', { action: 'remove' });
    expect(fs.readFileSync(outside, 'utf8')).toBe('keep me');
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

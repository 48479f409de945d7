import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { writeAls } from '../../fixtures/generators/als';
import { writeLibrary } from '../../fixtures/generators/library';
import type { Song } from '../../common/songs/song';
import { rewriteSongs } from '../../db/repositories/song-writer';
import { getSongs, updateSong } from '../../db/repositories/songs';
import { getViews } from '../../db/repositories/views';
import { tempDir } from '../../db/test-support';
import { createTestCore, type TestCore } from '../test-support';

const cores: TestCore[] = [];
afterEach(async () => {
  await Promise.all(cores.splice(0).map((core) => core.close()));
});

async function startedCore(dataDir = tempDir(), options: Parameters<typeof createTestCore>[1] = {}): Promise<TestCore> {
  const core = createTestCore(dataDir, options);
  cores.push(core);
  await core.start();
  return core;
}

async function scanToEnd(core: TestCore, folder: string) {
  const result = await core.library.watchDirectory(folder);
  await core.runner.whenIdle();
  return result;
}

function makeFolder(folder: string): string {
  fs.mkdirSync(folder, { recursive: true });
  return folder;
}

/** A symlink in a fresh temp folder, leading to `target`. */
function linkTo(target: string): string {
  const link = path.join(tempDir('songshelf-link-'), 'folder');
  fs.symlinkSync(target, link);
  return link;
}

function songsByName(core: TestCore): Map<string, Song> {
  return new Map(getSongs(core.db).map((song) => [song.name, song]));
}

describe('scanning a watched folder', () => {
  it('makes one song per project and per loose audio file, with values read from the projects', async () => {
    const root = tempDir('songshelf-library-');
    const library = await writeLibrary(root, { projects: 10 });
    const core = await startedCore();
    const { view } = await scanToEnd(core, root);

    const songs = songsByName(core);
    expect(songs.size).toBe(library.expectedSongs);
    const ableton = songs.get('Song 00001');
    expect(ableton).toMatchObject({ source: 'directory', tempo: '90', timeSignature: '4/4', hidden: false });
    expect(ableton?.file?.fileName).toBe('Song 00001.wav');
    expect(ableton?.recordingSession?.fileName).toBe('Song 00001.als');
    expect(ableton?.meta).toMatchObject({ daw: 'ableton', trackCount: 6 });
    expect(ableton?.meta.missingSamples).toEqual([expect.stringContaining('Lost Vocal.wav')]);
    expect(songs.get('Song 00007')?.meta).toMatchObject({ daw: 'protools', sampleRate: 48_000 });
    expect(songs.get('Song 00009')).toMatchObject({ tempo: '78', recordingSession: expect.objectContaining({ isPackage: true }) });
    expect(view).toMatchObject({ type: 'directory', directoryPath: root });
  });

  it('marks new songs as waiting for upload and processing (spec section 4)', async () => {
    const root = tempDir('songshelf-library-');
    await writeLibrary(root, { projects: 1 });
    const core = await startedCore();
    await scanToEnd(core, root);
    expect(getSongs(core.db)[0]).toMatchObject({ needsUploadRetry: true, isBeingProcessedByHandleNewProject: true });
  });

  it('announces the new songs of a folder in a notification', async () => {
    const root = tempDir('songshelf-library-');
    await writeLibrary(root, { projects: 3 });
    const core = await startedCore();
    const notes: string[] = [];
    core.events.on('notify', (notification) => notes.push(notification.body));
    await scanToEnd(core, root);
    expect(notes).toContain(`3 new songs in ${path.basename(root)}`);
  });

  it('an unchanged rescan writes nothing and reads nothing again', async () => {
    const root = tempDir('songshelf-library-');
    await writeLibrary(root, { projects: 5 });
    const core = await startedCore();
    const { directory } = await scanToEnd(core, root);
    const before = getSongs(core.db);
    const recordsBefore = core.db.sqlite.prepare('SELECT count(*) AS n FROM sync_records').get();
    core.library.requestScan(directory.id);
    await core.runner.whenIdle();
    expect(getSongs(core.db)).toEqual(before);
    expect(core.db.sqlite.prepare('SELECT count(*) AS n FROM sync_records').get()).toEqual(recordsBefore);
    // The first scan's project reads, audio reads and audio analyses; the rescan queued none.
    expect(core.db.sqlite.prepare(`SELECT count(*) AS n FROM jobs WHERE kind != 'scan'`).get()).toEqual({ n: 3 });
  });

  it('a rescan while the first scan’s reads still wait does not queue them a second time', async () => {
    const root = tempDir('songshelf-library-');
    await writeLibrary(root, { projects: 5 });
    const core = await startedCore();
    const { directory } = await scanToEnd(core, root);
    const readJobs = () => core.db.sqlite.prepare(`SELECT count(*) AS n FROM jobs WHERE kind IN ('parse-project', 'read-audio', 'analyse-audio')`).get();
    const firstScan = readJobs();
    // As when the rescan comes while the reads wait: the songs not read yet, their reads queued and not run.
    await core.runner.stop();
    rewriteSongs(core.db, getSongs(core.db).map((song) => ({ ...song, meta: {} })), null);
    core.db.sqlite.exec(`UPDATE jobs SET state = 'queued', attempts = 0 WHERE kind IN ('parse-project', 'read-audio', 'analyse-audio')`);
    core.runner.start();
    core.library.requestScan(directory.id);
    await core.runner.whenIdle();
    // The waiting jobs ran again; the rescan queued none of its own.
    expect(readJobs()).toEqual(firstScan);
  });

  it('never overwrites a field the user edited, while still reading the changed project', async () => {
    const root = tempDir('songshelf-library-');
    await writeLibrary(root, { projects: 1 });
    const core = await startedCore();
    const { directory } = await scanToEnd(core, root);
    const song = getSongs(core.db)[0] as Song;
    updateSong(core.db, song.id, { tempo: '96', notes: 'half-time feel' });

    const set = song.recordingSession?.value as string;
    // Live stores a signature as one number: 202 is 5/4 (numerator v % 99 + 1, denominator 2^floor(v / 99)).
    writeAls(set, { style: 'live11', tempo: 140, timeSignature: 202, tracks: 3 });
    fs.utimesSync(set, new Date(), new Date(Date.now() + 5000));
    core.library.requestScan(directory.id);
    await core.runner.whenIdle();

    const after = getSongs(core.db)[0];
    expect(after).toMatchObject({ id: song.id, tempo: '96', notes: 'half-time feel', timeSignature: '5/4' });
    expect(after?.meta).toMatchObject({ tempo: 140, trackCount: 3 });
  });

  it('keeps a renamed project folder’s song and every field the user set', async () => {
    const root = tempDir('songshelf-library-');
    await writeLibrary(root, { projects: 1 });
    const core = await startedCore();
    const { directory } = await scanToEnd(core, root);
    const song = getSongs(core.db)[0] as Song;
    updateSong(core.db, song.id, { status: 'Mixing', tags: ['EP 2'] });

    const oldFolder = song.projectPath as string;
    const newFolder = path.join(root, 'Finished', 'Renamed Project');
    fs.mkdirSync(path.dirname(newFolder), { recursive: true });
    fs.renameSync(oldFolder, newFolder);
    core.library.requestScan(directory.id);
    await core.runner.whenIdle();

    const songs = getSongs(core.db);
    expect(songs).toHaveLength(1);
    expect(songs[0]).toMatchObject({ id: song.id, projectPath: newFolder, status: 'Mixing', tags: ['EP 2'], name: 'Renamed' });
    expect(songs[0]?.recordingSession?.value).toBe(path.join(newFolder, 'Song 00001.als'));
  });

  it('recognises a project copied elsewhere and deleted (new inode) by its content', async () => {
    const root = tempDir('songshelf-library-');
    await writeLibrary(root, { projects: 1 });
    const core = await startedCore();
    const { directory } = await scanToEnd(core, root);
    const song = getSongs(core.db)[0] as Song;
    updateSong(core.db, song.id, { notes: 'keep me' });

    const copy = path.join(root, 'Moved', path.basename(song.projectPath as string));
    fs.cpSync(song.projectPath as string, copy, { recursive: true, preserveTimestamps: true });
    fs.rmSync(song.projectPath as string, { recursive: true });
    core.library.requestScan(directory.id);
    await core.runner.whenIdle();

    expect(getSongs(core.db)).toEqual([expect.objectContaining({ id: song.id, projectPath: copy, notes: 'keep me' })]);
  });

  it('keeps a song whose project vanished, marked missing, rather than losing it', async () => {
    const root = tempDir('songshelf-library-');
    await writeLibrary(root, { projects: 1 });
    const core = await startedCore();
    const { directory } = await scanToEnd(core, root);
    const song = getSongs(core.db)[0] as Song;
    fs.rmSync(song.projectPath as string, { recursive: true });
    core.library.requestScan(directory.id);
    await core.runner.whenIdle();
    expect(getSongs(core.db)).toEqual([expect.objectContaining({ id: song.id, meta: expect.objectContaining({ projectMissing: true }) })]);
  });

  it('fails the scan of an unmounted folder and leaves its songs alone', async () => {
    const root = tempDir('songshelf-library-');
    await writeLibrary(root, { projects: 2 });
    const core = await startedCore(undefined, { jobs: { backoff: { baseMs: 60_000 } } });
    const { directory } = await scanToEnd(core, root);
    fs.renameSync(root, `${root}-unplugged`);
    const jobId = core.library.requestScan(directory.id);
    const job = () => core.db.sqlite.prepare('SELECT state, last_error FROM jobs WHERE id = ?').get(jobId) as { state: string; last_error: string | null };
    // Its first attempt has failed (and the songs are as that attempt left them): it waits for its retry, a minute on.
    await vi.waitFor(() => expect(job().last_error).toMatch(/folder not readable \(ENOENT\)/), { timeout: 10_000, interval: 10 });
    expect(job().state).toBe('queued');
    expect(getSongs(core.db).every((song) => song.meta.projectMissing !== true)).toBe(true);
  });
});

describe('watched folders', () => {
  const LIMIT = "You've reached the limit of 3 project directories on the Free tier. Upgrade to Pro for unlimited directories!";

  it('refuses a 4th folder on the free tier with the spec message and adds nothing', async () => {
    const core = await startedCore();
    for (let i = 0; i < 3; i += 1) await core.library.watchDirectory(tempDir());
    const result = await core.router.dispatch('watchDirectory', { path: tempDir() });
    expect(result).toEqual({ ok: false, error: { code: 'limit_reached', message: LIMIT } });
    expect(core.library.list()).toHaveLength(3);
    expect(getViews(core.db).filter((view) => view.type === 'directory')).toHaveLength(3);
  });

  it('reuses the folder and its view when the same path is watched again, and keeps it in settings', async () => {
    const core = await startedCore();
    const folder = tempDir();
    const first = await core.library.watchDirectory(folder);
    const again = await core.library.watchDirectory(`${folder}${path.sep}`);
    expect(again.directory.id).toBe(first.directory.id);
    expect(again.view.id).toBe(first.view.id);
    expect((await core.router.dispatch('db:get-user-settings', undefined))).toMatchObject({ ok: true, data: { projectDirectories: [folder] } });
  });

  it.each<[string, (core: TestCore) => string, RegExp]>([
    ['the whole disk', () => '/', /whole disk/],
    ['the home folder', () => os.homedir(), /whole home folder/],
    ['a system folder', () => '/etc', /system folder/],
    ['the app’s data folder', (core) => core.dataDir, /Songshelf's own data/],
    ['a folder inside the app’s data', (core) => makeFolder(path.join(core.dataDir, 'cloud')), /Songshelf's own data/],
    ['a folder holding the app’s data', (core) => path.dirname(core.dataDir), /Songshelf's own data/],
    ['a link to the whole disk', () => linkTo('/'), /whole disk/],
    ['a link to the app’s data', (core) => linkTo(core.dataDir), /Songshelf's own data/],
  ])('refuses %s with a clear error, and watches nothing', async (_case, folder, reason) => {
    // Not started: were the folder taken, its scan would wait in the queue rather than walk the disk.
    const core = createTestCore(tempDir('songshelf-data-'));
    cores.push(core);
    expect(await core.router.dispatch('watchDirectory', { path: folder(core) })).toMatchObject({ ok: false, error: { code: 'forbidden', message: expect.stringMatching(reason) } });
    expect(core.library.list()).toEqual([]);
    expect(await core.router.dispatch('db:get-user-settings', undefined)).toMatchObject({ ok: true, data: { projectDirectories: [] } });
  });

  it('watches a folder in the temp folder, and a link to one', async () => {
    const core = createTestCore();
    cores.push(core);
    const folder = tempDir('songshelf-music-');
    expect(await core.router.dispatch('watchDirectory', { path: folder })).toMatchObject({ ok: true });
    expect(await core.router.dispatch('watchDirectory', { path: linkTo(tempDir('songshelf-music-')) })).toMatchObject({ ok: true });
  });

  it('refuses a path that is not a folder with a clear error', async () => {
    const core = await startedCore();
    const file = path.join(tempDir(), 'song.wav');
    fs.writeFileSync(file, 'x');
    expect(await core.router.dispatch('watchDirectory', { path: file })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(await core.router.dispatch('watchDirectory', { path: '/no/such/folder' })).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });

  it('removing a folder hides its songs with their fields, and watching it again brings them back', async () => {
    const root = tempDir('songshelf-library-');
    await writeLibrary(root, { projects: 2 });
    const core = await startedCore();
    const { directory } = await scanToEnd(core, root);
    const song = getSongs(core.db)[0] as Song;
    updateSong(core.db, song.id, { notes: 'my notes' });
    await core.library.removeDirectory(directory.id);
    expect(getSongs(core.db).every((found) => found.hidden)).toBe(true);
    expect(core.library.list()).toEqual([]);
    await scanToEnd(core, root);
    expect(getSongs(core.db).filter((found) => !found.hidden)).toHaveLength(2);
    expect(getSongs(core.db).find((found) => found.id === song.id)?.notes).toBe('my notes');
  });
});

describe('live watching', () => {
  it('picks up a new project folder after the debounce and reports the files detected', async () => {
    const root = tempDir('songshelf-watch-');
    const core = await startedCore(undefined, { library: { watch: true, periodicRescan: false, watchDebounceMs: 300, minScanGapMs: 0 } });
    await scanToEnd(core, root);
    const detected = new Promise<string[]>((resolve) => core.events.on('fileDetected', (event) => resolve(event.paths)));

    const project = path.join(root, 'Fresh Project');
    fs.mkdirSync(project);
    writeAls(path.join(project, 'Fresh.als'), { tempo: 128 });
    expect((await detected).some((changed) => changed.startsWith(project))).toBe(true);
    await expect.poll(() => getSongs(core.db).map((song) => [song.name, song.tempo]), { timeout: 10_000 }).toEqual([['Fresh', '128']]);
  });
});

describe('targeted scans', () => {
  it('scanning one changed folder finds the new project and leaves every other song untouched', async () => {
    const root = tempDir('songshelf-scoped-');
    await writeLibrary(root, { projects: 6 });
    const core = await startedCore();
    const { directory } = await scanToEnd(core, root);
    const before = getSongs(core.db);

    const project = path.join(root, '2016', 'Ableton', 'Fresh Project');
    fs.mkdirSync(project, { recursive: true });
    writeAls(path.join(project, 'Fresh.als'), { tempo: 133 });
    core.library.requestScan(directory.id, true, [project]);
    await core.runner.whenIdle();

    const after = getSongs(core.db);
    expect(after.find((song) => song.name === 'Fresh')).toMatchObject({ tempo: '133' });
    expect(after.filter((song) => song.name !== 'Fresh')).toEqual(before);
  });

  it('asking again while a scan waits widens the waiting scan instead of queueing another', async () => {
    const core = createTestCore();
    cores.push(core);
    const folder = tempDir();
    const { directory, jobId } = await core.library.watchDirectory(folder);
    // The folder's first (full) scan is waiting too: take it out, or everything merges into it.
    core.runner.cancel(jobId);
    const first = core.library.requestScan(directory.id, true, [path.join(folder, 'a')]);
    const second = core.library.requestScan(directory.id, true, [path.join(folder, 'b')]);
    expect(second).toBe(first);
    const payload = () => JSON.parse((core.db.sqlite.prepare('SELECT payload FROM jobs WHERE id = ?').get(first) as { payload: string }).payload);
    expect(payload().scopes).toEqual([path.join(folder, 'a'), path.join(folder, 'b')]);
    core.library.requestScan(directory.id, true, null);
    expect(payload().scopes).toBeNull();
  });
});

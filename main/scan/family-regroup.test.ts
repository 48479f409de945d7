// Issue 43: a folder of differently named sets, one song before families (named after the folder, the newest set its
// session, the newest audio its bounce), becomes one song per set at the next scan, losing nothing: the song keeps its
// id and what the user set, and stays with the set it records. Real folders, real SQLite, the real worker pool.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { SongTimeline } from '../../common/projects/project-versions';
import type { Song } from '../../common/songs/song';
import { getSongs, updateSong } from '../../db/repositories/songs';
import { tempDir } from '../../db/test-support';
import { writeAls } from '../../fixtures/generators/als';
import { writeWav } from '../../fixtures/generators/wav';
import { call, createTestCore, type TestCore } from '../test-support';

const cores: TestCore[] = [];
afterEach(async () => {
  await Promise.all(cores.splice(0).map((core) => core.close()));
});

const HOUR = 3_600_000;
const BASE = Date.now() - 100 * HOUR;

/** Writes `name` in `folder`, saved `hours` after BASE. */
function saved(folder: string, name: string, hours: number): string {
  const file = path.join(folder, name);
  if (name.endsWith('.als')) writeAls(file, { tempo: 100 + hours });
  else writeWav(file);
  const time = new Date(BASE + hours * HOUR);
  fs.utimesSync(file, time, time);
  return file;
}

/**
 * The library as it was before families: the folder scanned when it held one set (so it is one song at the folder,
 * named after it, with the newest audio as its bounce, read), then the user's edits, then the folder's other sets as
 * they were saved earlier. The old grouping made this same song of the whole folder.
 */
async function oneSongLibrary(edit: (song: Song, sketches: string) => Parameters<typeof updateSong>[2]) {
  const root = tempDir('songshelf-library-');
  const sketches = path.join(root, 'Sketches');
  fs.mkdirSync(sketches);
  saved(sketches, 'Michelle.als', 50);
  saved(sketches, 'Michelle.wav', 51);
  saved(sketches, 'Night Drive_master.wav', 20);
  saved(sketches, 'Foo.wav', 60);
  const core = createTestCore();
  cores.push(core);
  await core.start();
  const { directory } = await core.library.watchDirectory(root);
  await core.runner.whenIdle();
  const [song] = getSongs(core.db) as [Song];
  expect(song).toMatchObject({ name: 'Sketches', projectPath: sketches, recordingSession: { fileName: 'Michelle.als' }, file: { fileName: 'Foo.wav' } });
  updateSong(core.db, song.id, edit(song, sketches));
  for (const [name, hours] of [['Foo.als', 40], ['DefaultLiveSet.als', 30], ['Night Drive.als', 10], ['Night Drive 2.als', 15]] as const) saved(sketches, name, hours);
  const rescan = async () => {
    core.library.requestScan(directory.id);
    await core.runner.whenIdle();
  };
  return { core, song: getSongs(core.db)[0] as Song, sketches, rescan };
}

const byName = (songs: Song[]) => new Map(songs.map((song) => [song.name, song]));

async function versionNames(core: TestCore, song: Song): Promise<string[]> {
  const timeline = await call<SongTimeline>(core, 'songs:versions', { id: song.id });
  return timeline.versions.filter((version) => version.source !== 'snapshot').map((version) => path.basename(version.path)).sort();
}

describe('a folder of several sets that was one song', () => {
  it('keeps the song, its id and the user’s fields with its recording session’s set, and makes a song of each other set', async () => {
    const { core, song, sketches, rescan } = await oneSongLibrary(() => ({ notes: 'the chorus idea', status: 'Mixing', tempo: '128' }));
    await rescan();

    const songs = byName(getSongs(core.db));
    expect([...songs.keys()].sort()).toEqual(['DefaultLiveSet', 'Foo', 'Michelle', 'Night Drive']);
    // Its name followed its set (the user never named it); its bounce is now the one named after its set.
    expect(songs.get('Michelle')).toMatchObject({
      id: song.id,
      projectPath: sketches,
      notes: 'the chorus idea',
      status: 'Mixing',
      tempo: '128',
      recordingSession: { value: path.join(sketches, 'Michelle.als') },
      file: { localPath: path.join(sketches, 'Michelle.wav') },
    });
    expect(songs.get('Michelle')?.createdAt).toBe(song.createdAt);
    expect(songs.get('Foo')).toMatchObject({ projectPath: path.join(sketches, 'Foo.als'), file: { fileName: 'Foo.wav' }, recordingSession: { fileName: 'Foo.als' } });
    expect(songs.get('Night Drive')).toMatchObject({
      projectPath: path.join(sketches, 'Night Drive.als'),
      file: { fileName: 'Night Drive_master.wav' },
      recordingSession: { fileName: 'Night Drive 2.als' },
    });
    expect(songs.get('DefaultLiveSet')?.file).toBeNull();
    for (const found of songs.values()) expect(found.meta.projectMissing).toBeUndefined();

    // Each song's versions are its own set's files only.
    expect(await versionNames(core, songs.get('Night Drive') as Song)).toEqual(['Night Drive 2.als', 'Night Drive.als']);
    expect(await versionNames(core, songs.get('Michelle') as Song)).toEqual(['Michelle.als']);

    const before = getSongs(core.db);
    await rescan();
    expect(getSongs(core.db)).toEqual(before);
  });

  it('stays with the set the user chose as its session, and keeps the name the user gave it', async () => {
    const { core, song, sketches, rescan } = await oneSongLibrary((_, folder) => ({
      name: 'Sketch book',
      recordingSession: { value: path.join(folder, 'Foo.als'), fileName: 'Foo.als', sessionModifiedTime: BASE + 40 * HOUR, isPackage: false },
    }));
    await rescan();

    const songs = getSongs(core.db);
    expect(songs).toHaveLength(4);
    expect(songs.find((found) => found.id === song.id)).toMatchObject({
      name: 'Sketch book',
      projectPath: sketches,
      recordingSession: { fileName: 'Foo.als' },
      file: { fileName: 'Foo.wav' },
    });
    expect(songs.find((found) => found.name === 'Michelle')).toMatchObject({ projectPath: path.join(sketches, 'Michelle.als'), file: { fileName: 'Michelle.wav' } });

    const before = getSongs(core.db);
    await rescan();
    expect(getSongs(core.db)).toEqual(before);
  });
});

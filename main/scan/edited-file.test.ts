// A song whose audio or session the user chose is still found by the scans after its own files move: by the files
// the last scan indexed as its own, not by the paths the user put in its fields, which lead elsewhere. Real scans of
// real temp folders; the song keeps its id and the user's choice, and no second song is made.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { writeLibrary } from '../../fixtures/generators/library';
import { silentWav } from '../../fixtures/generators/logicx';
import type { Song, SongFile } from '../../common/songs/song';
import { getSongs, updateSong } from '../../db/repositories/songs';
import { tempDir } from '../../db/test-support';
import { createTestCore, type TestCore } from '../test-support';

const cores: TestCore[] = [];
afterEach(async () => {
  await Promise.all(cores.splice(0).map((core) => core.close()));
});

/** A core that watches `root` and has scanned it once, with its reads done. */
async function scanned(root: string): Promise<{ core: TestCore; rescan: () => Promise<void> }> {
  const core = createTestCore();
  cores.push(core);
  await core.start();
  const { directory } = await core.library.watchDirectory(root);
  await core.runner.whenIdle();
  const rescan = async () => {
    core.library.requestScan(directory.id);
    await core.runner.whenIdle();
  };
  return { core, rescan };
}

/** An audio file outside the watched folder, as the user picks one for a song. */
function chosenAudio(name: string): SongFile {
  const file = path.join(tempDir('songshelf-chosen-'), name);
  fs.writeFileSync(file, silentWav(22_050));
  return { value: file, localPath: file, fileName: name, modifiedTime: fs.statSync(file).mtimeMs };
}

describe('a song whose file the user chose', () => {
  it('is found again when its own audio file moves, and keeps the file the user chose', async () => {
    const root = tempDir('songshelf-library-');
    fs.writeFileSync(path.join(root, 'Voice memo.wav'), silentWav(44_100));
    const { core, rescan } = await scanned(root);
    const [song] = getSongs(core.db) as [Song];
    const chosen = chosenAudio('Voice memo, better take.wav');
    updateSong(core.db, song.id, { file: chosen, notes: 'the chorus idea' });

    fs.mkdirSync(path.join(root, 'Ideas'));
    fs.renameSync(path.join(root, 'Voice memo.wav'), path.join(root, 'Ideas', 'Voice memo.wav'));
    await rescan();

    const songs = getSongs(core.db);
    expect(songs).toHaveLength(1);
    expect(songs[0]).toMatchObject({ id: song.id, projectPath: path.join(root, 'Ideas', 'Voice memo.wav'), notes: 'the chorus idea', file: chosen });
    expect(songs[0]?.meta.projectMissing).toBeUndefined();
  });

  it('is found again when its project folder is renamed, whatever session and audio the user chose', async () => {
    const root = tempDir('songshelf-library-');
    await writeLibrary(root, { projects: 1 });
    const { core, rescan } = await scanned(root);
    const [song] = getSongs(core.db) as [Song];
    const chosen = chosenAudio('Final master.wav');
    const session = { value: path.join(path.dirname(chosen.localPath!), 'Other.als'), fileName: 'Other.als', sessionModifiedTime: 1, isPackage: false };
    updateSong(core.db, song.id, { file: chosen, recordingSession: session });

    const renamed = path.join(root, 'Renamed Project');
    fs.renameSync(song.projectPath!, renamed);
    await rescan();

    const songs = getSongs(core.db);
    expect(songs).toHaveLength(1);
    expect(songs[0]).toMatchObject({ id: song.id, projectPath: renamed, file: chosen, recordingSession: session });
    expect(songs[0]?.meta.projectMissing).toBeUndefined();
  });
});

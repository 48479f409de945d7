// The core opens files under the watched folders (fingerprints, snapshots, a version's copy, the player's bytes, an
// upload, the demo's list): a FIFO named like one of them must be refused at once, never waited on. A waiting open
// holds one of libuv's four file threads for ever; four of them stop every file operation of the core.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_FOLDER_NAME } from '../../common/projects/library';
import { notAFile } from '../../common/messages';
import { tempDir } from '../../db/test-support';
import { audioFingerprint, contentHash, fileSha256 } from '../analysis/content-hash';
import { songMediaResponse } from '../media/song-media';
import { call, createTestCore, trustFolder, type TestCore } from '../test-support';
import { snapshotSession } from '../versions/snapshots';
import { resolveAudioFile } from './audio-file';
import { openRegularFile, readRegularFile } from './regular-file';

const SONG_ID = '0190ffff-0000-7000-8000-000000000001';
const fifos: string[] = [];
const cores: TestCore[] = [];
let savedHome: string | undefined;

function fifoAt(file: string): string {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  execFileSync('mkfifo', [file]);
  fifos.push(file);
  return file;
}

beforeEach(() => {
  savedHome = process.env.HOME;
});

// Where an open still waits on a FIFO (before the fix), a writer is opened and closed, so a failing test ends
// instead of holding the file threads of the tests after it.
afterEach(async () => {
  process.env.HOME = savedHome;
  for (const fifo of fifos.splice(0)) {
    try {
      fs.closeSync(fs.openSync(fifo, fs.constants.O_WRONLY | fs.constants.O_NONBLOCK));
    } catch {
      // ENXIO: nobody is waiting on it, which is the fixed behaviour.
    }
  }
  await Promise.all(cores.splice(0).map((core) => core.close()));
});

describe.skipIf(process.platform === 'win32')('a FIFO where the core expects a file', () => {
  it('is refused by openRegularFile and readRegularFile with a clear error; a regular file opens', async () => {
    const folder = tempDir('songshelf-fifo-');
    const fifo = fifoAt(path.join(folder, 'Bounce.wav'));
    await expect(openRegularFile(fifo)).rejects.toThrow(notAFile(fifo));
    await expect(readRegularFile(fifo)).rejects.toThrow(notAFile(fifo));
    await expect(openRegularFile(folder)).rejects.toThrow(notAFile(folder));
    fs.writeFileSync(path.join(folder, 'Real.wav'), 'RIFF');
    expect((await readRegularFile(path.join(folder, 'Real.wav'))).toString()).toBe('RIFF');
  });

  it('has no fingerprint of any kind', async () => {
    const fifo = fifoAt(path.join(tempDir('songshelf-fifo-'), 'Song.als'));
    expect(await contentHash(fifo)).toBeNull();
    expect(await audioFingerprint(fifo)).toBeNull();
    expect(await fileSha256(fifo)).toBeNull();
  });

  it('is never kept as a snapshot of a session', async () => {
    const fifo = fifoAt(path.join(tempDir('songshelf-fifo-'), 'Song.als'));
    const dataDir = tempDir('songshelf-fifo-data-');
    await expect(snapshotSession(dataDir, SONG_ID, fifo)).rejects.toThrow(notAFile(fifo));
    expect(fs.readdirSync(path.join(dataDir, 'snapshots', SONG_ID))).toEqual([]);
  });

  it('is no audio an upload may read', async () => {
    const folder = tempDir('songshelf-fifo-');
    const fifo = fifoAt(path.join(folder, 'Bounce.wav'));
    await expect(resolveAudioFile(fifo, [folder])).rejects.toThrow(notAFile(fifo));
  });

  it('is neither read by the file channels nor played', async () => {
    const music = tempDir('songshelf-fifo-music-');
    const fifo = fifoAt(path.join(music, 'Bounce.wav'));
    const core = createTestCore();
    cores.push(core);
    trustFolder(core, music);
    expect(await core.router.dispatch('readFile', { path: fifo, encoding: 'utf8' })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    const file = { value: fifo, localPath: fifo, fileName: 'Bounce.wav', modifiedTime: null };
    const song = await call<{ id: string }>(core, 'db:add-song', { name: 'Pipe', file });
    const played = await songMediaResponse(core.db, core.dataDir, song.id, { method: 'GET', range: undefined });
    expect(played).toMatchObject({ status: 404, body: 'The audio file of this song is missing: Bounce.wav' });
  });

  it('is no demo list: the demo reads as not there', async () => {
    const home = tempDir('songshelf-fifo-home-');
    process.env.HOME = home;
    fifoAt(path.join(home, 'Music', DEMO_FOLDER_NAME, '.songshelf-demo'));
    const core = createTestCore();
    cores.push(core);
    expect(await call(core, 'library:demo', { action: 'state' })).toMatchObject({ removal: null });
  });
});

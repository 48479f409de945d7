// A crash or a kill between writing a temporary file and renaming it into place leaves it in the data folder, where
// nothing else would ever remove it. The core sweeps them as it starts: only the names it gives its own temporary
// files, only in its data folder, only older than the process.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../db/test-support';
import { createTestCore, type TestCore } from '../test-support';
import { temporaryFileOf } from './temp-files';

const SONG_ID = '0190ffff-0000-7000-8000-000000000001';
const AN_HOUR_AGO = (Date.now() - 60 * 60 * 1000) / 1000;
const cores: TestCore[] = [];
afterEach(async () => {
  await Promise.all(cores.splice(0).map((core) => core.close()));
});

/** Writes `relative` under `dataDir`; `left` files are dated before this process started, as a crash's would be. */
function place(dataDir: string, relative: string, left: boolean): string {
  const file = path.join(dataDir, ...relative.split('/'));
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, 'x');
  if (left) fs.utimesSync(file, AN_HOUR_AGO, AN_HOUR_AGO);
  return relative;
}

function present(dataDir: string, relatives: string[]): string[] {
  return relatives.filter((relative) => fs.existsSync(path.join(dataDir, ...relative.split('/'))));
}

describe('the temporary files a crash left in the data folder', () => {
  it('are removed as the core starts; its other files, fresh temporary files and look-alikes elsewhere stay', async () => {
    const dataDir = tempDir('songshelf-leftovers-');
    const leftovers = [
      place(dataDir, 'session.vault.4242.tmp', true),
      place(dataDir, 'window-state.json.977.tmp', true),
      place(dataDir, 'songshelf.lock.a1b2c3d4e5f6.4242.tmp', true),
      place(dataDir, 'songshelf.lock.1234-5678.takeover-1', true),
      place(dataDir, `snapshots/${SONG_ID}/.0190ffff-0000-7000-8000-00000000abcd.part`, true),
      place(dataDir, 'waveforms/0123456789abcdef0123456789abcdef01234567.dat.part', true),
      place(dataDir, 'compressed/take_3-1a2b3c4d_compressed.mp3.part', true),
    ];
    const kept = [
      // The app's own files, however old.
      place(dataDir, 'session.vault', true),
      place(dataDir, `snapshots/${SONG_ID}/0123abcd.als`, true),
      place(dataDir, 'waveforms/0123456789abcdef0123456789abcdef01234567.dat', true),
      place(dataDir, 'compressed/take_3-1a2b3c4d_compressed.mp3', true),
      // Written after this process started: perhaps this very process's, still being written.
      place(dataDir, path.basename(temporaryFileOf(path.join(dataDir, 'session.vault'))), false),
      place(dataDir, 'compressed/fresh.mp3.part', false),
      // Names the app does not give its temporary files, or not there.
      place(dataDir, 'notes.tmp', true),
      place(dataDir, 'backup/session.vault.4242.tmp', true),
      place(dataDir, 'elsewhere/take.mp3.part', true),
      place(dataDir, `snapshots/${SONG_ID}/take.part`, true),
    ];
    const core = createTestCore(dataDir);
    cores.push(core);
    await core.start();

    expect(present(dataDir, leftovers)).toEqual([]);
    expect(present(dataDir, kept)).toEqual(kept);
  });
});

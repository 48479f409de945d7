// The library's folders as the file channels see them: a watched folder is held to the folder rule as it really is
// now, so one later swapped for a link to the home folder (or to a hidden folder in it) opens nothing there. Real
// folders and links in temp dirs, a real database; the home folder is a temp folder, given as HOME.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OpenedDatabase } from '../../db/connection';
import { insertDirectory } from '../../db/repositories/directories';
import { openTestDatabase, tempDir } from '../../db/test-support';
import { resolveAudioFile } from './audio-file';
import { libraryRoots, resolveLibraryPath } from './library-roots';
import { folderPlaces, resolveWatchableFolder } from './watchable-folder';

let db: OpenedDatabase;
let home: string;
const dataDir = tempDir('songshelf-data-');

beforeEach(() => {
  home = tempDir('songshelf-home-');
  // os.homedir() reads HOME (USERPROFILE on Windows): the rule's home is this test's.
  vi.stubEnv('HOME', home);
  vi.stubEnv('USERPROFILE', home);
  fs.mkdirSync(path.join(home, '.ssh'));
  fs.writeFileSync(path.join(home, '.ssh', 'id_ed25519'), 'PRIVATE KEY');
  fs.writeFileSync(path.join(home, 'memo.wav'), 'RIFF');
  db = openTestDatabase();
});

afterEach(() => {
  db.close();
  vi.unstubAllEnvs();
});

/** A folder watched as `watchDirectory` records it: checked by the rule, then a `directories` row. */
async function watch(folder: string): Promise<string> {
  const checked = await resolveWatchableFolder(folder, folderPlaces(dataDir));
  insertDirectory(db, checked, null);
  return checked;
}

/** `folder` removed and a link to `target` made in its place. */
function replaceWithLink(folder: string, target: string): void {
  fs.rmSync(folder, { recursive: true });
  fs.symlinkSync(target, folder, 'junction');
}

describe('a watched folder later swapped for a link', () => {
  it('to the home folder opens nothing in it: not its keys, not its files', async () => {
    const music = await watch(folderIn(tempDir('songshelf-music-')));
    replaceWithLink(music, home);
    await expect(resolveLibraryPath(path.join(music, '.ssh', 'id_ed25519'), db, dataDir)).rejects.toMatchObject({ code: 'forbidden' });
    await expect(resolveLibraryPath(path.join(music, 'memo.wav'), db, dataDir)).rejects.toMatchObject({ code: 'forbidden' });
    await expect(resolveAudioFile(path.join(music, 'memo.wav'), libraryRoots(db, dataDir))).rejects.toMatchObject({ code: 'forbidden' });
  });

  it('to a hidden folder of the home folder opens nothing in it', async () => {
    const music = await watch(folderIn(tempDir('songshelf-music-')));
    replaceWithLink(music, path.join(home, '.ssh'));
    await expect(resolveLibraryPath(path.join(music, 'id_ed25519'), db, dataDir)).rejects.toMatchObject({ code: 'forbidden' });
  });

  it('to another folder of projects still reads inside it', async () => {
    const projects = tempDir('songshelf-projects-');
    fs.writeFileSync(path.join(projects, 'song.wav'), 'RIFF');
    const music = await watch(folderIn(tempDir('songshelf-music-')));
    replaceWithLink(music, projects);
    await expect(resolveLibraryPath(path.join(music, 'song.wav'), db, dataDir)).resolves.toBe(fs.realpathSync(path.join(projects, 'song.wav')));
  });
});

function folderIn(parent: string): string {
  const folder = path.join(parent, 'Music');
  fs.mkdirSync(folder);
  return folder;
}

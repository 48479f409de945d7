// A folder to watch, checked on disk: real folders in temp dirs, links to the disk and to the app's data.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FolderPlaces } from '../../common/projects/folder-rules';
import { tempDir } from '../../db/test-support';
import { resolveWatchableFolder } from './watchable-folder';

const home = tempDir('songshelf-home-');
const places: FolderPlaces = { home, dataDir: path.join(home, '.config', 'Songshelf') };
fs.mkdirSync(places.dataDir, { recursive: true });

function link(target: string): string {
  const at = path.join(tempDir('songshelf-link-'), 'folder');
  fs.symlinkSync(target, at);
  return at;
}

describe('resolveWatchableFolder', () => {
  it('takes a folder in the temp folder and answers it as named, through a link too', async () => {
    const music = tempDir('songshelf-music-');
    expect(await resolveWatchableFolder(`${music}${path.sep}`, places)).toBe(music);
    const linked = link(music);
    expect(await resolveWatchableFolder(linked, places)).toBe(linked);
    fs.mkdirSync(path.join(home, 'Music'));
    expect(await resolveWatchableFolder(path.join(home, 'Music'), places)).toBe(path.join(home, 'Music'));
  });

  it.each<[string, () => string, string, RegExp]>([
    ['a relative path', () => 'Music', 'invalid_input', /full path/],
    ['a NUL byte', () => `${tempDir()}\0x`, 'invalid_input', /NUL/],
    ['a missing folder', () => path.join(tempDir(), 'gone'), 'not_found', /Folder not found/],
    ['a file', () => fileIn(tempDir()), 'invalid_input', /is a file, not a folder/],
    ['the whole disk', () => '/', 'forbidden', /whole disk/],
    ['a link to the whole disk', () => link('/'), 'forbidden', /whole disk/],
    ['a system folder', () => '/etc', 'forbidden', /system folder/],
    ['a link to a system folder', () => link('/usr'), 'forbidden', /system folder/],
    ['the home folder', () => home, 'forbidden', /whole home folder/],
    ['a link to the home folder', () => link(home), 'forbidden', /whole home folder/],
    ['a hidden folder in the home folder', () => path.join(home, '.config'), 'forbidden', /settings and keys/],
    ['the data folder', () => places.dataDir, 'forbidden', /Songshelf's own data/],
    ['a link to a folder inside the data folder', () => link(mkdir(path.join(places.dataDir, 'cloud'))), 'forbidden', /Songshelf's own data/],
    ['a UNC share, untouched', () => '//server/share', 'forbidden', /network share/],
  ])('refuses %s', async (_case, folder, code, message) => {
    await expect(resolveWatchableFolder(folder(), places)).rejects.toMatchObject({ code, message: expect.stringMatching(message) });
  });

  it('refuses the data folder when the places name it through a link', async () => {
    const linkedData: FolderPlaces = { home, dataDir: link(places.dataDir) };
    await expect(resolveWatchableFolder(places.dataDir, linkedData)).rejects.toMatchObject({ code: 'forbidden' });
  });
});

function fileIn(folder: string): string {
  const file = path.join(folder, 'song.wav');
  fs.writeFileSync(file, 'RIFF');
  return file;
}

function mkdir(folder: string): string {
  fs.mkdirSync(folder, { recursive: true });
  return folder;
}

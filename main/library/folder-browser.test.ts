// The browser host's folder browser (issue 20): folders of the home folder only, links that leave it left out,
// hidden folders left out (asked for by name or through a link too), a folder read only up to a bound, and each
// folder's watchability by the one folder rule.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../db/test-support';
import { browseFolders, HIDDEN_FOLDER, MAX_ENTRIES_READ, OUTSIDE_HOME } from './folder-browser';

function homeWith(folders: string[]): { home: string; dataDir: string } {
  const home = fs.realpathSync(tempDir('songshelf-home-'));
  for (const folder of folders) fs.mkdirSync(path.join(home, folder), { recursive: true });
  fs.writeFileSync(path.join(home, 'notes.txt'), 'a file, not a folder');
  return { home, dataDir: path.join(home, 'AppData', 'Songshelf') };
}

describe('browseFolders', () => {
  it('starts at the home folder and lists its folders by name, without files or hidden folders', async () => {
    const places = homeWith(['Music/Ableton', 'Desktop', '.ssh', 'AppData/Songshelf']);
    const listing = await browseFolders(undefined, places);
    expect(listing.path).toBe(places.home);
    expect(listing.parent).toBeNull();
    // The home folder itself may not be watched: the rule's reason comes with it.
    expect(listing.watchable).toBe(false);
    expect(listing.reason).toBeTruthy();
    expect(listing.folders.map((folder) => [folder.name, folder.watchable])).toEqual([
      ['AppData', false],
      ['Desktop', true],
      ['Music', true],
    ]);
  });

  it('goes into a folder and back up, and says why a folder may not be watched', async () => {
    const places = homeWith(['Music/Ableton/Song Project']);
    const music = await browseFolders(path.join(places.home, 'Music'), places);
    expect(music.parent).toBe(places.home);
    expect(music.folders).toEqual([{ name: 'Ableton', path: path.join(places.home, 'Music', 'Ableton'), watchable: true }]);
    const dataInside = await browseFolders(undefined, { ...places, dataDir: path.join(places.home, 'Music') });
    expect(dataInside.folders.find((folder) => folder.name === 'Music')).toMatchObject({ watchable: false, reason: expect.any(String) });
  });

  it('refuses a folder outside the home folder, also through a link or dots, and a folder that is not there', async () => {
    const places = homeWith(['Music']);
    const outside = fs.realpathSync(tempDir('songshelf-elsewhere-'));
    fs.mkdirSync(path.join(outside, 'Secret'));
    fs.symlinkSync(outside, path.join(places.home, 'Music', 'Away'));
    await expect(browseFolders(outside, places)).rejects.toThrow(OUTSIDE_HOME);
    await expect(browseFolders(path.join(places.home, '..'), places)).rejects.toThrow(OUTSIDE_HOME);
    await expect(browseFolders(path.join(places.home, 'Music', 'Away'), places)).rejects.toThrow(OUTSIDE_HOME);
    await expect(browseFolders('/', places)).rejects.toThrow(OUTSIDE_HOME);
    await expect(browseFolders(path.join(places.home, 'Nowhere'), places)).rejects.toMatchObject({ code: 'not_found' });
    // The link that leaves the home folder is not listed.
    expect((await browseFolders(path.join(places.home, 'Music'), places)).folders).toEqual([]);
  });

  it('lists a link that stays in the home folder', async () => {
    const places = homeWith(['Music/Projects', 'Shortcuts']);
    fs.symlinkSync(path.join(places.home, 'Music', 'Projects'), path.join(places.home, 'Shortcuts', 'Projects'));
    expect((await browseFolders(path.join(places.home, 'Shortcuts'), places)).folders.map((folder) => folder.name)).toEqual(['Projects']);
  });
});

describe('browseFolders keeps hidden folders and huge folders out', () => {
  it('refuses a hidden folder of the home folder, as named or through a link, and lists no link to one', async () => {
    const places = homeWith(['.config/Songshelf', 'Music']);
    fs.symlinkSync(path.join(places.home, '.config'), path.join(places.home, 'Music', 'Settings'));
    await expect(browseFolders(path.join(places.home, '.config'), places)).rejects.toMatchObject({ code: 'forbidden', message: HIDDEN_FOLDER });
    await expect(browseFolders(path.join(places.home, 'Music', 'Settings'), places)).rejects.toMatchObject({ code: 'forbidden', message: HIDDEN_FOLDER });
    expect((await browseFolders(path.join(places.home, 'Music'), places)).folders).toEqual([]);
  });

  it('reads a folder only up to its bound and says the listing was cut', async () => {
    const places = homeWith(['Samples/Kit']);
    const samples = path.join(places.home, 'Samples');
    // Files are never listed: without the bound, all of them would be read to find the one folder among them.
    for (let index = 0; index < MAX_ENTRIES_READ; index += 1) fs.writeFileSync(path.join(samples, `hit ${index}.wav`), '');
    const listing = await browseFolders(samples, places);
    expect(listing.truncated).toBe(true);
    expect(listing.folders.length).toBeLessThanOrEqual(1);
  });

  it('says a listing is whole when every entry was read', async () => {
    const places = homeWith(['Music/Ableton', 'Music/Logic']);
    expect(await browseFolders(path.join(places.home, 'Music'), places)).toMatchObject({ truncated: false, folders: [{ name: 'Ableton' }, { name: 'Logic' }] });
  });
});

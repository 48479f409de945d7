// Adding songs with files, the player, and songs from project folders going to Hidden (issue 4).
import fs from 'node:fs';
import path from 'node:path';
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { writeAls } from '../fixtures/generators/als';
import { writeLibrary } from '../fixtures/generators/library';
import { writeProToolsSession } from '../fixtures/generators/protools';
import { hostUrl } from './host-url';
import { platformCalls } from './platform-calls';
import { writeWav } from '../fixtures/generators/wav';
import { addSongs, cell, makeRoomForFolders, restoreDefaultOrder, row, search, showColumns, tempFolder } from './songs';

async function addSongWithFiles(page: Page, name: string, audio: string | null, session: string | null) {
  await page.getByRole('button', { name: 'Add song' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a song' });
  await dialog.getByLabel('Song name').fill(name);
  if (audio) await dialog.getByLabel('Audio file (optional)').setInputFiles(audio);
  if (session) await dialog.getByLabel('Recording session (optional)').setInputFiles(session);
  await dialog.getByRole('button', { name: 'Add song' }).click();
  await expect(dialog).toBeHidden();
}

const audioState = (page: Page) =>
  page.evaluate(() => {
    const audio = document.querySelector('audio');
    return { paused: audio?.paused ?? true, time: audio?.currentTime ?? 0, src: audio?.getAttribute('src') ?? '' };
  });

test('a song added by hand with its audio and session plays, pauses, seeks, and steps through the view', async ({ page }) => {
  const folder = tempFolder('songshelf-e2e-audio-');
  const first = writeWav(path.join(folder, 'Play First.wav'), 3);
  const second = writeWav(path.join(folder, 'Play Second.wav'), 2);
  // The core keeps only real sessions and audio, by their content.
  const session = path.join(folder, 'Play First.als');
  writeAls(session);
  await page.goto(hostUrl());
  await addSongWithFiles(page, 'Play First', first, session);
  await addSongWithFiles(page, 'Play Second', second, null);
  await addSongs(page, [{ name: 'Play Muted' }]);
  await search(page, 'Play');
  await showColumns(page, ['Recording session']);
  await expect(cell(page, 'Play First', 'file')).toHaveText('Play First.wav');
  await expect(cell(page, 'Play First', 'recordingSession')).toHaveText('Play First.als');

  // Sorted by name: First, Muted (no audio), Second.
  await page.getByRole('columnheader', { name: 'Name', exact: true }).getByRole('button').click();
  // The rows re-sort when the core answers: wait for that before clicking one.
  await expect(page.getByTestId('song-row').locator('[data-column="name"]')).toHaveText(['Play First', 'Play Muted', 'Play Second']);
  await page.getByRole('button', { name: 'Play Play First' }).click();
  await expect(page.getByTestId('now-playing')).toHaveText('Play First');
  await expect.poll(async () => (await audioState(page)).time).toBeGreaterThan(0.2);
  const player = page.getByRole('contentinfo', { name: 'Player' });
  await player.getByRole('button', { name: 'Pause' }).click();
  await expect.poll(async () => (await audioState(page)).paused).toBe(true);
  await player.getByLabel('Seek').fill('2');
  await expect.poll(async () => (await audioState(page)).time).toBeGreaterThan(1.9);
  await page.screenshot({ path: 'e2e/artifacts/player.png' });

  // "Play Muted" has no audio: next and previous step over it, each way.
  await player.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByTestId('now-playing')).toHaveText('Play Second');
  await player.getByRole('button', { name: 'Previous' }).click();
  await expect(page.getByTestId('now-playing')).toHaveText('Play First');
  await restoreDefaultOrder(page);
});

test('the player refuses a missing file with the spec message, and sets AIFF as current without playing', async ({ page }) => {
  const folder = tempFolder('songshelf-e2e-missing-');
  const doomed = writeWav(path.join(folder, 'Gone Bounce.wav'), 1);
  const aiff = path.join(folder, 'Quiet Take.aiff');
  // An AIFF header and silence: enough to be kept as audio, not enough to play.
  fs.writeFileSync(aiff, Buffer.concat([Buffer.from('FORM'), Buffer.from([0, 0, 1, 0xf8]), Buffer.from('AIFF'), Buffer.alloc(500)]));
  const wav = writeWav(path.join(folder, 'Loud Take.wav'), 1);
  // Every play() the page asks of an audio element, with the element's address then.
  await page.addInitScript(() => {
    const calls: string[] = [];
    (window as unknown as { playCalls: string[] }).playCalls = calls;
    const play = HTMLMediaElement.prototype.play;
    HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
      calls.push(this.getAttribute('src') ?? '');
      return play.call(this);
    };
  });
  const playCalls = () => page.evaluate(() => (window as unknown as { playCalls: string[] }).playCalls);
  await page.goto(hostUrl());
  await addSongWithFiles(page, 'Missing Mix', doomed, null);
  await addSongWithFiles(page, 'Aiff Take', aiff, null);
  await addSongWithFiles(page, 'Loud Take', wav, null);
  // The saved copy is what the song links: remove that.
  const linked = await page.evaluate(async () => {
    const result = await window.api!['songs:query']({ search: 'Missing Mix' });
    return result.ok ? (result.data.rows[0]?.file?.localPath ?? null) : null;
  });
  expect(linked).not.toBeNull();
  fs.rmSync(linked as string);
  await search(page, 'Missing Mix');
  await page.getByRole('button', { name: 'Play Missing Mix' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Cannot play audio: File not found (Gone Bounce.wav)' })).toBeVisible();

  await search(page, 'Aiff Take');
  await page.getByRole('button', { name: 'Play Aiff Take' }).click();
  await expect(page.getByTestId('now-playing')).toHaveText('Aiff Take');
  // The address is set in the same step that would call play(): once it is there, play() was not called.
  await expect.poll(async () => (await audioState(page)).src).toContain('/media/songs/');
  expect(await playCalls()).toEqual([]);

  // A WAV does play: the watch on play() sees it.
  await search(page, 'Loud Take');
  await page.getByRole('button', { name: 'Play Loud Take' }).click();
  await expect(page.getByTestId('now-playing')).toHaveText('Loud Take');
  await expect.poll(playCalls).toEqual([expect.stringContaining('/media/songs/')]);
});

test('linking a recording session later, and revealing files, go through the core', async ({ page }) => {
  const folder = tempFolder('songshelf-e2e-link-');
  const session = path.join(folder, 'Later.ptx');
  await writeProToolsSession(session);
  await page.goto(hostUrl());
  await addSongs(page, [{ name: 'Link Later' }]);
  await search(page, 'Link Later');
  await showColumns(page, ['Recording session']);
  await cell(page, 'Link Later', 'recordingSession').dblclick();
  const popover = page.getByRole('dialog', { name: 'Song recording session' });
  await popover.getByTestId('choose-session').setInputFiles(session);
  await expect(cell(page, 'Link Later', 'recordingSession')).toHaveText('Later.ptx');
  // The file the song links, as the core resolves it before it asks the platform.
  const linked = await page.evaluate(async () => {
    const result = await window.api!['songs:query']({ search: 'Link Later' });
    return result.ok ? (result.data.rows[0]?.recordingSession?.value ?? null) : null;
  });
  expect(linked).not.toBeNull();
  const target = fs.realpathSync(linked!);
  const before = platformCalls().length;
  await page.getByRole('button', { name: 'Actions for Link Later' }).click();
  await page.getByRole('menuitem', { name: 'Reveal project' }).click();
  // macOS selects the file in Finder; Linux has no common way to select one, so its folder opens (open-path.ts).
  const reveal = process.platform === 'darwin' ? { program: 'open', args: ['-R', target] } : { program: 'xdg-open', args: [path.dirname(target)] };
  await expect.poll(() => platformCalls().slice(before)).toEqual([reveal]);
  await page.getByRole('button', { name: 'Actions for Link Later' }).click();
  await page.getByRole('menuitem', { name: 'Open in DAW' }).click();
  const open = { program: process.platform === 'darwin' ? 'open' : 'xdg-open', args: [target] };
  await expect.poll(() => platformCalls().slice(before)).toEqual([reveal, open]);
});

test('a song from a project folder goes to Hidden when deleted, and can be restored', async ({ page }) => {
  await page.goto(hostUrl());
  await makeRoomForFolders(page);
  const root = tempFolder('songshelf-e2e-hide-');
  await writeLibrary(root, { projects: 2 });
  await page.getByLabel('Add a folder').fill(root);
  await page.getByRole('button', { name: 'Watch' }).click();
  await expect(page.getByRole('heading', { name: path.basename(root) })).toBeVisible();
  const first = page.getByTestId('song-row').first();
  await expect(first).toBeVisible();
  const name = (await first.locator('[data-column="name"]').textContent())!.replace(/ missing$/, '');
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await expect(page.getByRole('menuitem', { name: 'Delete for good…' })).toHaveCount(0);
  await page.getByRole('menuitem', { name: 'Move to Hidden' }).click();
  await expect(row(page, name)).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: 'moved to Hidden' })).toBeVisible();

  await page.getByRole('navigation', { name: 'Views' }).getByRole('link', { name: 'Hidden' }).click();
  await search(page, name);
  await expect(row(page, name)).toBeVisible();
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Restore from Hidden' }).click();
  await expect(row(page, name)).toHaveCount(0);
  await page.getByRole('navigation', { name: 'Views' }).getByRole('link', { name: path.basename(root) }).click();
  await expect(row(page, name)).toBeVisible();
});

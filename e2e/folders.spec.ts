// Folders the usual way and a first run (issue 20): the empty library's first screen, the demo library added and
// removed in one click, the browser host's folder browser for "Choose folder…", and audio dropped on the window.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from './fixtures';
import { DEMO_FOLDER_NAME } from '../common/library';
import { writeAls } from '../fixtures/generators/als';
import { writeWav } from '../fixtures/generators/wav';
import { hostUrl } from './host-url';
import { makeRoomForAFolder, search, tempFolder } from './songs';

test('an empty library offers Choose folder… and a demo library, which the sidebar removes in one click', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(hostUrl());
  // An empty library: no folder watched, every song put away in Hidden.
  const emptied = await page.evaluate(async () => {
    const folders = await window.api!.getWatchedDirectories();
    for (const folder of folders.ok ? folders.data : []) await window.api!['library:remove-directory']({ id: folder.id });
    for (;;) {
      const page = await window.api!['songs:query']({ limit: 500 });
      if (!page.ok) return page.error.message;
      if (page.data.rows.length === 0) return 'ok';
      const hidden = await window.api!['songs:bulk-update']({ ids: page.data.rows.map((song) => song.id), patch: { hidden: true } });
      if (!hidden.ok) return hidden.error.message;
    }
  });
  expect(emptied).toBe('ok');
  await page.getByRole('navigation', { name: 'Views' }).getByRole('link', { name: 'All Songs' }).click();
  await expect(page.getByRole('heading', { name: 'Your music, every project in one place' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('button', { name: 'Choose folder…' })).toBeVisible();
  await page.screenshot({ path: 'e2e/artifacts/first-run.png' });

  await page.getByRole('button', { name: 'Try a demo library' }).click();
  const demo = page.getByRole('navigation', { name: 'Views' }).getByRole('link', { name: DEMO_FOLDER_NAME });
  await expect(demo).toBeVisible();
  await expect(page.getByTestId('song-row')).toHaveCount(4, { timeout: 20_000 });
  await expect(page.getByTestId('song-row').filter({ hasText: 'Night Drive' })).toContainText('Live');
  await page.screenshot({ path: 'e2e/artifacts/demo-library.png' });

  await page.getByRole('button', { name: 'Remove the demo library' }).click();
  await expect(demo).toHaveCount(0);
  expect(fs.existsSync(path.join(os.homedir(), 'Music', DEMO_FOLDER_NAME))).toBe(false);
});

test('Choose folder… in the browser opens the host’s folder browser of the home folder, and watches the folder picked', async ({ page }) => {
  const root = fs.mkdtempSync(path.join(os.homedir(), 'songshelf-e2e-browse-'));
  try {
    fs.mkdirSync(path.join(root, 'Browse Beat Project'));
    writeAls(path.join(root, 'Browse Beat Project', 'Browse Beat.als'), { tempo: 97 });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(hostUrl());
    await makeRoomForAFolder(page);
    await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Choose folder…' }).click();
    const browser = page.getByRole('dialog', { name: 'Choose a folder to watch' });
    await expect(browser).toBeVisible();
    // The home folder itself may not be watched; a folder in it may.
    await expect(browser.getByRole('button', { name: 'Watch this folder' })).toBeDisabled();
    await browser.getByRole('list', { name: 'Folders' }).getByRole('button', { name: path.basename(root) }).click();
    await expect(browser.getByText(root)).toBeVisible();
    await page.screenshot({ path: 'e2e/artifacts/folder-browser.png' });
    await browser.getByRole('button', { name: 'Watch this folder' }).click();
    await expect(browser).toBeHidden();
    await expect(page.getByRole('heading', { name: path.basename(root) })).toBeVisible();
    await expect(page.getByTestId('song-row').filter({ hasText: 'Browse Beat' })).toBeVisible({ timeout: 20_000 });
    // Up from the home folder is not offered: the browser stays in it.
    await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Choose folder…' }).click();
    await expect(browser.getByRole('button', { name: 'Up one folder' })).toBeDisabled();
    await page.keyboard.press('Escape');
  } finally {
    await page.goto(hostUrl());
    await page.evaluate(async (folder) => {
      const folders = await window.api!.getWatchedDirectories();
      const watched = folders.ok ? folders.data.find((candidate) => candidate.path === folder) : undefined;
      if (watched) await window.api!['library:remove-directory']({ id: watched.id });
    }, root);
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test('audio dropped on the window becomes a song; a file that is neither audio nor a folder is named and left out', async ({ page }) => {
  const wav = fs.readFileSync(writeWav(path.join(tempFolder('songshelf-e2e-drop-'), 'Dropped Idea.wav'), 1));
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(hostUrl());
  const drop = async (files: { name: string; base64: string; type: string }[]) => {
    const transfer = await page.evaluateHandle((items) => {
      const data = new DataTransfer();
      for (const item of items) data.items.add(new File([Uint8Array.from(atob(item.base64), (c) => c.charCodeAt(0))], item.name, { type: item.type }));
      return data;
    }, files);
    await page.dispatchEvent('main', 'dragover', { dataTransfer: transfer });
    await page.dispatchEvent('main', 'drop', { dataTransfer: transfer });
  };
  await drop([{ name: 'Dropped Idea.wav', base64: wav.toString('base64'), type: 'audio/wav' }]);
  await expect(page.getByRole('status').filter({ hasText: 'Added Dropped Idea.wav as a song.' })).toBeVisible();
  await search(page, 'Dropped Idea');
  await expect(page.getByTestId('song-row')).toHaveCount(1);
  await drop([{ name: 'notes.txt', base64: Buffer.from('hello').toString('base64'), type: 'text/plain' }]);
  await expect(page.getByRole('alert').filter({ hasText: 'notes.txt is neither a folder nor audio' })).toBeVisible();
});

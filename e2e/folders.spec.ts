// Folders the usual way and a first run (issue 20): the empty library's first screen, the demo library added and
// removed in one click, "Choose folder…" (Electron's dialog, the browser host's folder browser), and folders and
// audio dropped on the window.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from './fixtures';
import { DEMO_FOLDER_NAME } from '../common/projects/library';
import { writeAls } from '../fixtures/generators/als';
import { writeWav } from '../fixtures/generators/wav';
import { hostUrl } from './host-url';
import { makeRoomForFolders, search, tempFolder } from './songs';

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
  await expect(page.getByTestId('song-row')).toHaveCount(7, { timeout: 20_000 });
  await expect(page.getByTestId('song-row').filter({ hasText: 'Night Drive' })).toContainText('Live');
  // Issue 43: an FL Studio beat, a REAPER mix and a Studio One song, each with its DAW's badge.
  await expect(page.getByTestId('song-row').filter({ hasText: 'Trap Beat' })).toContainText('FL');
  await expect(page.getByTestId('song-row').filter({ hasText: 'Harbour Mix' })).toContainText('REAPER');
  await expect(page.getByTestId('song-row').filter({ hasText: 'Slow Burn' })).toContainText('Studio One');
  await page.screenshot({ path: 'e2e/artifacts/demo-library.png' });

  // Remove asks first, saying what goes; a file the user saved in the demo's folder stays.
  const demoFolder = path.join(os.homedir(), 'Music', DEMO_FOLDER_NAME);
  fs.writeFileSync(path.join(demoFolder, 'my notes.txt'), 'mine');
  const asked: string[] = [];
  page.once('dialog', (dialog) => {
    asked.push(dialog.message());
    void dialog.dismiss();
  });
  await page.getByRole('button', { name: 'Remove the demo library' }).click();
  await expect.poll(() => asked.length).toBe(1);
  expect(asked[0]).toMatch(/^Remove the demo library\? Its 7 songs and the \d+ files Songshelf wrote for it are removed\. 1 other file in its folder/);
  await expect(demo).toBeVisible();
  fs.rmSync(path.join(demoFolder, 'my notes.txt'));
  page.once('dialog', (dialog) => void dialog.accept());
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
    await makeRoomForFolders(page);
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

test('Choose folder… under Electron: every folder the system’s dialog picked is watched; past the plan’s limit, the spec’s alert', async ({ page }) => {
  const picked = [0, 1, 2, 3].map((i) => {
    const folder = fs.mkdtempSync(path.join(os.homedir(), `songshelf-e2e-dialog-${i}-`));
    fs.mkdirSync(path.join(folder, `Dialog Song ${i} Project`));
    writeAls(path.join(folder, `Dialog Song ${i} Project`, `Dialog Song ${i}.als`), { tempo: 100 + i });
    return folder;
  });
  // Electron's main process answers "library:choose-folders" from its dialog (main/electron/platform.ts, tested with
  // Electron's module replaced in shell.test.ts); here the page gets that answer, and the real host watches the folders.
  let answer: string[] = [];
  await page.routeWebSocket(/\/bridge/, (socket) => {
    const server = socket.connectToServer();
    socket.onMessage((frame) => {
      const call = JSON.parse(String(frame)) as { type?: string; id?: number; channel?: string };
      if (call.type === 'call' && call.channel === 'library:choose-folders') {
        socket.send(JSON.stringify({ type: 'result', id: call.id, result: { ok: true, data: { native: true, paths: answer } } }));
      } else server.send(frame);
    });
    server.onMessage((frame) => socket.send(frame));
  });
  try {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(hostUrl());
    await makeRoomForFolders(page, 2);
    const sidebar = page.getByRole('navigation', { name: 'Views' });
    answer = picked.slice(0, 2);
    await sidebar.getByRole('button', { name: 'Choose folder…' }).click();
    await expect(sidebar.getByRole('link', { name: path.basename(picked[0]!) })).toBeVisible();
    await expect(sidebar.getByRole('link', { name: path.basename(picked[1]!) })).toBeVisible();
    // The last folder's view opens, and its project becomes a song.
    await expect(page.getByRole('heading', { name: path.basename(picked[1]!) })).toBeVisible();
    await expect(page.getByTestId('song-row').filter({ hasText: 'Dialog Song 1' })).toBeVisible({ timeout: 20_000 });

    // Two more: the free plan's third folder may be one of them (the library had none or one), never both.
    answer = picked.slice(2);
    const alert = page.waitForEvent('dialog');
    await sidebar.getByRole('button', { name: 'Choose folder…' }).click();
    const shown = await alert;
    expect(shown.message()).toBe("You've reached the limit of 3 project directories on the Free tier. Upgrade to Pro for unlimited directories!");
    await shown.accept();
    await expect(page).toHaveURL(/\/pricing$/);
    // Nothing was added past the limit.
    const watchedPaths = await page.evaluate(async () => {
      const watched = await window.api!.getWatchedDirectories();
      return watched.ok ? watched.data.map((folder) => folder.path) : null;
    });
    expect(watchedPaths).toEqual(expect.arrayContaining(picked.slice(0, 2)));
    expect(watchedPaths).not.toContain(picked[3]);
    expect(watchedPaths!.length).toBe(3);
  } finally {
    await page.goto(hostUrl());
    await page.evaluate(async (folders) => {
      const watched = await window.api!.getWatchedDirectories();
      for (const folder of watched.ok ? watched.data : []) if (folders.includes(folder.path)) await window.api!['library:remove-directory']({ id: folder.id });
    }, picked);
    for (const folder of picked) fs.rmSync(folder, { recursive: true, force: true });
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

test('a folder dropped on the window is watched where the shell tells its path (Electron’s preload); a browser says to use Choose folder…', async ({ page }) => {
  const folder = fs.mkdtempSync(path.join(os.homedir(), 'songshelf-e2e-dropped-folder-'));
  fs.mkdirSync(path.join(folder, 'Dropped Folder Song Project'));
  writeAls(path.join(folder, 'Dropped Folder Song Project', 'Dropped Folder Song.als'), { tempo: 111 });
  // Chromium hands a dropped folder over as a directory entry; a drop made by a script can only carry files, so the
  // entry of the item named like the folder says what a real folder's would.
  await page.addInitScript(() => {
    const entryOf = DataTransferItem.prototype.webkitGetAsEntry;
    DataTransferItem.prototype.webkitGetAsEntry = function (this: DataTransferItem) {
      const file = this.getAsFile();
      if (file?.name.startsWith('songshelf-e2e-dropped-folder-')) return { isDirectory: true, isFile: false, name: file.name } as FileSystemEntry;
      return entryOf.call(this);
    };
  });
  const dropFolder = async () => {
    const transfer = await page.evaluateHandle((name) => {
      const data = new DataTransfer();
      data.items.add(new File([], name));
      return data;
    }, path.basename(folder));
    await page.dispatchEvent('main', 'dragover', { dataTransfer: transfer });
    await page.dispatchEvent('main', 'drop', { dataTransfer: transfer });
  };
  try {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(hostUrl());
    await makeRoomForFolders(page);
    // A browser cannot learn where the folder is.
    await dropFolder();
    await expect(page.getByRole('alert').filter({ hasText: 'A browser cannot tell Songshelf where a dropped folder is: use Choose folder… in the sidebar' })).toBeVisible();

    // Electron's preload answers with the folder's path (webUtils.getPathForFile); the page watches it.
    await page.evaluate((home) => {
      (window as unknown as { desktop: { pathOfFile(file: File): string } }).desktop = { pathOfFile: (file) => `${home}/${file.name}` };
    }, path.dirname(folder));
    await dropFolder();
    const sidebar = page.getByRole('navigation', { name: 'Views' });
    await expect(sidebar.getByRole('link', { name: path.basename(folder) })).toBeVisible();
    await expect(page.getByTestId('song-row').filter({ hasText: 'Dropped Folder Song' })).toBeVisible({ timeout: 20_000 });
  } finally {
    await page.evaluate(async (dropped) => {
      const watched = await window.api!.getWatchedDirectories();
      const found = watched.ok ? watched.data.find((candidate) => candidate.path === dropped) : undefined;
      if (found) await window.api!['library:remove-directory']({ id: found.id });
    }, folder);
    fs.rmSync(folder, { recursive: true, force: true });
  }
});

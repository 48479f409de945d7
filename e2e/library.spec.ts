import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { writeLibrary } from '../fixtures/generators/library';
import { hostUrl } from './host-url';

const DIRECTORY_LIMIT =
  "You've reached the limit of 3 project directories on the Free tier. Upgrade to Pro for unlimited directories!";

test.describe.configure({ mode: 'serial' });

async function watchFolder(page: Page, folder: string) {
  await page.getByLabel('Add a folder').fill(folder);
  await page.getByRole('button', { name: 'Watch' }).click();
}

test('watching a folder lists its projects as songs, with tempo and key read from the files', async ({ page }) => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'songshelf-e2e-library-'));
  const library = await writeLibrary(root, { projects: 12 });
  await page.goto(hostUrl());
  await watchFolder(page, root);

  await expect(page.getByRole('heading', { name: path.basename(root) })).toBeVisible();
  await expect(page.getByTestId('song-count')).toHaveText(`${library.expectedSongs} songs`);
  const ableton = page.getByTestId('song-row').filter({ hasText: 'Song 00001' });
  await expect(ableton).toContainText('90');
  await expect(ableton).toContainText('4/4');
  await expect(page.getByRole('navigation', { name: 'Views' }).getByRole('link', { name: path.basename(root) })).toBeVisible();
  await page.screenshot({ path: 'e2e/artifacts/library.png', fullPage: true });
});

test('a fourth folder on the free tier shows the spec alert, opens pricing and adds nothing', async ({ page }) => {
  await page.goto(hostUrl());
  const folders = page.getByRole('region', { name: 'Project Directories' }).getByRole('listitem');
  await expect(folders.first()).toBeVisible();
  while ((await folders.count()) < 3) {
    const before = await folders.count();
    await watchFolder(page, fs.mkdtempSync(path.join(os.tmpdir(), 'songshelf-e2e-folder-')));
    await expect(folders).toHaveCount(before + 1);
  }
  const alerted = new Promise<string>((resolve) =>
    page.once('dialog', (dialog) => {
      resolve(dialog.message());
      void dialog.accept();
    }),
  );
  await watchFolder(page, fs.mkdtempSync(path.join(os.tmpdir(), 'songshelf-e2e-folder-')));
  expect(await alerted).toBe(DIRECTORY_LIMIT);
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(page.getByRole('heading', { name: 'Plans' })).toBeVisible();
  await page.goto(new URL('/dashboard', hostUrl()).href);
  await expect(folders).toHaveCount(3);
});

test('a path that is not a folder gets a clear error under the form', async ({ page }) => {
  await page.goto(hostUrl());
  await watchFolder(page, '/no/such/folder');
  await expect(page.getByRole('alert')).toContainText('Folder not found: /no/such/folder');
});

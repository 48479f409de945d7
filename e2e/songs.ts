// Test helpers: songs made through the page's own bridge (the same `window.api` the app uses), and audio files.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import type { Api } from '../common/bridge/ipc';
import type { NewSong } from '../common/songs/song';
import { FREE_TIER_MAX_DIRECTORIES } from '../common/constants';
import { hostUrl } from './host-url';

declare global {
  interface Window {
    api?: Api;
  }
}

export async function addSongs(page: Page, songs: NewSong[]): Promise<string[]> {
  // Passed as JSON text: the song type's recursive JSON values are too deep for `evaluate`'s typing.
  return page.evaluate(async (json) => {
    const ids: string[] = [];
    for (const song of JSON.parse(json) as NewSong[]) {
      const result = await window.api!['db:add-song'](song);
      if (!result.ok) throw new Error(result.error.message);
      ids.push(result.data.id);
    }
    return ids;
  }, JSON.stringify(songs));
}

/** Shows only the rows whose text matches, so tests sharing one library see just their own songs. */
export async function search(page: Page, text: string) {
  await page.getByLabel('Search songs').fill(text);
  // The rows shown stay until the core answers this search: wait until they are its rows.
  await expect(page.getByTestId('song-grid')).toHaveAttribute('data-search', text.trim());
}

export function row(page: Page, name: string) {
  return page.getByTestId('song-row').filter({ hasText: name });
}

export function cell(page: Page, name: string, column: string) {
  return row(page, name).locator(`[data-column="${column}"]`);
}

export async function expectNames(page: Page, names: string[]) {
  await expect(page.getByTestId('song-row').locator('[data-column="name"]')).toHaveText(names);
}

/** Ticks columns on in the view's Columns panel (issue 20: a view shows eight until the user picks more). */
export async function showColumns(page: Page, labels: string[]): Promise<void> {
  await page.getByRole('button', { name: 'Columns' }).click();
  const panel = page.getByRole('dialog', { name: 'Columns' });
  for (const label of labels) await panel.getByRole('checkbox', { name: label, exact: true }).check();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
}

export function tempFolder(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** Unwatches folders past the first few, so a test can watch `count` more under the free tier's three. */
export async function makeRoomForFolders(page: Page, count = 1): Promise<void> {
  const room = await page.evaluate(async (keep) => {
    const folders = await window.api!.getWatchedDirectories();
    if (!folders.ok) return folders.error.message;
    for (const folder of folders.data.slice(keep)) await window.api!['library:remove-directory']({ id: folder.id });
    return 'ok';
  }, FREE_TIER_MAX_DIRECTORIES - count);
  expect(room).toBe('ok');
}

/**
 * Opens the app (the run's host, or `appUrl`) at 1440x900 and watches `root` as a user does (under the free tier's three folders), waiting for the
 * folder's own view: a search typed before it shows would go to the view it leaves.
 */
export async function openAndWatch(page: Page, root: string, appUrl = hostUrl()): Promise<void> {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(appUrl);
  await makeRoomForFolders(page);
  await page.getByLabel('Add a folder').fill(root);
  await page.getByRole('button', { name: 'Watch' }).click();
  await expect(page.getByRole('heading', { name: path.basename(root) })).toBeVisible();
}

/**
 * The run's tests share one library: a test that sorts All Songs puts it back in its default order (newest first)
 * for the tests after it, which count reads under that order.
 */
export async function restoreDefaultOrder(page: Page): Promise<void> {
  const restored = await page.evaluate(async () => {
    const views = await window.api!['db:get-views']();
    const all = views.ok ? views.data.find((view) => view.title === 'All Songs') : undefined;
    if (!all) return 'no All Songs view';
    const updated = await window.api!['db:update-view']({ id: all.id, patch: { sortConfig: null } });
    return updated.ok ? 'ok' : updated.error.message;
  });
  expect(restored).toBe('ok');
}

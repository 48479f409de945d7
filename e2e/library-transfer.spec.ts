// Taking the library out and back (issue 20): the toolbar's Export saves the view or the library as CSV or JSON,
// and a JSON export imported back changes what it should and duplicates nothing.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from './fixtures';
import type { LibraryDocument } from '../common/songs/library-export';
import { hostUrl } from './host-url';
import { addSongs, cell, search, tempFolder } from './songs';

test('exports the view as CSV and the library as JSON, and imports the JSON back without duplicates', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(hostUrl());
  await addSongs(page, [{ name: 'Transfer One', tempo: '120', tags: ['xfer'] }, { name: 'Transfer Two, "live"', status: 'Mixing' }]);
  await search(page, 'Transfer');
  await expect(page.getByTestId('song-row')).toHaveCount(2);

  await page.getByRole('button', { name: 'Export' }).click();
  const panel = page.getByRole('group', { name: 'Export and import' });
  await page.screenshot({ path: 'e2e/artifacts/export-panel.png' });
  const [csv] = await Promise.all([page.waitForEvent('download'), panel.getByRole('button', { name: 'View as CSV' }).click()]);
  expect(csv.suggestedFilename()).toMatch(/^Songshelf view \d{4}-\d{2}-\d{2}\.csv$/);
  const csvText = fs.readFileSync((await csv.path())!, 'utf8');
  // The view as shown: the search narrows it to the two songs.
  expect(csvText.trim().split('\r\n')).toHaveLength(3);
  expect(csvText).toContain('"Transfer Two, ""live"""');

  const [json] = await Promise.all([page.waitForEvent('download'), panel.getByRole('button', { name: 'Library as JSON' }).click()]);
  const file = path.join(tempFolder('songshelf-e2e-transfer-'), 'library.json');
  await json.saveAs(file);
  const document = JSON.parse(fs.readFileSync(file, 'utf8')) as LibraryDocument;
  const one = document.songs.find((song) => song.name === 'Transfer One')!;
  expect(one.tempo).toBe('120');

  // Edited in the file, imported back: the song changes, nothing is added.
  one.notes = 'edited in the export';
  fs.writeFileSync(file, JSON.stringify(document));
  await panel.getByLabel('Library file to import').setInputFiles(file);
  // Previewed first (issue 28): the value old -> new, written only once applied.
  const preview = page.getByRole('region', { name: 'Import preview' });
  await expect(preview.locator('li li', { hasText: 'Notes:' })).toContainText('edited in the export');
  await page.screenshot({ path: 'e2e/artifacts/import-preview.png' });
  await preview.getByRole('button', { name: 'Apply import' }).click();
  await expect(page.getByRole('status').or(page.getByRole('alert')).filter({ hasText: /Imported library\.json: 0 added, \d+ updated/ })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('song-row')).toHaveCount(2);
  const notes = await page.evaluate(async () => {
    const songs = await window.api!['songs:query']({ search: 'Transfer One' });
    return songs.ok ? songs.data.rows[0]?.notes : null;
  });
  expect(notes).toBe('edited in the export');
  await expect(cell(page, 'Transfer One', 'name')).toHaveText('Transfer One');
});

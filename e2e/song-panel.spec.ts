// A song whole (issue 20): the panel opens from its row by Enter on the name or a click on it, edits every field
// with the keyboard (arrows move, Enter edits, Escape cancels an edit, then closes), and Space plays the song.
import path from 'node:path';
import { expect, test } from './fixtures';
import { hostUrl } from './host-url';
import { writeWav } from '../fixtures/generators/wav';
import { cell, search, tempFolder } from './songs';

test('the song panel opens from the row, edits every field by keyboard, plays with Space and closes with Escape', async ({ page }) => {
  const audio = writeWav(path.join(tempFolder('songshelf-e2e-panel-'), 'Panel Song.wav'), 3);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(hostUrl());
  await page.getByRole('button', { name: 'Add song' }).click();
  const add = page.getByRole('dialog', { name: 'Add a song' });
  await add.getByLabel('Song name').fill('Panel Song');
  await add.getByLabel('Audio file (optional)').setInputFiles(audio);
  await add.getByRole('button', { name: 'Add song' }).click();
  await expect(add).toBeHidden();
  await search(page, 'Panel Song');

  // Enter on the name opens the panel; the fields take the keyboard at once.
  await cell(page, 'Panel Song', 'daw').click();
  await page.keyboard.press('Home');
  await page.keyboard.press('Enter');
  const panel = page.getByRole('dialog', { name: 'Panel Song' });
  await expect(panel).toBeVisible();
  const fields = panel.getByRole('grid', { name: 'Song fields' });
  await expect(fields).toBeFocused();
  await expect(fields.getByRole('rowheader')).toHaveText(['Name', 'Tempo', 'Key', 'Signature', 'Status', 'Priority', 'Tier', 'Tags', 'Notes']);

  // Name: Enter edits, the text is selected, typing replaces it, Enter saves.
  await page.keyboard.press('Enter');
  await page.keyboard.type('Panel Song Final');
  await page.keyboard.press('Enter');
  await expect(fields.getByRole('gridcell', { name: 'Name' })).toHaveText('Panel Song Final');
  // Down to Tempo: the same.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await page.keyboard.type('92');
  await page.keyboard.press('Enter');
  await expect(fields.getByRole('gridcell', { name: 'Tempo' })).toHaveText('92');
  // Key and Signature: long lists, so typing filters them and Enter picks the first left.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(panel.getByRole('listbox', { name: 'Key' })).toBeVisible();
  await page.keyboard.type('A minor');
  await page.keyboard.press('Enter');
  await expect(fields.getByRole('gridcell', { name: 'Key' })).toHaveText('A minor');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(panel.getByRole('listbox', { name: 'Signature' })).toBeVisible();
  await page.keyboard.type('6/8');
  await page.keyboard.press('Enter');
  await expect(fields.getByRole('gridcell', { name: 'Signature' })).toHaveText('6/8');
  // Status: Enter opens its dropdown, the arrows move (Backlog, Writing, Recording, Mixing), Enter picks.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(panel.getByRole('listbox', { name: 'Status' })).toBeVisible();
  for (let step = 0; step < 3; step += 1) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(fields.getByRole('gridcell', { name: 'Status' })).toHaveText('Mixing');
  // Priority: Escape in an edit cancels the edit, and the panel stays; then Medium down to High.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await expect(panel).toBeVisible();
  await expect(fields.getByRole('gridcell', { name: 'Priority' })).toHaveText('Medium');
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(fields.getByRole('gridcell', { name: 'Priority' })).toHaveText('High');
  // Tier: C up to B.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await expect(fields.getByRole('gridcell', { name: 'Tier' })).toHaveText('B');
  // Tags: Enter adds what was typed (a tag no song has, so no completion is picked instead); Escape closes.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await page.keyboard.type('panel-tag');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await expect(fields.getByRole('gridcell', { name: 'Tags' })).toHaveText('panel-tag');
  // Notes: Enter is a new line; Ctrl+Enter saves.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Lift the bridge');
  await page.keyboard.press('Control+Enter');
  await expect(fields.getByRole('gridcell', { name: 'Notes' })).toHaveText('Lift the bridge');
  await page.screenshot({ path: 'e2e/artifacts/song-panel-fields.png' });

  // Space plays the song.
  await page.keyboard.press(' ');
  await expect(page.getByTestId('now-playing')).toHaveText('Panel Song Final');

  // Escape closes; the table shows what the panel changed.
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(cell(page, 'Panel Song Final', 'name')).toHaveText('Panel Song Final');
  await expect(cell(page, 'Panel Song Final', 'tempo')).toHaveText('92');
  await expect(cell(page, 'Panel Song Final', 'key')).toHaveText('A minor');
  await expect(cell(page, 'Panel Song Final', 'timeSignature')).toHaveText('6/8');
  await expect(cell(page, 'Panel Song Final', 'status')).toHaveText('Mixing');
  // The fields the view does not show, as the core keeps them.
  const kept = await page.evaluate(async () => {
    const result = await window.api!['songs:query']({ search: 'Panel Song Final' });
    const song = result.ok ? result.data.rows[0] : undefined;
    return song ? { priority: song.priority, tier: song.tier, tags: song.tags, notes: song.notes } : null;
  });
  expect(kept).toEqual({ priority: 'High', tier: 'B', tags: ['panel-tag'], notes: 'Lift the bridge' });

  // A click on the name opens it too.
  await cell(page, 'Panel Song Final', 'name').getByRole('button', { name: 'Open Panel Song Final' }).click();
  await expect(panel).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
});

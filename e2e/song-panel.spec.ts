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

  // Down to Tempo, Enter edits, type, Enter saves.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await page.keyboard.type('92');
  await page.keyboard.press('Enter');
  await expect(fields.getByRole('gridcell', { name: 'Tempo' })).toHaveText('92');
  // Down to Status: Enter opens its dropdown, the arrows move (Backlog, Writing, Recording, Mixing), Enter picks.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(panel.getByRole('listbox', { name: 'Status' })).toBeVisible();
  for (let step = 0; step < 3; step += 1) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(fields.getByRole('gridcell', { name: 'Status' })).toHaveText('Mixing');
  // Escape in an edit cancels the edit, and the panel stays.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await expect(panel).toBeVisible();
  await expect(fields.getByRole('gridcell', { name: 'Priority' })).toHaveText('Medium');
  await page.screenshot({ path: 'e2e/artifacts/song-panel-fields.png' });

  // Space plays the song.
  await page.keyboard.press(' ');
  await expect(page.getByTestId('now-playing')).toHaveText('Panel Song');

  // Escape closes; the table shows what the panel changed.
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(cell(page, 'Panel Song', 'tempo')).toHaveText('92');
  await expect(cell(page, 'Panel Song', 'status')).toHaveText('Mixing');

  // A click on the name opens it too.
  await cell(page, 'Panel Song', 'name').getByRole('button', { name: 'Open Panel Song' }).click();
  await expect(panel).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
});

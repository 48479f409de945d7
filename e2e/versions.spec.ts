// A song's panel (issue 19): its facts, files and missing samples, and its timeline of versions with what changed,
// the bounce placed among them; opened from the row's menu and closed with Escape.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from './fixtures';
import { FIRST_SAVE, writeAbletonHistory } from '../fixtures/generators/project-versions';
import { writeSignalWav } from '../fixtures/generators/wav';
import { openAndWatch, search } from './songs';

test('the song panel shows the project’s versions, what each save changed, and that the bounce is older than the last save', async ({ page }) => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'songshelf-e2e-versions-'));
  const { project } = writeAbletonHistory(root, 'Timeline Song', [
    { tempo: 120, tracks: ['Drums', 'Bass'], samples: ['Samples/Imported/kick.wav'] },
    { tempo: 126, tracks: ['Drums', 'Bass'], samples: ['Samples/Imported/kick.wav'] },
    { tempo: 126, tracks: ['Drums', 'Bass', 'Vocals'], plugins: ['Serum'], samples: ['Samples/Imported/kick.wav', 'Samples/Imported/vox.wav'] },
  ]);
  const bounce = path.join(path.dirname(project), 'Timeline Song.wav');
  writeSignalWav(bounce, new Float32Array(44_100), 44_100);
  fs.utimesSync(bounce, (FIRST_SAVE + 5_400_000) / 1000, (FIRST_SAVE + 5_400_000) / 1000);

  await openAndWatch(page, root);
  await search(page, 'Timeline Song');
  await expect(page.getByTestId('song-row')).toHaveCount(1);

  await page.getByRole('button', { name: 'Actions for Timeline Song' }).click();
  await page.getByRole('menuitem', { name: 'Details and versions' }).click();
  const panel = page.getByRole('dialog', { name: 'Timeline Song' });
  await expect(panel).toBeVisible();
  const versions = panel.getByRole('region', { name: 'Versions' }).getByRole('listitem');
  // Three saves and the bounce, newest first: the bounce was written between the second and the last save.
  await expect(versions).toHaveCount(4);
  await expect(versions.nth(0)).toContainText('Save');
  await expect(versions.nth(0)).toContainText('Tracks added: Vocals');
  await expect(versions.nth(0)).toContainText('Samples added: vox.wav');
  await expect(versions.nth(0)).toContainText('Devices added: Serum');
  await expect(versions.nth(1)).toContainText('Bounce');
  await expect(versions.nth(2)).toContainText('DAW backup');
  await expect(versions.nth(2)).toContainText('Tempo: 120 BPM → 126 BPM');
  await expect(versions.nth(3)).toContainText('first version kept');
  await expect(panel.getByText("The bounce is older than the project's last save")).toBeVisible();
  await expect(panel.getByRole('region', { name: 'Missing samples' })).toContainText('kick.wav');
  // Studio time (issue 32): three saves an hour apart are one work session of two hours.
  await expect(panel.getByTestId('studio-time')).toContainText('Studio time: 1 session, 2 h · last worked');
  await expect(panel.getByRole('region', { name: 'Files' })).toContainText(project);
  // Live's versions can be opened as a copy beside the project (the copy itself is tested in the core).
  await expect(versions.nth(2).getByRole('button', { name: /^Open a copy of .* in the DAW$/ })).toBeVisible();
  // The set's devices and plug-ins, Live's by their titles.
  await expect(panel.getByRole('region', { name: 'Devices and plug-ins' })).toContainText('Serum');
  await expect(panel.getByRole('region', { name: 'Devices and plug-ins' })).toContainText('Glue Compressor');
  await page.screenshot({ path: 'e2e/artifacts/song-panel.png' });

  // How many copies Songshelf keeps, changed here for every song.
  await expect(panel.getByText(/up to 50 per song, or 200 MB/)).toBeVisible();
  // Issue 28: what all songs' snapshots take together is shown beside the budget.
  await expect(panel.getByText(/Snapshots take \d+(\.\d)? [MG]B now\./)).toBeVisible();
  await panel.getByRole('button', { name: 'Change' }).click();
  await panel.getByText('Copies per song').scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'e2e/artifacts/snapshot-budget.png' });
  await panel.getByLabel('Copies per song').fill('20');
  await panel.getByRole('button', { name: 'Save' }).click();
  await expect(panel.getByText(/up to 20 per song, or 200 MB/)).toBeVisible();

  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(page).not.toHaveURL(/modal\/song/);
});

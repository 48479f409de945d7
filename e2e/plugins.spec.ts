// Issue 31: the plug-ins every song needs, and whether they are installed on this computer: the Plugins view, the
// song's panel, the "Missing here" column and missing:plugins, against the stand-in Mac's plug-in folders that the
// run's host watches (e2e/global-setup.ts).
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from './fixtures';
import { writeAls } from '../fixtures/generators/als';
import { cell, openAndWatch, search, showColumns, tempFolder } from './songs';

const pluginFolder = (...parts: string[]) => path.join(process.env.SONGSHELF_PLUGIN_ROOT as string, 'Library', 'Audio', 'Plug-Ins', ...parts);

test('the Plug-ins view lists what the projects load and what this computer lacks, and follows an install', async ({ page }) => {
  fs.mkdirSync(pluginFolder('VST', 'Xfer', 'Serum.vst', 'Contents'), { recursive: true });
  const root = tempFolder('songshelf-e2e-plugins-');
  fs.mkdirSync(path.join(root, 'Plugin Song Project'));
  writeAls(path.join(root, 'Plugin Song Project', 'Plugin Song.als'), {
    tracks: [
      { kind: 'midi', name: 'Lead', plugins: ['Serum', { name: 'Zebra Dawn', format: 'VST3' }] },
      { kind: 'audio', name: 'Vox', plugins: ['Serum', { name: 'Zebra Dawn', format: 'VST3' }] },
    ],
  });

  await openAndWatch(page, root);
  await search(page, 'Plugin Song');
  await expect(page.getByTestId('song-row')).toHaveCount(1);

  await page.getByRole('button', { name: 'Plug-ins', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Plug-ins' });
  const list = dialog.getByRole('table', { name: 'Plug-ins in the library' });
  const zebra = list.getByRole('row').filter({ hasText: 'Zebra Dawn' });
  await expect(zebra).toContainText('VST3');
  await expect(zebra).toContainText('Not installed');
  await expect(list.getByRole('row').filter({ hasText: 'Serum' }).filter({ hasText: 'VST2' })).toContainText('Installed');
  await zebra.getByRole('button', { name: 'Zebra Dawn' }).click();
  const songs = dialog.getByLabel('Songs using the plug-in');
  await expect(songs.getByRole('button', { name: /Plugin Song/ })).toBeVisible();
  await expect(songs).toContainText('1 song, 2 instances');
  await page.screenshot({ path: 'e2e/artifacts/plugins-view.png' });

  // The song opens in its panel, which names the plug-in this computer lacks.
  await songs.getByRole('button', { name: /Plugin Song/ }).click();
  const panel = page.getByRole('dialog', { name: 'Plugin Song' });
  const plugins = panel.getByRole('region', { name: 'Plug-ins' });
  await expect(plugins.getByRole('listitem').filter({ hasText: 'Zebra Dawn' })).toContainText('Not on this computer');
  await expect(plugins.getByRole('listitem').filter({ hasText: 'Serum' })).toContainText('×2');
  await expect(plugins.getByRole('listitem').filter({ hasText: 'Serum' })).not.toContainText('Not on this computer');
  await expect(panel.getByText('1 plug-in', { exact: true })).toBeVisible();
  await page.screenshot({ path: 'e2e/artifacts/plugins-song-panel.png' });
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();

  await search(page, 'missing:plugins Plugin Song');
  await expect(page.getByTestId('song-row')).toHaveCount(1);
  await search(page, 'Plugin Song');
  await showColumns(page, ['Missing here']);
  await expect(cell(page, 'Plugin Song', 'missingHere')).toHaveText('1 plug-in');

  // Zebra is installed while the app runs: the watched folder changes, and the song is no longer missing anything.
  fs.mkdirSync(pluginFolder('VST3', 'u-he', 'Zebra Dawn.vst3', 'Contents'), { recursive: true });
  await expect(cell(page, 'Plugin Song', 'missingHere')).toHaveText('—', { timeout: 15_000 });
  await search(page, 'Plugin Song missing:plugins');
  await expect(page.getByTestId('song-row')).toHaveCount(0);
});

// Issue 43: an FL Studio, a REAPER and a Studio One song, as the demo library writes them with the project's own
// generators: each in the table with its DAW's badge, and in its panel with the plug-ins its project loads and its
// versions (the save before kept where the DAW keeps it: FL's Backup/, REAPER's .rpp-bak, Studio One's History/),
// with what the last save changed.
import { expect, test } from './fixtures';
import { DEMO_FOLDER_NAME } from '../common/projects/library';
import { hostUrl } from './host-url';
import { cell, makeRoomForFolders } from './songs';

interface DemoSong {
  name: string;
  badge: string;
  /** Every plug-in the panel lists, name and format, as the readers find them in the generators' projects. */
  plugins: [string, string][];
  /** What the last save changed from the one before. */
  changes: string[];
  screenshot: string;
}

const SONGS: DemoSong[] = [
  {
    name: 'Trap Beat',
    badge: 'FL',
    // Serum through Fruity Wrapper on a channel; Surge XT Effects in the master insert (the generator's default).
    plugins: [['Serum', 'VST3'], ['Surge XT Effects', 'CLAP']],
    changes: ['Tempo: 136 BPM → 140 BPM', 'Tracks added: Lead', 'Plug-ins added: Serum'],
    screenshot: 'flstudio',
  },
  {
    name: 'Harbour Mix',
    badge: 'REAPER',
    // ReaEQ on the master (the generator's default); REAPER's own plug-ins are VST2 in the project file.
    plugins: [['ReaEQ', 'VST2'], ['Pro-C 2', 'VST3'], ['ReaComp', 'VST2'], ['Surge XT Effects', 'CLAP']],
    changes: ['Tracks added: Vocal', 'Plug-ins added: Surge XT Effects'],
    screenshot: 'reaper',
  },
  {
    name: 'Slow Burn',
    badge: 'Studio One',
    // Pro-L 2 on the main bus (the generator's default); Studio One's own Pro EQ is not a plug-in.
    plugins: [['Pro-L 2', 'VST3'], ['Pro-Q 3', 'VST3'], ['Pro-R', 'VST3'], ['Keyscape', 'VST2']],
    changes: ['Tracks added: Vocal', 'Plug-ins added: Pro-R'],
    screenshot: 'studioone',
  },
];

test('the demo’s FL Studio, REAPER and Studio One songs show their badges, plug-ins and two saves with what changed', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(hostUrl());
  await makeRoomForFolders(page);
  const added = await page.evaluate(async () => {
    const result = await window.api!['library:demo']({ action: 'add' });
    return result.ok ? 'ok' : result.error.message;
  });
  expect(added).toBe('ok');
  try {
    await page.getByRole('navigation', { name: 'Views' }).getByRole('link', { name: DEMO_FOLDER_NAME }).click();
    await expect(page.getByRole('heading', { name: DEMO_FOLDER_NAME })).toBeVisible();
    await expect(page.getByTestId('song-row')).toHaveCount(7, { timeout: 20_000 });
    for (const song of SONGS) await expect(cell(page, song.name, 'daw')).toHaveText(song.badge);
    await page.screenshot({ path: 'e2e/artifacts/more-daws-table.png' });

    for (const song of SONGS) {
      await page.getByRole('button', { name: `Actions for ${song.name}` }).click();
      await page.getByRole('menuitem', { name: 'Details and versions' }).click();
      const panel = page.getByRole('dialog', { name: song.name });
      await expect(panel).toBeVisible();

      const plugins = panel.getByRole('region', { name: 'Plug-ins' }).getByRole('listitem');
      await expect(plugins).toHaveCount(song.plugins.length);
      for (const [name, format] of song.plugins) await expect(plugins.filter({ hasText: name })).toContainText(format);
      await plugins.last().scrollIntoViewIfNeeded();
      await page.screenshot({ path: `e2e/artifacts/more-daws-${song.screenshot}-plugins.png` });

      // Newest first: the bounce (rendered after the last save), the last save and what it changed, the DAW's copy of
      // the save before it.
      const versions = panel.getByRole('region', { name: 'Versions' }).getByRole('listitem');
      await expect(versions).toHaveCount(3);
      await expect(versions.nth(0)).toContainText('Bounce');
      await expect(versions.nth(1)).toContainText('Save');
      for (const change of song.changes) await expect(versions.nth(1)).toContainText(change);
      await expect(versions.nth(2)).toContainText('DAW backup');
      await expect(versions.nth(2)).toContainText('first version kept');
      await versions.nth(2).scrollIntoViewIfNeeded();
      await page.screenshot({ path: `e2e/artifacts/more-daws-${song.screenshot}-versions.png` });

      await page.keyboard.press('Escape');
      await expect(panel).toBeHidden();
    }
  } finally {
    const removed = await page.evaluate(async () => {
      const result = await window.api!['library:demo']({ action: 'remove' });
      return result.ok ? 'ok' : result.error.message;
    });
    expect(removed).toBe('ok');
  }
});

// Issue 32: studio time from the saves. The calendar and the songs finished per month, the table's activity strip
// (sorting by when a song was last worked on), the song panel's strip, and the focus list on the first screen.
import fs from 'node:fs';
import path from 'node:path';
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { writeAbletonHistory } from '../fixtures/generators/project-versions';
import { cell, openAndWatch, search, showColumns, tempFolder } from './songs';


/** Saves of one evening (from 7 pm) every `everyDays` days, `count` evenings back from `lastDaysAgo`. */
function evenings(lastDaysAgo: number, count: number, everyDays: number, savesPerEvening = 3) {
  const today = new Date();
  const states = [];
  for (let evening = count - 1; evening >= 0; evening--) {
    const start = new Date(today.getFullYear(), today.getMonth(), today.getDate() - lastDaysAgo - evening * everyDays, 19).getTime();
    for (let save = 0; save < savesPerEvening; save++) states.push({ tempo: 120, tracks: ['Drums', 'Keys'], samples: [], time: start + save * 50 * 60_000 });
  }
  return states;
}

/** The days (local "2026-05-12") of `evenings`' sessions. */
function dayKeys(lastDaysAgo: number, count: number, everyDays: number): string[] {
  const today = new Date();
  return Array.from({ length: count }, (_, evening) => {
    const date = new Date(today.getFullYear(), today.getMonth(), today.getDate() - lastDaysAgo - evening * everyDays);
    return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
  });
}

async function setStatus(page: Page, name: string, status: string) {
  await page.evaluate(
    async ({ wanted, to }) => {
      const found = await window.api!['songs:query']({ search: `name:"${wanted}"` });
      const song = found.ok ? found.data.rows[0] : undefined;
      if (!song) throw new Error(`no song ${wanted}`);
      const result = await window.api!['db:update-song']({ id: song.id, patch: { status: to as 'Done' } });
      if (!result.ok) throw new Error(result.error.message);
    },
    { wanted: name, to: status },
  );
}

test('studio time: the calendar, finished per month, the strips and the focus list', async ({ page }) => {
  const root = tempFolder('songshelf-e2e-studio-');
  writeAbletonHistory(root, 'Qz Lantern', evenings(2, 20, 6));
  writeAbletonHistory(root, 'Qz Copper', evenings(45, 12, 9, 2));
  writeAbletonHistory(root, 'Qz Velvet', evenings(1, 5, 2, 4));
  fs.writeFileSync(path.join(root, 'Qz Loose Idea.wav'), Buffer.alloc(0));

  await openAndWatch(page, root);
  await search(page, 'Qz');
  await expect(page.getByTestId('song-row')).toHaveCount(4, { timeout: 20_000 });
  const today = new Date();
  const thisMonth = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}`;
  const finishedBefore = await page.evaluate(async (month) => {
    const summary = await window.api!['studio:summary']();
    return summary.ok ? (summary.data.finished.find((entry) => entry.month === month)?.count ?? -1) : -1;
  }, thisMonth);
  await setStatus(page, 'Qz Copper', 'Done');
  await setStatus(page, 'Qz Lantern', 'Mixing');

  // The table: the Studio time column, its strip, and a sort by when each was last worked on.
  await showColumns(page, ['Studio time']);
  await expect(cell(page, 'Qz Lantern', 'studioTime')).toContainText('2 days ago');
  await expect(cell(page, 'Qz Velvet', 'studioTime')).toContainText('yesterday');
  await expect(cell(page, 'Qz Lantern', 'studioTime').getByTestId('activity-strip')).toHaveAttribute('data-weeks-worked', /^[1-9]/);
  const names = page.getByTestId('song-row').locator('[data-column="name"]');
  const unsorted = await names.allTextContents();
  await page.getByRole('columnheader', { name: 'Studio time' }).getByRole('button').click();
  await expect(names).toHaveText(['Qz Copper', 'Qz Lantern', 'Qz Velvet', 'Qz Loose Idea']);
  await page.screenshot({ path: 'e2e/artifacts/studio-strip.png' });
  await page.getByRole('columnheader', { name: 'Studio time' }).getByRole('button').click();
  await page.getByRole('columnheader', { name: 'Studio time' }).getByRole('button').click();
  // The rows re-sort when the core answers: a click before then lands on whichever row moved under the pointer.
  await expect(page.getByRole('columnheader', { name: 'Studio time' })).toHaveAttribute('aria-sort', 'none');
  await expect(names).toHaveText(unsorted);

  // Pinned from the panel, with a next step: the first screen shows it first.
  await cell(page, 'Qz Lantern', 'name').getByRole('button').click();
  const panel = page.getByRole('dialog', { name: 'Qz Lantern' });
  await expect(panel.getByTestId('studio-time')).toContainText('Studio time: 20 sessions');
  await expect(panel.getByRole('region', { name: 'Studio time' }).getByTestId('activity-strip')).toBeVisible();
  await panel.getByRole('button', { name: 'Pin to Finishing' }).click();
  await panel.getByLabel('Next step').fill('Print the stems for mastering');
  await panel.getByLabel('Next step').press('Enter');
  await page.screenshot({ path: 'e2e/artifacts/studio-song-panel.png' });
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await page.getByRole('navigation', { name: 'Views' }).getByRole('link', { name: 'All Songs' }).click();
  await search(page, 'Qz');
  const finishing = page.getByRole('region', { name: 'Finishing' });
  await expect(finishing.getByTestId('focus-item')).toHaveCount(1);
  await expect(finishing.getByLabel('Next step for Qz Lantern')).toHaveValue('Print the stems for mastering');
  await page.screenshot({ path: 'e2e/artifacts/studio-focus-first-screen.png' });

  // The calendar: every evening worked in the last year, and the song that became Done this month.
  await page.getByRole('button', { name: 'Studio', exact: true }).click();
  const studio = page.getByRole('dialog', { name: 'Studio time' });
  const calendar = studio.getByTestId('studio-calendar');
  // The library is shared with the other tests: each of these evenings is shaded, whatever else is.
  const worked = [...dayKeys(2, 20, 6), ...dayKeys(45, 12, 9), ...dayKeys(1, 5, 2)];
  expect(new Set(worked).size).toBe(37);
  for (const day of worked) await expect(calendar.locator(`rect[data-day="${day}"]`)).not.toHaveAttribute('data-shade', '0');
  await expect(studio.getByTestId('studio-totals')).toContainText(/ h in \d+ sessions on \d+ songs, \d+ days worked/);
  await expect(studio.getByTestId('finished-per-month').locator(`[data-month="${thisMonth}"]`)).toHaveAttribute('data-count', String(finishedBefore + 1));
  await expect(studio.getByRole('region', { name: 'Finishing' })).toContainText('Qz Lantern');
  // The weekly nudge is the user's choice, kept by the core.
  const nudge = studio.getByRole('checkbox', { name: /Once a week, tell me about songs in progress/ });
  await expect(nudge).not.toBeChecked();
  await nudge.check();
  await expect.poll(() => page.evaluate(async () => ((await window.api!['studio:settings']()) as { ok: boolean; data?: { nudges: boolean } }).data?.nudges)).toBe(true);
  await page.screenshot({ path: 'e2e/artifacts/studio-calendar.png' });
  await nudge.uncheck();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'e2e/artifacts/studio-calendar-phone.png' });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.keyboard.press('Escape');
  // Closed first: while the dialog is open its own Finishing list matches too.
  await expect(studio).toBeHidden();

  // Unpinned from the list itself.
  await finishing.getByRole('button', { name: 'Unpin Qz Lantern' }).click();
  await expect(page.getByRole('region', { name: 'Finishing' })).toHaveCount(0);
});

// Issue 32: studio time from the saves. The calendar and the songs finished per month, the table's activity strip
// (sorting by when a song was last worked on), the song panel's strip, and the focus list on the first screen.
import fs from 'node:fs';
import path from 'node:path';
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { writeAbletonHistory } from '../fixtures/generators/project-versions';
import { startHost } from '../harness/host';
import { MUSICIAN, SIGNED_OUT_STATE, setHostAccount } from '../harness/signed-in';
import { cloudEndpoint } from './host-url';
import { expectNoSidewaysScroll, expectOnScreen, PHONE } from './phone';
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

// A host and library of its own: the calendar's totals are over the whole library, so only then are they known.
test('studio time: the calendar, finished per month, the strips and the focus list', async ({ browser }) => {
  test.setTimeout(90_000);
  const host = await startHost({ cloud: cloudEndpoint() });
  const context = await browser.newContext({ storageState: SIGNED_OUT_STATE });
  try {
    await setHostAccount(context, host.url, MUSICIAN);
    await studioTime(await context.newPage(), host.url);
  } finally {
    await context.close();
    host.stop();
  }
});

async function studioTime(page: Page, appUrl: string): Promise<void> {
  const root = tempFolder('songshelf-e2e-studio-');
  // Every session is one evening's saves 50 minutes apart (under the 90-minute gap), none across midnight.
  writeAbletonHistory(root, 'Qz Lantern', evenings(2, 20, 6));
  writeAbletonHistory(root, 'Qz Copper', evenings(45, 12, 9, 2));
  writeAbletonHistory(root, 'Qz Velvet', evenings(1, 5, 2, 4));
  fs.writeFileSync(path.join(root, 'Qz Loose Idea.wav'), Buffer.alloc(0));

  await openAndWatch(page, root, appUrl);
  await search(page, 'Qz');
  await expect(page.getByTestId('song-row')).toHaveCount(4, { timeout: 20_000 });
  const today = new Date();
  const thisMonth = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}`;
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
  // Each of these evenings is shaded, and no other day.
  const worked = [...dayKeys(2, 20, 6), ...dayKeys(45, 12, 9), ...dayKeys(1, 5, 2)];
  expect(new Set(worked).size).toBe(37);
  for (const day of worked) await expect(calendar.locator(`rect[data-day="${day}"]`)).not.toHaveAttribute('data-shade', '0');
  await expect(calendar.locator('rect[data-day]:not([data-shade="0"])')).toHaveCount(37);
  // The saves' sessions, each day's hours to the hundredth: Lantern 20 evenings of 3 saves (100 min, 1.67 h), Copper
  // 12 of 2 (50 min, 0.83 h), Velvet 5 of 4 (150 min, 2.5 h): 33.4 + 9.96 + 12.5 h on 37 days; Loose Idea has no saves.
  await expect(studio.getByTestId('studio-totals')).toHaveText('55.86 h in 37 sessions on 3 songs, 37 days worked');
  await expect(studio.getByTestId('finished-per-month').locator(`[data-month="${thisMonth}"]`)).toHaveAttribute('data-count', '1');
  await expect(studio.getByRole('region', { name: 'Finishing' })).toContainText('Qz Lantern');
  // The weekly nudge is the user's choice, kept by the core.
  const nudge = studio.getByRole('checkbox', { name: /Once a week, tell me about songs in progress/ });
  await expect(nudge).not.toBeChecked();
  await nudge.check();
  await expect.poll(() => page.evaluate(async () => ((await window.api!['studio:settings']()) as { ok: boolean; data?: { nudges: boolean } }).data?.nudges)).toBe(true);
  await page.screenshot({ path: 'e2e/artifacts/studio-calendar.png' });
  await page.keyboard.press('Escape');
  await expect(studio).toBeHidden();

  // On a phone, opened there: the page does not scroll sideways (the calendar scrolls in its own box, opened on the
  // latest weeks), and the dialog's controls are on the screen and work: the nudge turned off, the dialog closed.
  await page.setViewportSize(PHONE);
  await expectNoSidewaysScroll(page);
  await expectOnScreen(page.getByRole('button', { name: 'Studio', exact: true }));
  await page.getByRole('button', { name: 'Studio', exact: true }).click();
  await expect(studio).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectOnScreen(studio.getByRole('button', { name: 'Close' }), studio.getByTestId('studio-totals'), calendar.locator(`rect[data-day="${dayKeys(0, 1, 1)[0]}"]`));
  await page.screenshot({ path: 'e2e/artifacts/studio-calendar-phone.png' });
  await nudge.scrollIntoViewIfNeeded();
  await expectOnScreen(nudge);
  await nudge.uncheck();
  await expect.poll(() => page.evaluate(async () => ((await window.api!['studio:settings']()) as { ok: boolean; data?: { nudges: boolean } }).data?.nudges)).toBe(false);
  await studio.getByRole('button', { name: 'Close' }).click();
  // Closed first: while the dialog is open its own Finishing list matches too.
  await expect(studio).toBeHidden();
  await page.setViewportSize({ width: 1440, height: 900 });

  // Unpinned from the list itself.
  await finishing.getByRole('button', { name: 'Unpin Qz Lantern' }).click();
  await expect(page.getByRole('region', { name: 'Finishing' })).toHaveCount(0);
}

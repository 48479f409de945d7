// The website's dashboard for a pro user (issue 20): /dashboard, /:viewId and /:viewId/modal/:modal are the app's own
// table in the dashboard layout, over the library the user's computers synced to the cloud: views, sorting, search,
// editing what the web can edit (written to the cloud), and the song panel by its address. Also on a phone.
import type { SupabaseClient } from '@supabase/supabase-js';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { songToCloud, viewToCloud } from '../common/cloud/cloud-records';
import type { Song } from '../common/songs/song';
import { storedActivity } from '../common/studio/studio-time';
import { plainSong } from '../common/songs/test-songs';
import { viewPath, type View } from '../common/views/view';
import { createConfirmedUser, logIn, signedInCloudClient, SIGNED_OUT_STATE } from '../harness/signed-in';
import { cloudEndpoint, websiteUrl } from './host-url';
import { expectNoSidewaysScroll, expectOnScreen, PHONE } from './phone';
import { cell, expectNames, row } from './songs';

test.use({ storageState: SIGNED_OUT_STATE });

const user = { name: 'Wren Web', email: `wren.web.${Date.now()}@example.com`, password: 'Str0ng!pass' };
const NOW = Date.now();

function song(name: string, minutesAgo: number, fields: Partial<Song> = {}): Song {
  const id = crypto.randomUUID();
  const at = NOW - minutesAgo * 60_000;
  return plainSong({ id, name, timeSignature: '4/4', source: 'directory', createdAt: at, modifiedAt: at, supabaseId: id, ...fields });
}

const SONGS = [
  song('Night Drive', 5, { tempo: '124', key: 'A minor', status: 'Mixing', meta: { daw: 'ableton', dawVersion: 'Ableton Live 12.1' }, projectPath: '/Users/wren/Music/Night Drive Project' }),
  song('Blue Hour', 10, { tempo: '90', key: 'C major', status: 'Writing', meta: { daw: 'logic' } }),
  song('Harbour Lights', 15, { tempo: '128', key: 'Am', status: 'Backlog', meta: { daw: 'protools' } }),
  song('Gone', 20, { hidden: true }),
];
const CLUB: View = {
  id: crypto.randomUUID(),
  title: 'Club',
  type: 'custom',
  layout: 'table',
  sortConfig: { column: 'tempo', direction: 'Descending' },
  activeFilters: [{ op: 'range', field: 'bpm', min: 120 }],
  columnVisibility: {},
  columnOrder: [],
  columnWidths: {},
  path: '',
  directoryPath: null,
  position: 1,
  createdAt: NOW,
  modifiedAt: NOW,
  supabaseId: null,
};

let cloud: SupabaseClient;

/** A pro user whose computer has synced four songs and a Club view (rows as the app's sync writes them). */
test.beforeAll(async () => {
  const keys = cloudEndpoint();
  await createConfirmedUser(keys, user);
  cloud = await signedInCloudClient(keys, user);
  const checkout = await cloud.functions.invoke<{ url: string }>('checkout', { body: { success_url: `${websiteUrl()}/dashboard`, cancel_url: `${websiteUrl()}/pricing` } });
  if (checkout.error || !checkout.data) throw checkout.error ?? new Error('no checkout');
  expect((await fetch(`${checkout.data.url}/confirm`, { method: 'POST', redirect: 'manual' })).status).toBe(303);
  const songs = await cloud.from('songs').insert(SONGS.map((item) => ({ id: item.id, data: songToCloud(item), origin: 'computer' })));
  const views = await cloud.from('views').insert({ id: CLUB.id, data: viewToCloud({ ...CLUB, path: viewPath(CLUB.id) }), origin: 'computer' });
  // The computer watches one folder: its settings in the cloud, as its sync writes them.
  const { data: account } = await cloud.auth.getUser();
  const settings = await cloud.from('user_settings').upsert({ id: account.user!.id, project_directories: ['/Users/wren/Music/Projects'], changed_at: NOW, origin: 'computer' }, { onConflict: 'id' });
  expect([songs.error, views.error, settings.error]).toEqual([null, null, null]);
});

async function signedIn(browser: Browser, viewport = { width: 1440, height: 900 }): Promise<Page> {
  const page = await (await browser.newContext({ storageState: SIGNED_OUT_STATE, viewport })).newPage();
  await logIn(page, `${websiteUrl()}/login`, user);
  await expect(page).toHaveURL(/\/dashboard$/);
  return page;
}

test('a pro user’s dashboard on the website is the app’s table over the synced library', async ({ browser }) => {
  const page = await signedIn(browser);
  const sidebar = page.getByRole('navigation', { name: 'Views' });
  await expect(sidebar.getByRole('link')).toHaveText([/All Songs/, /Club/, /Hidden/]);
  // The folders the computer watches are shown, and only shown; nothing to add from files on the website.
  const folders = sidebar.getByRole('region', { name: 'Project Directories' });
  await expect(folders.getByRole('listitem')).toHaveText(['Projects']);
  await expect(folders).toContainText('Watched by Songshelf on your computers.');
  await expect(folders.getByRole('button')).toHaveCount(0);
  await expect(folders.getByRole('textbox')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add song' })).toHaveCount(0);
  await expect(page.getByTestId('song-count')).toHaveText('3 songs');
  // Newest first, with what the projects said: the DAW badge, tempo, key.
  await expectNames(page, ['Night Drive', 'Blue Hour', 'Harbour Lights']);
  await expect(cell(page, 'Night Drive', 'daw')).toHaveText('Live');
  await expect(cell(page, 'Harbour Lights', 'key')).toHaveText('Am');
  await page.screenshot({ path: 'e2e/artifacts/web-dashboard.png' });

  // Sorting by a header, and the search box's operators, as in the app.
  await page.getByRole('columnheader', { name: 'Tempo' }).click();
  await expectNames(page, ['Blue Hour', 'Night Drive', 'Harbour Lights']);
  await page.getByLabel('Search songs').fill('key:Am');
  await expectNames(page, ['Night Drive', 'Harbour Lights']);
  await page.getByLabel('Search songs').fill('');

  // A synced view at its own address, with its filter and sort.
  await sidebar.getByRole('link', { name: /Club/ }).click();
  await expect(page).toHaveURL(new RegExp(`/${CLUB.id}$`));
  await expectNames(page, ['Harbour Lights', 'Night Drive']);

  // An edit in the table goes to the cloud, where the computers pull it.
  await cell(page, 'Night Drive', 'status').dblclick();
  await page.getByRole('listbox', { name: 'Status' }).getByRole('option', { name: 'Mastering' }).click();
  await expect(cell(page, 'Night Drive', 'status')).toHaveText('Mastering');
  await expect.poll(async () => ((await cloud.from('songs').select('data').eq('id', SONGS[0]!.id)).data?.[0]?.data as Song | undefined)?.status).toBe('Mastering');

  // The song panel by its address: the name opens it; reloading the address opens it again.
  await row(page, 'Night Drive').getByRole('button', { name: 'Open Night Drive' }).click();
  await expect(page).toHaveURL(new RegExp(`/${CLUB.id}/modal/song\\?id=${SONGS[0]!.id}$`));
  const panel = page.getByRole('dialog', { name: 'Night Drive' });
  await expect(panel.getByText('Versions are read from the project itself: open this song in the Songshelf app on the computer that has it.')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Reveal' })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('dialog', { name: 'Night Drive' })).toBeVisible();
  await page.screenshot({ path: 'e2e/artifacts/web-dashboard-panel.png' });
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(new RegExp(`/${CLUB.id}$`));
});

test('Hidden on the website: a song is moved there and restored, never deleted', async ({ browser }) => {
  const page = await signedIn(browser);
  await page.getByRole('navigation', { name: 'Views' }).getByRole('link', { name: /Hidden/ }).click();
  await expectNames(page, ['Gone']);
  await row(page, 'Gone').hover();
  await row(page, 'Gone').getByRole('button', { name: 'Actions for Gone' }).click();
  const menu = page.getByRole('menu', { name: 'Actions for Gone' });
  await expect(menu.getByRole('menuitem')).toHaveText(['Details', 'Restore from Hidden']);
  await menu.getByRole('menuitem', { name: 'Restore from Hidden' }).click();
  await expect(page.getByTestId('song-count')).toHaveText('0 songs');
  await expect.poll(async () => ((await cloud.from('songs').select('data').eq('id', SONGS[3]!.id)).data?.[0]?.data as Song | undefined)?.hidden).toBe(false);
});

test('the website’s dashboard on a phone: the views a strip over the table, the table the whole width, no sideways scroll of the page', async ({ browser }) => {
  const phone = { width: 390, height: 844 };
  const page = await signedIn(browser, phone);
  await expect(row(page, 'Blue Hour')).toBeVisible();
  const views = (await page.getByRole('navigation', { name: 'Views' }).boundingBox())!;
  const table = (await page.locator('main').boundingBox())!;
  // Stacked, not side by side: the views end where the table begins, each as wide as the screen.
  expect(views.y + views.height).toBeLessThanOrEqual(table.y + 1);
  for (const box of [views, table]) {
    expect(box.x).toBeLessThan(1);
    expect(box.width).toBeGreaterThan(phone.width * 0.95);
  }
  // A table wider than the phone scrolls inside its own box; the page itself never scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  await page.screenshot({ path: 'e2e/artifacts/web-dashboard-phone.png' });
});

test('the website shows the board, the studio calendar and the focus list synced from the app (issue 32)', async ({ browser }) => {
  const DAY = 86_400_000;
  const evening = (daysAgo: number) => new Date(new Date().setHours(19, 0, 0, 0) - daysAgo * DAY).getTime();
  const saves = [3, 10, 17].flatMap((daysAgo) => [evening(daysAgo), evening(daysAgo) + 3_600_000]);
  const cold = song('Cold Song', 25, { status: 'Writing', focus: NOW - 1000, nextStep: 'Write the second verse', meta: { daw: 'logic', activity: storedActivity(saves) as never } });
  const board: View = { ...CLUB, id: crypto.randomUUID(), title: 'Web Board', layout: 'board', sortConfig: null, activeFilters: [], position: 2 };
  const inserted = await cloud.from('songs').insert({ id: cold.id, data: songToCloud(cold), origin: 'computer' });
  const view = await cloud.from('views').insert({ id: board.id, data: viewToCloud({ ...board, path: viewPath(board.id) }), origin: 'computer' });
  expect([inserted.error, view.error]).toEqual([null, null]);

  const page = await signedIn(browser);
  // The first screen shows the songs being finished first, with their next steps.
  await expect(page.getByRole('region', { name: 'Finishing' }).getByLabel('Next step for Cold Song')).toHaveValue('Write the second verse');

  await page.getByRole('navigation', { name: 'Views' }).getByRole('link', { name: /Web Board/ }).click();
  const writing = page.getByRole('region', { name: 'Writing', exact: true });
  await expect(writing.locator('[data-song="Cold Song"]')).toContainText('Worked on 3 days ago');
  await writing.locator('[data-song="Cold Song"]').dragTo(page.getByRole('region', { name: 'Recording', exact: true }));
  await expect(page.getByRole('region', { name: 'Recording', exact: true }).locator('[data-song="Cold Song"]')).toBeVisible();
  await expect.poll(async () => ((await cloud.from('songs').select('data').eq('id', cold.id)).data?.[0]?.data as Song | undefined)?.status).toBe('Recording');
  await page.screenshot({ path: 'e2e/artifacts/web-board.png' });

  await page.getByRole('button', { name: 'Studio', exact: true }).click();
  const studio = page.getByRole('dialog', { name: 'Studio time' });
  for (const daysAgo of [3, 10, 17]) {
    const date = new Date(evening(daysAgo));
    const day = `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
    await expect(studio.locator(`rect[data-day="${day}"]`)).toHaveAttribute('data-shade', '2');
  }
  await expect(studio.getByTestId('studio-totals')).toContainText('3 h in 3 sessions on 1 song, 3 days worked');
  await page.screenshot({ path: 'e2e/artifacts/web-studio.png' });
  await page.keyboard.press('Escape');
  // On a phone: the page does not scroll sideways (the columns scroll in their own box), and a card moves back by
  // keyboard, its column following the focus onto the screen, written to the cloud.
  await page.setViewportSize(PHONE);
  await expectNoSidewaysScroll(page);
  await page.getByRole('region', { name: 'Recording', exact: true }).locator('[data-song="Cold Song"]').click();
  await page.keyboard.press('Shift+ArrowLeft');
  await expect(writing.locator('[data-song="Cold Song"]')).toBeFocused();
  await expectOnScreen(writing.locator('[data-song="Cold Song"]'));
  await expect.poll(async () => ((await cloud.from('songs').select('data').eq('id', cold.id)).data?.[0]?.data as Song | undefined)?.status).toBe('Writing');
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: 'e2e/artifacts/web-board-phone.png' });
});

test('the website reads the watched folders again every 30 s: a folder a computer adds, or stops watching, shows without a reload', async ({ browser }) => {
  const page = await (await browser.newContext({ storageState: SIGNED_OUT_STATE, viewport: { width: 1440, height: 900 } })).newPage();
  // The page's clock, moved by the test: the 30 s come without waiting for them.
  await page.clock.install();
  await logIn(page, `${websiteUrl()}/login`, user);
  await expect(page).toHaveURL(/\/dashboard$/);
  const folders = page.getByRole('navigation', { name: 'Views' }).getByRole('region', { name: 'Project Directories' });
  await expect(folders.getByRole('listitem')).toHaveText(['Projects']);
  const { data: account } = await cloud.auth.getUser();
  const write = (projectDirectories: string[]) => cloud.from('user_settings').upsert({ id: account.user!.id, project_directories: projectDirectories, changed_at: Date.now(), origin: 'laptop' }, { onConflict: 'id' });

  expect((await write(['/Users/wren/Music/Projects', '/Volumes/Studio SSD/Laptop Sets'])).error).toBeNull();
  await page.clock.fastForward(30_000);
  await expect(folders.getByRole('listitem')).toHaveText(['Projects', 'Laptop Sets']);
  expect((await write(['/Volumes/Studio SSD/Laptop Sets'])).error).toBeNull();
  await page.clock.fastForward(30_000);
  await expect(folders.getByRole('listitem')).toHaveText(['Laptop Sets']);
  expect((await write(['/Users/wren/Music/Projects'])).error).toBeNull();
});

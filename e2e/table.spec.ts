// The song table (issue 4): layout, routes, inline editing with the keyboard, custom fields, columns, search
// operators, deleting, bulk edits, live updates and rollback. One host and library for the whole run: each
// test makes songs with its own prefix and searches for it.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { cloudEndpoint, hostUrl, websiteUrl } from './host-url';
import { startHost } from '../harness/host';
import { MUSICIAN, SIGNED_OUT_STATE, createConfirmedUser, setHostAccount, signedInCloudClient } from '../harness/signed-in';
import { addSongs, cell, expectNames, restoreDefaultOrder, row, search, showColumns } from './songs';

/**
 * What passes between the page and the core: `calls`, the channels of the calls the page sends, in order, as they
 * leave (the test empties it to start over); `told`, the numbers of the changes the core tells the page (`db:changed`),
 * as they arrive. Also puts the page's timers on Playwright's clock (time flows as usual until the test runs it on).
 */
async function watchTraffic(page: Page): Promise<{ calls: string[]; told: number[] }> {
  const calls: string[] = [];
  const told: number[] = [];
  await page.clock.install();
  await page.routeWebSocket(/\/bridge/, (socket) => {
    const server = socket.connectToServer();
    socket.onMessage((message) => {
      const frame = JSON.parse(String(message)) as { type?: string; channel?: string };
      if (frame.type === 'call' && frame.channel) calls.push(frame.channel);
      server.send(message);
    });
    server.onMessage((message) => {
      const frame = JSON.parse(String(message)) as { type?: string; event?: string; payload?: { seq?: number } };
      if (frame.type === 'event' && frame.event === 'db:changed' && typeof frame.payload?.seq === 'number') told.push(frame.payload.seq);
      socket.send(message);
    });
  });
  return { calls, told };
}

const pageReads = (calls: readonly string[]) => calls.filter((channel) => channel === 'songs:query').length;
/** The test's own round trips (`settled`) are not the page's. */
const ROUND_TRIP = 'jobs:list';
const pageCalls = (calls: readonly string[]) => calls.filter((channel) => channel !== ROUND_TRIP).length;

/**
 * Everything the page had to do has been done and counted: its clock is run on past every timer that could send a
 * call (the change feed's interval among them), then a call goes to the core and back. The core answers in order, so
 * once that answer is in, every call sent before it has left and been counted, and every answer before it has been
 * handled; a call they started is counted by the next round. Done when a round adds no call of the page's.
 */
async function settled(page: Page, calls: readonly string[]): Promise<void> {
  for (let round = 0; round < 10; round++) {
    const before = pageCalls(calls);
    await page.clock.runFor(2_000);
    await page.evaluate((channel) => window.api![channel as 'jobs:list']({}), ROUND_TRIP);
    if (pageCalls(calls) === before) return;
  }
  throw new Error('the page kept sending calls');
}

/**
 * Every change the core had written before `next` has been told to the page. The core tells a call's changes at once
 * (numbered as the call ends) and gathers the background's for a moment (numbered as they go out, all that waited at
 * once). `next` is a call that makes the core write again in the background a little later (an edit: its sync); once
 * it is answered, a number above every number the page has heard can only be a telling of the background sent after
 * that call, which took everything still gathered with it.
 */
async function toldEverything(told: readonly number[], next: () => Promise<void>): Promise<void> {
  await next();
  const heard = Math.max(0, ...told);
  await expect.poll(() => Math.max(0, ...told), { timeout: 20_000 }).toBeGreaterThan(heard);
}

/** The core has run a sync since `since` (ms), none is running, and nothing is left to push. */
async function syncedSince(page: Page, since: number): Promise<void> {
  const status = () =>
    page.evaluate(async () => {
      const answer = await window.api!['sync:status']();
      return answer.ok ? answer.data : null;
    });
  await expect
    .poll(async () => {
      const now = await status();
      return now !== null && !now.running && now.pending === 0 && (now.lastSync ?? 0) >= since;
    }, { timeout: 30_000 })
    .toBe(true);
}

/** Sorts the view by name (its header's button), and waits for the first row to be `first`. */
async function sortByName(page: Page, first: string): Promise<void> {
  await page.getByRole('columnheader', { name: 'Name', exact: true }).getByRole('button').click();
  await expect(page.getByRole('columnheader', { name: 'Name', exact: true })).toHaveAttribute('aria-sort', 'ascending');
  await expect(page.getByTestId('song-row').first().locator('[data-column="name"]')).toHaveText(first);
}

/** Edits a song's status in its cell, and waits for the row to show it. */
async function editStatus(page: Page, name: string, status: string): Promise<void> {
  await cell(page, name, 'status').dblclick();
  await page.getByRole('listbox', { name: 'Status' }).getByRole('option', { name: status }).click();
  await expect(cell(page, name, 'status')).toHaveText(status);
}

test('the dashboard shows the skeleton (9 columns × 8 rows) until the views arrive, then the layout', async ({ page }) => {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  // Hold the core's answers until the skeleton has been checked.
  await page.routeWebSocket(/\/bridge/, (socket) => {
    const server = socket.connectToServer();
    server.onMessage((message) => void held.then(() => socket.send(message)));
  });
  await page.goto(hostUrl());
  const skeleton = page.getByTestId('dashboard-skeleton');
  await expect(skeleton).toBeVisible();
  await expect(skeleton.getByText('Views')).toBeVisible();
  await expect(skeleton.getByText('Project Directories')).toBeVisible();
  await expect(skeleton.getByTestId('skeleton-column')).toHaveCount(9);
  await expect(skeleton.getByTestId('skeleton-row')).toHaveCount(9); // the header row and 8 rows
  await page.screenshot({ path: 'e2e/artifacts/skeleton.png' });
  release();
  await expect(skeleton).toBeHidden();
  const sidebar = page.getByRole('navigation', { name: 'Views' });
  await expect(sidebar.getByRole('heading', { name: 'Views' })).toBeVisible();
  await expect(sidebar.getByRole('heading', { name: 'Project Directories' })).toBeVisible();
  await expect(sidebar.getByLabel('Account')).toContainText(MUSICIAN.name);
});

test('routes: / goes to /dashboard, an unknown view to the first visible view, a modal path opens its modal', async ({ page }) => {
  await page.goto(hostUrl());
  await expect(page).toHaveURL(/\/dashboard$/);
  const origin = new URL(page.url()).origin;
  await page.goto(`${origin}/no-such-view`);
  await expect(page.getByRole('heading', { name: 'All Songs', level: 1 })).toBeVisible();
  const allSongs = page.getByRole('navigation', { name: 'Views' }).getByRole('link', { name: 'All Songs' });
  const allSongsPath = await allSongs.getAttribute('href');
  expect(page.url()).toBe(`${origin}${allSongsPath}`);
  await page.goto(`${origin}${allSongsPath}/modal/add-song`);
  await expect(page.getByRole('dialog', { name: 'Add a song' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(`${origin}${allSongsPath}`);
});

test('every field is a column, edited in place with the keyboard, and kept after a reload', async ({ page }) => {
  await page.goto(hostUrl());
  await addSongs(page, [{ name: 'Kbd Alpha' }, { name: 'Kbd Beta' }]);
  await search(page, 'Kbd');
  await expect(page.getByTestId('song-row')).toHaveCount(2);
  // The first screen shows what the projects tell (issue 20); every other field is one tick away.
  const fieldHeaders = page.getByRole('columnheader').filter({ has: page.getByRole('separator') });
  const headers = async () => fieldHeaders.evaluateAll((cells) => cells.map((cell) => cell.getAttribute('aria-label') ?? ''));
  // (Other tests of this run may have ticked more on All Songs: they come after these.)
  expect((await headers()).slice(0, 8)).toEqual(['Name', 'DAW', 'Tempo', 'Key', 'Signature', 'Status', 'Audio', 'Modified']);
  await showColumns(page, ['Priority', 'Tier', 'Tags', 'Notes', 'Recording session', 'DAW version']);
  expect(await headers()).toEqual(expect.arrayContaining(['Priority', 'Tier', 'Tags', 'Notes', 'Recording session', 'DAW version']));

  // Rename: click the cell, F2 edits (Enter on a name opens the song's panel), type, Enter saves.
  await cell(page, 'Kbd Alpha', 'name').click({ position: { x: 200, y: 10 } });
  await page.keyboard.press('F2');
  await page.keyboard.type('Kbd Alpha Take 2');
  await page.keyboard.press('Enter');
  await expect(cell(page, 'Kbd Alpha Take 2', 'name')).toHaveText('Kbd Alpha Take 2');

  // Priority: Enter opens the dropdown, arrows pick, Enter saves.
  await cell(page, 'Kbd Alpha Take 2', 'priority').click();
  await page.keyboard.press('Enter');
  const priorities = page.getByRole('listbox', { name: 'Priority' });
  await expect(priorities.getByRole('option')).toHaveText([/Low/, /Medium/, /High/, /Urgent/]);
  await expect(priorities).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(cell(page, 'Kbd Alpha Take 2', 'priority')).toHaveText('High');

  // Arrow right to Tier; Tab from the dropdown saves and moves on to Tags; Escape cancels an edit.
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Tab');
  await expect(cell(page, 'Kbd Alpha Take 2', 'tier')).toHaveText('A');
  await page.keyboard.press('Enter');
  await page.keyboard.type('never');
  await page.keyboard.press('Escape');
  await expect(cell(page, 'Kbd Alpha Take 2', 'tags')).toHaveText('—');

  // Status with the mouse, tempo as text, key and time signature from the musician's lists.
  await cell(page, 'Kbd Alpha Take 2', 'status').dblclick();
  await page.getByRole('listbox', { name: 'Status' }).getByRole('option', { name: 'Mixing' }).click();
  await expect(cell(page, 'Kbd Alpha Take 2', 'status')).toHaveText('Mixing');
  await cell(page, 'Kbd Alpha Take 2', 'tempo').dblclick();
  await page.getByRole('textbox', { name: 'Tempo' }).fill('124');
  await page.keyboard.press('Enter');
  await expect(cell(page, 'Kbd Alpha Take 2', 'tempo')).toHaveText('124');
  await cell(page, 'Kbd Alpha Take 2', 'key').dblclick();
  await page.getByLabel('Filter Key').fill('a min');
  await page.keyboard.press('Enter');
  await expect(cell(page, 'Kbd Alpha Take 2', 'key')).toHaveText('A minor');
  await cell(page, 'Kbd Alpha Take 2', 'timeSignature').dblclick();
  await page.getByRole('listbox', { name: 'Signature' }).getByRole('option', { name: '6/8' }).click();
  await expect(cell(page, 'Kbd Alpha Take 2', 'timeSignature')).toHaveText('6/8');

  // Tags: typed ones are added, the library's own come as completions, Backspace removes the last.
  await cell(page, 'Kbd Beta', 'tags').dblclick();
  await page.keyboard.type('EP 2');
  await page.keyboard.press('Enter');
  await page.keyboard.type('demo');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await expect(cell(page, 'Kbd Beta', 'tags')).toHaveText('EP 2demo');
  await cell(page, 'Kbd Alpha Take 2', 'tags').dblclick();
  await page.keyboard.type('E');
  await expect(page.getByRole('listbox', { name: 'Tags suggestions' }).getByRole('option', { name: 'EP 2' })).toBeVisible();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await expect(cell(page, 'Kbd Alpha Take 2', 'tags')).toHaveText('EP 2');

  // Notes over several lines: Enter is a new line, Ctrl+Enter saves.
  await cell(page, 'Kbd Beta', 'notes').dblclick();
  await page.keyboard.type('Verse needs work');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Try a half-time bridge');
  await page.keyboard.press('Control+Enter');
  await expect(cell(page, 'Kbd Beta', 'notes')).toContainText('Verse needs work');
  await page.screenshot({ path: 'e2e/artifacts/table-edited.png' });

  await page.reload();
  await search(page, 'Kbd');
  await expect(cell(page, 'Kbd Alpha Take 2', 'priority')).toHaveText('High');
  await expect(cell(page, 'Kbd Alpha Take 2', 'tier')).toHaveText('A');
  await expect(cell(page, 'Kbd Alpha Take 2', 'status')).toHaveText('Mixing');
  await expect(cell(page, 'Kbd Alpha Take 2', 'key')).toHaveText('A minor');
  const notes = await page.evaluate(async () => {
    const songs = await window.api!['songs:query']({ search: 'Kbd Beta' });
    return songs.ok ? songs.data.rows[0]?.notes : null;
  });
  expect(notes).toBe('Verse needs work\nTry a half-time bridge');
});

test('an edit the core refuses is rolled back with a visible error', async ({ page }) => {
  await page.goto(hostUrl());
  await addSongs(page, [{ name: 'Rollback Song', tempo: '98' }]);
  await search(page, 'Rollback');
  await cell(page, 'Rollback Song', 'tempo').dblclick();
  // Longer than a tempo may be: the core's contract refuses it.
  await page.getByRole('textbox', { name: 'Tempo' }).fill('1234567890123456789012345');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to update song in local database' })).toBeVisible();
  await expect(cell(page, 'Rollback Song', 'tempo')).toHaveText('98');
});

test('an edit made in another window appears without a reload', async ({ page, context }) => {
  await page.goto(hostUrl());
  const [id] = await addSongs(page, [{ name: 'Live Edit Song' }]);
  await search(page, 'Live Edit');
  await expect(cell(page, 'Live Edit Song', 'status')).toHaveText('Backlog');
  const other = await context.newPage();
  await other.goto(hostUrl());
  await other.evaluate((songId) => window.api!['db:update-song']({ id: songId, patch: { status: 'Mastering' } }), id as string);
  await expect(cell(page, 'Live Edit Song', 'status')).toHaveText('Mastering');
});

test('one edit of a cell is one write and at most one page read, in a table of more than two pages', async ({ page }) => {
  const { calls } = await watchTraffic(page);
  await page.goto(hostUrl());
  await addSongs(
    page,
    Array.from({ length: 250 }, (_, i) => ({ name: `Reads ${String(i).padStart(3, '0')}`, tempo: '100' })),
  );
  await search(page, 'Reads');
  const first = (await page.getByTestId('song-row').first().locator('[data-column="name"]').textContent())!;
  expect(first).toMatch(/^Reads \d{3}$/);
  await settled(page, calls);

  calls.length = 0;
  await cell(page, first, 'tempo').dblclick();
  await page.getByRole('textbox', { name: 'Tempo' }).fill('132');
  await page.keyboard.press('Enter');
  await expect(cell(page, first, 'tempo')).toHaveText('132');
  // Newest first (the view's default sort), the edited song comes first: the change the reply carries reads the rows
  // on screen once...
  await expect.poll(() => pageReads(calls)).toBe(1);
  // ...and its event, which came before the answer, is not applied a second time when the feed's interval is over.
  await settled(page, calls);
  expect(calls.filter((channel) => channel === 'db:update-song')).toHaveLength(1);
  expect(pageReads(calls)).toBe(1);
  expect(calls.filter((channel) => channel.startsWith('db:') && channel !== 'db:update-song')).toEqual([]);
});

test('a status edit under a name sort costs no page read; a name edit there, which moves the row, costs one', async ({ page }) => {
  const { calls } = await watchTraffic(page);
  await page.goto(hostUrl());
  await addSongs(page, Array.from({ length: 250 }, (_, i) => ({ name: `Named ${String(i).padStart(3, '0')}` })));
  await search(page, 'Named');
  await sortByName(page, 'Named 000');
  try {
    await settled(page, calls);
    calls.length = 0;
    await editStatus(page, 'Named 001', 'Mixing');
    await settled(page, calls);
    expect(calls.filter((channel) => channel === 'db:update-song')).toHaveLength(1);
    expect(pageReads(calls)).toBe(0);
    expect(calls.filter((channel) => channel.startsWith('db:') && channel !== 'db:update-song')).toEqual([]);

    calls.length = 0;
    await cell(page, 'Named 000', 'name').dblclick();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('Named 999');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('song-row').first().locator('[data-column="name"]')).toHaveText('Named 001');
    await settled(page, calls);
    expect(pageReads(calls)).toBe(1);
  } finally {
    await restoreDefaultOrder(page);
  }
});

test('a pro user’s status edit under a name sort costs no page read, its sync included', async ({ browser }) => {
  test.setTimeout(120_000);
  const cloud = cloudEndpoint();
  const host = await startHost({ cloud });
  try {
    const user = { name: 'Pia Reads', email: `pia.reads.${Date.now()}@example.com`, password: 'Str0ng!pass' };
    await createConfirmedUser(cloud, user);
    const client = await signedInCloudClient(cloud, user);
    const checkout = await client.functions.invoke<{ url: string }>('checkout', { body: { success_url: `${websiteUrl()}/dashboard`, cancel_url: `${websiteUrl()}/pricing` } });
    if (checkout.error || !checkout.data) throw checkout.error ?? new Error('no checkout');
    expect((await fetch(`${checkout.data.url}/confirm`, { method: 'POST', redirect: 'manual' })).status).toBe(303);
    const context = await browser.newContext({ storageState: SIGNED_OUT_STATE });
    await setHostAccount(context, host.url, user);
    const page = await context.newPage();
    const { calls, told } = await watchTraffic(page);
    await page.goto(host.url);
    await expect(page.getByTestId('plan-line')).toContainText('Pro plan', { timeout: 30_000 });
    await addSongs(page, Array.from({ length: 30 }, (_, i) => ({ name: `Pro ${String(i).padStart(2, '0')}` })));
    const sortedAt = Date.now();
    await sortByName(page, 'Pro 00');
    await settled(page, calls);

    // The adds go up with the next sync, 3 s later (their first push sets their cloud ids, which no row shows). Once
    // the core says it has run, a status edit (itself no read under a name sort) makes it write again, so that every
    // change of that sync reaches the page.
    calls.length = 0;
    await syncedSince(page, sortedAt);
    await toldEverything(told, () => editStatus(page, 'Pro 02', 'Writing'));
    await settled(page, calls);
    expect(pageReads(calls)).toBe(0);

    calls.length = 0;
    const editedAt = Date.now();
    await editStatus(page, 'Pro 01', 'Mixing');
    // The edit's sync runs 3 s later; once the core says it has pushed the edit, another status edit makes it write
    // again, so that everything that sync wrote has reached the page.
    await syncedSince(page, editedAt);
    await toldEverything(told, () => editStatus(page, 'Pro 03', 'Mixing'));
    await settled(page, calls);
    test.info().annotations.push({ type: 'calls after a pro status edit', description: calls.join(', ') });
    expect(calls.filter((channel) => channel === 'db:update-song')).toHaveLength(2);
    expect(pageReads(calls)).toBe(0);
    expect(calls.filter((channel) => channel.startsWith('db:') && channel !== 'db:update-song')).toEqual([]);
    await context.close();
  } finally {
    host.stop();
  }
});

test('search covers names, notes and tags, with field operators in the same box', async ({ page }) => {
  await page.goto(hostUrl());
  await addSongs(page, [
    { name: 'Ops Neon Rain', tempo: '124', key: 'A minor', status: 'Mixing', tags: ['EP 2'] },
    { name: 'Ops Harbour', tempo: '126', key: 'C major', status: 'Mixing', tags: ['EP 2'] },
    { name: 'Ops Slow Burn', tempo: '90', key: 'A minor', status: 'Mixing', tags: ['EP 2'] },
    { name: 'Ops Paper Kite', tempo: '122', key: 'A minor', status: 'Writing', tags: ['single'], notes: 'glockenspiel hook' },
  ]);
  await search(page, 'Ops bpm:120-128 key:Am status:mixing tag:"EP 2"');
  await expectNames(page, ['Ops Neon Rain']);
  await search(page, 'glockenspiel');
  await expectNames(page, ['Ops Paper Kite']);
  await search(page, 'Ops tag:single');
  await expectNames(page, ['Ops Paper Kite']);
  await search(page, 'Ops bpm:fast');
  await expect(page.getByRole('alert')).toContainText('bpm:');
  await page.screenshot({ path: 'e2e/artifacts/search-error.png' });
});

test('custom fields: add a column of each type, fill it in, rename it, remove it', async ({ page }) => {
  await page.goto(hostUrl());
  await addSongs(page, [{ name: 'Field Song' }]);
  const allSongs = await page.getByRole('navigation', { name: 'Views' }).getByRole('link', { name: 'All Songs' }).getAttribute('href');
  await page.goto(`${new URL(page.url()).origin}${allSongs}/modal/fields`);
  const dialog = page.getByRole('dialog', { name: 'Your fields' });
  const add = async (name: string, type: string, options?: string) => {
    await dialog.getByLabel('Field name').fill(name);
    await dialog.getByLabel('Type').selectOption({ label: type });
    if (options) await dialog.getByLabel('Options (comma-separated)').fill(options);
    await dialog.getByRole('button', { name: 'Add field' }).click();
    await expect(dialog.getByLabel(`Name of ${name}`)).toBeVisible();
  };
  await add('Vocalist', 'Text');
  await add('Takes', 'Number');
  await add('Mood', 'Single select', 'Dark, Bright');
  await add('Instruments', 'Multi select', 'Guitar, Synth, Drums');
  await add('Deadline', 'Date');
  await add('Mastered', 'Checkbox');
  await page.keyboard.press('Escape');
  await search(page, 'Field Song');

  const customCell = (label: string) => row(page, 'Field Song').getByRole('gridcell', { name: label, exact: true });
  await customCell('Vocalist').dblclick();
  await page.keyboard.type('Mara');
  await page.keyboard.press('Enter');
  await customCell('Takes').dblclick();
  await page.keyboard.type('7');
  await page.keyboard.press('Enter');
  await customCell('Mood').dblclick();
  await page.getByRole('listbox', { name: 'Mood' }).getByRole('option', { name: 'Dark' }).click();
  await customCell('Instruments').dblclick();
  await page.keyboard.type('Syn');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await customCell('Deadline').dblclick();
  await page.keyboard.type('03152027');
  await page.keyboard.press('Enter');
  await customCell('Mastered').click();
  await page.keyboard.press('Enter');
  await expect(customCell('Vocalist')).toHaveText('Mara');
  await expect(customCell('Takes')).toHaveText('7');
  await expect(customCell('Mood')).toHaveText('Dark');
  await expect(customCell('Instruments')).toHaveText('Synth');
  await expect(customCell('Deadline')).toHaveText('2027-03-15');
  await expect(customCell('Mastered')).toHaveText('✓');
  await page.screenshot({ path: 'e2e/artifacts/custom-fields.png' });

  await page.goto(`${new URL(page.url()).origin}${allSongs}/modal/fields`);
  await dialog.getByLabel('Name of Vocalist').fill('Singer');
  await dialog.getByLabel('Name of Vocalist').blur();
  await expect(dialog.getByLabel('Name of Singer')).toBeVisible();
  await dialog.getByRole('button', { name: 'Remove Takes' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remove field' }).click();
  await expect(dialog.getByLabel('Name of Takes')).toBeHidden();
  await page.keyboard.press('Escape');
  await search(page, 'Field Song');
  await expect(page.getByRole('columnheader', { name: 'Singer', exact: true })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Takes', exact: true })).toHaveCount(0);
  // Leave the other tests a table without these columns.
  await page.goto(`${new URL(page.url()).origin}${allSongs}/modal/fields`);
  for (const name of ['Singer', 'Mood', 'Instruments', 'Deadline', 'Mastered']) {
    await dialog.getByRole('button', { name: `Remove ${name}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Remove field' }).click();
    await expect(dialog.getByLabel(`Name of ${name}`)).toBeHidden();
  }
});

test('deleting: a hand-added song after a confirmation; bulk select edits, hides and deletes', async ({ page }) => {
  await page.goto(hostUrl());
  await addSongs(page, [{ name: 'Bulk One' }, { name: 'Bulk Two' }, { name: 'Bulk Three' }, { name: 'Bulk Gone' }]);
  await search(page, 'Bulk');
  await expect(page.getByTestId('song-row')).toHaveCount(4);
  await showColumns(page, ['Tags']);

  await page.getByRole('button', { name: 'Actions for Bulk Gone' }).click();
  await page.getByRole('menuitem', { name: 'Delete for good…' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('deleted for good');
  await confirm.getByRole('button', { name: 'Delete song' }).click();
  await expect(page.getByTestId('song-row')).toHaveCount(3);

  // A click, then Shift+click on the last row, selects the range, whatever the view's order.
  const rows = page.getByTestId('song-row');
  await rows.nth(0).getByRole('checkbox').click();
  await rows.nth(2).getByRole('checkbox').click({ modifiers: ['Shift'] });
  const bar = page.getByRole('toolbar', { name: 'Selected songs' });
  await expect(bar).toContainText('3 songs selected');
  await bar.getByLabel('Set status of selected songs').selectOption('Recording');
  await bar.getByLabel('Tag to add to selected songs').fill('batch');
  await bar.getByLabel('Tag to add to selected songs').press('Enter');
  for (const name of ['Bulk One', 'Bulk Two', 'Bulk Three']) {
    await expect(cell(page, name, 'status')).toHaveText('Recording');
    await expect(cell(page, name, 'tags')).toHaveText('batch');
  }
  await page.screenshot({ path: 'e2e/artifacts/bulk.png' });
  await bar.getByRole('button', { name: 'Delete…' }).click();
  await expect(page.getByRole('alertdialog')).toContainText('3 added by hand are deleted for good');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId('song-row')).toHaveCount(0);
  await expect(page.getByText('No song matches this search.')).toBeVisible();
});

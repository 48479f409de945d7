// Pro (issue 7), as a newcomer meets it: two computers (two browser hosts, two data folders) on the tests' local
// cloud. On the first the musician adds songs and upgrades through the checkout; the library syncs to the
// second; edits travel both ways; an uploaded bounce plays on the website, where the synced songs can be edited.
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { writeWav } from '../fixtures/generators/wav';
import { startHost, type StartedHost } from '../harness/host';
import { cloudEndpoint, websiteUrl } from './host-url';
import { SIGNED_OUT_STATE, createConfirmedUser, logIn } from '../harness/signed-in';
import { addSongs, cell, row, tempFolder } from './songs';

test.use({ storageState: SIGNED_OUT_STATE });

let first: StartedHost;
let second: StartedHost;
test.beforeAll(async () => {
  [first, second] = await Promise.all([startHost({ cloud: cloudEndpoint() }), startHost({ cloud: cloudEndpoint() })]);
});
test.afterAll(() => {
  first?.stop();
  second?.stop();
});

const user = { name: 'Sam Sync', email: `sam.sync.${Date.now()}@example.com`, password: 'Str0ng!pass' };

async function signIn(browser: Browser, address: string): Promise<Page> {
  const page = await (await browser.newContext({ storageState: SIGNED_OUT_STATE })).newPage();
  await logIn(page, address, user);
  await expect(page.getByLabel('Account')).toContainText(user.name);
  return page;
}

async function syncNow(page: Page) {
  await page.getByRole('button', { name: 'Sync now' }).click();
  await expect(page.getByTestId('plan-line')).toHaveText('Pro plan · Synced just now');
}

test('a newcomer upgrades; the library syncs to a second computer, edits travel both ways, and the bounce plays on the website', async ({ browser }) => {
  test.setTimeout(120_000);
  const cloud = cloudEndpoint();
  await createConfirmedUser(cloud, user);

  // The first computer: a free library with two songs, one with its bounce.
  const a = await signIn(browser, first.url);
  await addSongs(a, [{ name: 'Harbour Lights', status: 'Mixing', tempo: '96' }]);
  const folder = tempFolder('songshelf-e2e-sync-');
  await a.getByRole('button', { name: 'Add song' }).click();
  const dialog = a.getByRole('dialog', { name: 'Add a song' });
  await dialog.getByLabel('Song name').fill('Paper Moon');
  await dialog.getByLabel('Audio file (optional)').setInputFiles(writeWav(path.join(folder, 'Paper Moon.wav'), 2));
  await dialog.getByRole('button', { name: 'Add song' }).click();
  await expect(row(a, 'Paper Moon')).toBeVisible();
  await expect(a.getByTestId('plan-line')).toHaveText('Free plan');

  // Upgrade: the pricing page's checkout, Pay, and back on the dashboard, pro, the library on its way up.
  await a.getByRole('link', { name: 'Upgrade' }).click();
  await a.getByRole('button', { name: 'Upgrade to Pro' }).click();
  await a.getByRole('button', { name: 'Pay' }).click();
  await expect(a.getByText('Welcome to Pro. Your library is syncing to the cloud.')).toBeVisible();
  await expect(a).not.toHaveURL(/session_id/);
  await expect(a.getByTestId('plan-line')).toHaveText(/^Pro plan · (Synced just now|Syncing…)$/);

  // The bounce goes up (what the upload jobs do for new audio), and its cloud address syncs with the song.
  const uploaded = await a.evaluate(async () => {
    const songs = await window.api!['db:get-songs']();
    const song = songs.ok ? songs.data.find((candidate) => candidate.name === 'Paper Moon') : undefined;
    const result = await window.api!['songs:upload']({ id: song!.id });
    return result.ok ? result.data : result.error;
  });
  expect(uploaded).toMatchObject({ uploadSuccess: true, sanitizedFileName: 'paper_moon.wav' });
  await syncNow(a);

  // The second computer: signing in is enough; its first sync comes 5 s later and brings the library.
  const b = await signIn(browser, second.url);
  await expect(row(b, 'Harbour Lights')).toBeVisible({ timeout: 30_000 });
  await expect(cell(b, 'Harbour Lights', 'status')).toHaveText('Mixing');
  await expect(row(b, 'Paper Moon')).toBeVisible();
  await expect(b.getByTestId('plan-line')).toContainText('Pro plan');

  // An edit on the second computer reaches the first.
  await cell(b, 'Harbour Lights', 'name').dblclick();
  await b.keyboard.press('ControlOrMeta+a');
  await b.keyboard.type('Harbour Lights (mix 2)');
  await b.keyboard.press('Enter');
  await expect(row(b, 'Harbour Lights (mix 2)')).toBeVisible();
  await syncNow(b);
  await syncNow(a);
  await expect(row(a, 'Harbour Lights (mix 2)')).toBeVisible();
  await a.screenshot({ path: 'e2e/artifacts/sync-first-computer.png' });

  // The website: the synced library in the app's own table, an edit written to the cloud, and the bounce playing
  // from there.
  const web = await (await browser.newContext({ storageState: SIGNED_OUT_STATE, viewport: { width: 1440, height: 900 } })).newPage();
  await logIn(web, `${websiteUrl()}/login`, user);
  await expect(web.getByTestId('song-count')).toHaveText('2 songs');
  await cell(web, 'Paper Moon', 'status').dblclick();
  await web.getByRole('listbox', { name: 'Status' }).getByRole('option', { name: 'Mastering' }).click();
  await expect(cell(web, 'Paper Moon', 'status')).toHaveText('Mastering');
  await row(web, 'Paper Moon').hover();
  await web.getByRole('button', { name: 'Play Paper Moon' }).click();
  const player = web.locator('footer[aria-label="Player"] audio');
  await expect(player).toHaveAttribute('src', /\/storage\/v1\/object\/sign\/audio-files\//);
  await expect.poll(() => player.evaluate((audio: HTMLAudioElement) => audio.duration)).toBeGreaterThan(1.5);
  await web.screenshot({ path: 'e2e/artifacts/web-library.png' });

  await syncNow(a);
  await expect(cell(a, 'Paper Moon', 'status')).toHaveText('Mastering');
});

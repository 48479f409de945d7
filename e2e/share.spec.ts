// Issue 33: a pro musician shares a song from the app; a listener with no account opens the link in another browser
// context, comments at a moment and marks it Approved; the comment comes back into the app's song panel (its moment
// plays the song from there) with the suggested status; a revoked link shows the one plain page.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { writeAls } from '../fixtures/generators/als';
import { writeWav } from '../fixtures/generators/wav';
import { startHost, type StartedHost } from '../harness/host';
import { SIGNED_OUT_STATE, createConfirmedUser, logIn } from '../harness/signed-in';
import { cloudEndpoint, websiteUrl } from './host-url';
import { expectNoSidewaysScroll, expectOnScreen, PHONE } from './phone';
import { cell, row, tempFolder } from './songs';

test.use({ storageState: SIGNED_OUT_STATE });
// The second test shares a version with the account and app page the first one made pro.
test.describe.configure({ mode: 'serial' });

let host: StartedHost;
test.beforeAll(async () => {
  host = await startHost({ cloud: cloudEndpoint() });
});
test.afterAll(() => host?.stop());

/** The app, signed in and pro, as the first test leaves it. */
let app: Page;

const user = { name: 'Rae Share', email: `rae.share.${Date.now()}@example.com`, password: 'Str0ng!pass' };

async function proWithSyncedSong(browser: Browser): Promise<Page> {
  await createConfirmedUser(cloudEndpoint(), user);
  const page = await (await browser.newContext({ storageState: SIGNED_OUT_STATE, viewport: { width: 1440, height: 900 } })).newPage();
  await logIn(page, host.url, user);
  await page.getByRole('button', { name: 'Add song' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a song' });
  await dialog.getByLabel('Song name').fill('Shared Lantern');
  await dialog.getByLabel('Audio file (optional)').setInputFiles(writeWav(path.join(tempFolder('songshelf-e2e-share-'), 'Shared Lantern.wav'), 4));
  await dialog.getByRole('button', { name: 'Add song' }).click();
  await expect(row(page, 'Shared Lantern')).toBeVisible();
  await page.getByRole('link', { name: 'Upgrade' }).click();
  await page.getByRole('button', { name: 'Upgrade to Pro' }).click();
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByText('Welcome to Pro. Your library is syncing to the cloud.')).toBeVisible();
  const uploaded = await page.evaluate(async () => {
    const songs = await window.api!['db:get-songs']();
    const song = songs.ok ? songs.data.find((candidate) => candidate.name === 'Shared Lantern') : undefined;
    const result = await window.api!['songs:upload']({ id: song!.id });
    return result.ok;
  });
  expect(uploaded).toBe(true);
  await page.getByRole('button', { name: 'Sync now' }).click();
  await expect(page.getByTestId('plan-line')).toHaveText('Pro plan · Synced just now');
  return page;
}

test('a song shared from the app is heard and commented on by a listener with no account, and the comment comes back', async ({ browser }) => {
  test.setTimeout(120_000);
  app = await proWithSyncedSong(browser);
  await cell(app, 'Shared Lantern', 'name').getByRole('button').click();
  const panel = app.getByRole('dialog', { name: 'Shared Lantern' });
  const sharing = panel.getByRole('region', { name: 'Sharing' });
  await sharing.getByRole('button', { name: 'Share…' }).click();
  await sharing.getByRole('button', { name: 'Create link' }).click();
  await expect(sharing.getByTestId('share-link')).toHaveCount(1);
  await expect(sharing.getByTestId('share-link')).toContainText('/s/');
  const token = (await sharing.getByTestId('share-link').locator('[title]').first().getAttribute('title'))!.split('/s/')[1]!;
  await app.screenshot({ path: 'e2e/artifacts/share-panel.png' });

  // A listener: another browser, signed out, on the website.
  const listenerContext = await browser.newContext({ storageState: SIGNED_OUT_STATE, viewport: { width: 1440, height: 900 } });
  const listener = await listenerContext.newPage();
  await listener.goto(`${websiteUrl()}/s/${token}`);
  await expect(listener.getByRole('heading', { name: 'Shared Lantern' })).toBeVisible();
  await expect(listener.getByRole('button', { name: 'Play' })).toBeEnabled();
  await listener.getByRole('button', { name: 'Play' }).click();
  await expect.poll(() => listener.locator('audio').evaluate((audio: HTMLAudioElement) => audio.currentTime)).toBeGreaterThan(1);
  await listener.getByRole('button', { name: 'Pause' }).click();
  await listener.keyboard.press('c');
  await listener.getByLabel('Your name').fill('Mo');
  await listener.getByRole('textbox', { name: 'Comment' }).fill('The snare is too bright here');
  await listener.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(listener.getByTestId('listen-comment')).toHaveCount(1);
  await expect(listener.getByTestId('listen-comment')).toContainText(/0:0[1-4]\s*Mo/);
  await listener.getByRole('button', { name: 'Approved' }).click();
  await expect(listener.getByTestId('listen-comment')).toHaveCount(2);
  await listener.screenshot({ path: 'e2e/artifacts/listen-desktop.png' });
  // On a phone: the page does not scroll sideways, Play plays, and a comment is written there.
  await listener.setViewportSize(PHONE);
  await expectNoSidewaysScroll(listener);
  const heard = await listener.locator('audio').evaluate((audio: HTMLAudioElement) => audio.currentTime);
  await expectOnScreen(listener.getByRole('button', { name: 'Play' }));
  await listener.getByRole('button', { name: 'Play' }).click();
  await expect.poll(() => listener.locator('audio').evaluate((audio: HTMLAudioElement) => audio.currentTime)).toBeGreaterThan(heard + 0.5);
  await listener.getByRole('button', { name: 'Pause' }).click();
  const form = listener.getByRole('form', { name: 'Comment' });
  await form.getByRole('textbox', { name: 'Comment' }).scrollIntoViewIfNeeded();
  await expectOnScreen(form.getByLabel('Your name'), form.getByRole('textbox', { name: 'Comment' }), form.getByRole('button', { name: 'Comment', exact: true }));
  await form.getByRole('textbox', { name: 'Comment' }).fill('Heard on the phone: the kick is right');
  await form.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(listener.getByTestId('listen-comment')).toHaveCount(3);
  await expect(listener.getByTestId('listen-comment').filter({ hasText: 'Heard on the phone: the kick is right' })).toContainText('Mo');
  await expectNoSidewaysScroll(listener);
  await listener.screenshot({ path: 'e2e/artifacts/listen-phone.png', fullPage: true });

  // Back in the app: the comments at their moments, the suggested status applied with one click.
  await app.keyboard.press('Escape');
  await expect(app.getByRole('dialog')).toBeHidden();
  await cell(app, 'Shared Lantern', 'name').getByRole('button').click();
  const comments = app.getByRole('dialog', { name: 'Shared Lantern' }).getByRole('region', { name: 'Sharing' });
  await expect(comments.getByTestId('song-comment')).toHaveCount(3);
  await expect(comments.getByTestId('song-comment').first()).toContainText('The snare is too bright here');
  await comments.getByRole('button', { name: 'Set status to Done' }).click();
  await expect.poll(() => app.evaluate(async () => ((await window.api!['songs:query']({ search: 'Shared Lantern' })) as { ok: boolean; data?: { rows: { status: string }[] } }).data?.rows[0]?.status)).toBe('Done');
  await comments.getByTestId('song-comment').first().getByRole('button', { name: /^Play from / }).click();
  await expect.poll(() => app.locator('footer[aria-label="Player"] audio').evaluate((audio: HTMLAudioElement) => audio.currentTime)).toBeGreaterThan(0.5);
  // The comments are pins on the player's waveform; the markers go to the DAW as a MIDI file.
  await expect(app.getByTestId('comment-pins').getByRole('button')).toHaveCount(3);
  const download = app.waitForEvent('download');
  await comments.getByRole('button', { name: 'MIDI markers' }).click();
  const midi = await download;
  expect(midi.suggestedFilename()).toBe('Shared Lantern comments.mid');
  const bytes = fs.readFileSync(await midi.path());
  expect(bytes.subarray(0, 4).toString()).toBe('MThd');
  expect(bytes.includes(Buffer.from('Mo: The snare is too bright here'))).toBe(true);
  // The owner replies at the comment's moment and resolves it; the listener's page shows the reply.
  await comments.getByTestId('song-comment').first().getByRole('button', { name: 'Reply' }).click();
  await comments.getByLabel(/^Reply at /).fill('Took 2 dB off the snare');
  await comments.getByRole('button', { name: 'Reply', exact: true }).last().click();
  await expect(comments.getByTestId('song-comment')).toHaveCount(4);
  await comments.getByTestId('song-comment').first().getByRole('button', { name: 'Resolve' }).click();
  await expect(comments.getByTestId('song-comment').first()).toHaveAttribute('data-resolved', 'true');
  await listener.reload();
  // The owner's reply carries the badge only the cloud marks; a listener who calls themself "(owner)" is refused.
  await expect(listener.getByTestId('listen-comment').filter({ has: listener.getByTestId('owner-badge') })).toContainText('Took 2 dB off the snare');
  await expect(listener.getByTestId('listen-comment').filter({ hasText: 'The snare is too bright here' }).getByTestId('owner-badge')).toHaveCount(0);
  await listener.getByLabel('Your name').fill('Mo (owner)');
  await listener.getByRole('textbox', { name: 'Comment' }).fill('Approved by the owner');
  await listener.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(listener.getByText('That name cannot be used: choose another.')).toBeVisible();
  await expect(listener.getByTestId('listen-comment')).toHaveCount(4);
  await listener.screenshot({ path: 'e2e/artifacts/listen-owner-reply.png' });
  await app.screenshot({ path: 'e2e/artifacts/share-comments-in-app.png' });

  // The owner, signed in on the website, replies on the page itself.
  const ownerWeb = await (await browser.newContext({ storageState: SIGNED_OUT_STATE, viewport: { width: 1440, height: 900 } })).newPage();
  await logIn(ownerWeb, `${websiteUrl()}/login`, user);
  await expect(ownerWeb.getByTestId('song-count')).toHaveText('1 song');
  await ownerWeb.goto(`${websiteUrl()}/s/${token}`);
  await expect(ownerWeb.getByText('Reply as the owner')).toBeVisible();
  await ownerWeb.getByRole('textbox', { name: 'Comment' }).fill('Thanks, on it');
  await ownerWeb.getByRole('button', { name: 'Reply', exact: true }).click();
  await expect(ownerWeb.getByTestId('listen-comment').filter({ hasText: 'Thanks, on it' })).toContainText('Rae Share');
  await expect(ownerWeb.getByTestId('listen-comment').filter({ hasText: 'Thanks, on it' }).getByTestId('owner-badge')).toHaveText('Owner');

  // The row menu's Share… opens the panel at its form.
  await app.keyboard.press('Escape');
  await expect(app.getByRole('dialog')).toBeHidden();
  await row(app, 'Shared Lantern').hover();
  await row(app, 'Shared Lantern').getByRole('button', { name: 'Actions for Shared Lantern' }).click();
  await app.getByRole('menuitem', { name: 'Share…' }).click();
  await expect(app.getByRole('dialog', { name: 'Shared Lantern' }).getByRole('button', { name: 'Create link' })).toBeVisible();

  // Revoked: the same address is the one plain page.
  await comments.getByRole('button', { name: 'Revoke' }).click();
  await expect(comments.getByTestId('share-link')).toHaveAttribute('data-active', 'false');
  await listener.reload();
  await expect(listener.getByRole('alert')).toHaveText('This link is not available');
  await expect(listener.getByRole('heading')).toHaveCount(0);
});

test('a chosen version of a song is shared: the listener hears that bounce, with its date', async ({ browser }) => {
  test.setTimeout(90_000);
  const music = tempFolder('songshelf-e2e-versions-');
  const project = path.join(music, 'Harbour Lights Project');
  fs.mkdirSync(path.join(project, 'Bounced Files'), { recursive: true });
  writeAls(path.join(project, 'Harbour Lights.als'), { tempo: 120 });
  writeWav(path.join(project, 'Harbour Lights.wav'), 2);
  const older = writeWav(path.join(project, 'Bounced Files', 'Harbour Lights early mix.wav'), 5);
  const bouncedAt = new Date(Date.now() - 20 * 86_400_000);
  fs.utimesSync(older, bouncedAt, bouncedAt);

  await app.keyboard.press('Escape');
  await app.getByLabel('Add a folder').fill(music);
  await app.getByRole('button', { name: 'Watch' }).click();
  await expect(app.getByRole('heading', { name: path.basename(music) })).toBeVisible();
  await expect(row(app, 'Harbour Lights')).toBeVisible();
  await app.getByRole('button', { name: 'Sync now' }).click();
  await expect(app.getByTestId('plan-line')).toHaveText('Pro plan · Synced just now');

  await cell(app, 'Harbour Lights', 'name').getByRole('button').click();
  const sharing = app.getByRole('dialog', { name: 'Harbour Lights' }).getByRole('region', { name: 'Sharing' });
  await sharing.getByRole('button', { name: 'Share…' }).click();
  const versions = sharing.getByLabel('Version to share');
  await expect(versions.locator('option')).toHaveText([/The latest bounce/, /^Harbour Lights\.wav .*now/, /^Harbour Lights early mix\.wav/]);
  await versions.selectOption({ label: (await versions.locator('option', { hasText: 'early mix' }).textContent())! });
  await app.screenshot({ path: 'e2e/artifacts/share-version-form.png' });
  await sharing.getByRole('button', { name: 'Create link' }).click();
  await expect(sharing.getByTestId('share-link')).toHaveCount(1);
  await expect(sharing.getByTestId('share-link')).toContainText('Harbour Lights early mix.wav');
  const token = (await sharing.getByTestId('share-link').locator('[title]').first().getAttribute('title'))!.split('/s/')[1]!;

  const listener = await (await browser.newContext({ storageState: SIGNED_OUT_STATE, viewport: { width: 1440, height: 900 } })).newPage();
  await listener.goto(`${websiteUrl()}/s/${token}`);
  await expect(listener.getByRole('heading', { name: 'Harbour Lights' })).toBeVisible();
  const dated = await listener.evaluate((time) => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(time), bouncedAt.getTime());
  await expect(listener.getByText(`Version of ${dated}`)).toBeVisible();
  await listener.getByRole('button', { name: 'Play' }).click();
  // The early mix is 5 s long; the song's own bounce is 2 s.
  await expect.poll(() => listener.locator('audio').evaluate((audio: HTMLAudioElement) => audio.duration)).toBeGreaterThan(4.5);
  await listener.screenshot({ path: 'e2e/artifacts/listen-version.png' });
});

// What the user reads when this computer's database does not take a write (spec section 8: "Failed to add song to
// local database", "Failed to verify local subscription update"), each made to happen for real: a host of the test's
// own, whose SQLite database is given a trigger (by a second connection, as any other process on the file could) that
// refuses the song's insert, or silently drops the pro subscription the cloud confirmed.
import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { DATABASE_FILE_NAME } from '../db/connection';
import { startHost, type StartedHost } from '../harness/host';
import { SIGNED_OUT_STATE, createConfirmedUser, logIn } from '../harness/signed-in';
import { cloudEndpoint } from './host-url';
import { row } from './songs';

test.use({ storageState: SIGNED_OUT_STATE });

// A host each: the account one test signs in stays signed in on its host.
let host: StartedHost;
test.beforeEach(async () => {
  host = await startHost({ cloud: cloudEndpoint() });
});
test.afterEach(() => host?.stop());

/** Runs SQL on the host's database through a connection of the test's own, while the host has it open. */
function onHostDatabase(sql: string): void {
  const db = new Database(path.join(host.dataDir, DATABASE_FILE_NAME));
  try {
    db.exec(sql);
  } finally {
    db.close();
  }
}

async function signedIn(browser: Browser, who: string): Promise<Page> {
  const user = { name: 'Rhea Refused', email: `${who}.${Date.now()}@example.com`, password: 'Str0ng!pass' };
  await createConfirmedUser(cloudEndpoint(), user);
  const page = await (await browser.newContext({ storageState: SIGNED_OUT_STATE })).newPage();
  await logIn(page, host.url, user);
  await expect(page.getByLabel('Account')).toContainText(user.name);
  return page;
}

test('an add the local database refuses says "Failed to add song to local database"; the dialog stays, nothing is added', async ({ browser }) => {
  const page = await signedIn(browser, 'rhea.add');
  onHostDatabase(`CREATE TRIGGER e2e_refuse_song BEFORE INSERT ON songs WHEN NEW.name = 'Refused Song' BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END;`);
  try {
    await page.getByRole('button', { name: 'Add song' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a song' });
    await dialog.getByLabel('Song name').fill('Refused Song');
    await dialog.getByRole('button', { name: 'Add song' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Failed to add song to local database');
    await expect(dialog.getByRole('button', { name: 'Add song' })).toBeEnabled();
    await page.screenshot({ path: 'e2e/artifacts/add-song-refused.png' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(row(page, 'Refused Song')).toHaveCount(0);
  } finally {
    onHostDatabase('DROP TRIGGER e2e_refuse_song;');
  }
  // The database takes the next one.
  await page.getByRole('button', { name: 'Add song' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a song' });
  await dialog.getByLabel('Song name').fill('Refused Song');
  await dialog.getByRole('button', { name: 'Add song' }).click();
  await expect(row(page, 'Refused Song')).toBeVisible();
});

test('an upgrade the cloud confirmed but the local database did not keep says "Failed to verify local subscription update"', async ({ browser }) => {
  const page = await signedIn(browser, 'rhea.upgrade');
  await expect(page.getByTestId('plan-line')).toHaveText('Free plan');
  // The cache of the subscription drops every pro row written to it: the core's update cannot be verified.
  onHostDatabase(`
    CREATE TRIGGER e2e_keep_free_insert BEFORE INSERT ON subscription WHEN NEW.tier = 'pro' BEGIN SELECT RAISE(IGNORE); END;
    CREATE TRIGGER e2e_keep_free_update BEFORE UPDATE ON subscription WHEN NEW.tier = 'pro' BEGIN SELECT RAISE(IGNORE); END;
  `);
  try {
    await page.getByRole('link', { name: 'Upgrade' }).click();
    await page.getByRole('button', { name: 'Upgrade to Pro' }).click();
    await page.getByRole('button', { name: 'Pay' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Failed to verify local subscription update' })).toBeVisible();
    await expect(page).not.toHaveURL(/session_id/);
    await expect(page.getByText('Welcome to Pro. Your library is syncing to the cloud.')).toHaveCount(0);
    await page.screenshot({ path: 'e2e/artifacts/upgrade-not-verified.png' });
  } finally {
    onHostDatabase('DROP TRIGGER e2e_keep_free_insert; DROP TRIGGER e2e_keep_free_update;');
  }
});

// Local first (issue 15): a library whose cloud cannot be reached (a plane, a café, the project down) opens from
// this computer at once, with the account signed in here remembered, and says "Offline" instead of waiting.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { writeSongs } from '../fixtures/generators/songs';
import { DATABASE_FILE_NAME, openDatabase } from '../db/connection';
import { setSignedInAccount, updateSubscription } from '../db/repositories/account';
import { startHost, type StartedHost } from '../harness/host';

const ACCOUNT = { userId: '6f1c2a4e-8b7d-4c3a-9e2f-1a2b3c4d5e6f', email: 'odile.offline@example.com', name: 'Odile Offline' };
let host: StartedHost;

test.beforeAll(async () => {
  // A library a musician signed in to earlier (pro), then the cloud went away: nothing answers on its port.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'songshelf-e2e-offline-'));
  const db = openDatabase(path.join(dataDir, DATABASE_FILE_NAME), { migrationsFolder: path.resolve(import.meta.dirname, '..', 'migrations') });
  writeSongs(db, 500);
  setSignedInAccount(db, ACCOUNT);
  updateSubscription(db, { userId: ACCOUNT.userId, tier: 'pro', status: 'active' });
  db.close();
  host = await startHost({ dataDir, cloud: { url: 'http://127.0.0.1:9', anonKey: 'unreachable' } });
});
test.afterAll(() => host?.stop());

test('with the cloud unreachable the library opens at once, as the account signed in here, and says Offline', async ({ page }) => {
  await page.goto(host.url);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('song-row').first()).toBeVisible();
  await expect(page.getByText('500 songs')).toBeVisible();
  await expect(page.getByLabel('Account')).toContainText(ACCOUNT.name);
  await expect(page.getByTestId('plan-line')).toHaveText('Pro plan · Offline');
  await page.screenshot({ path: 'e2e/artifacts/offline.png' });
});

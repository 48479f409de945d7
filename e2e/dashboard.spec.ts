import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { hostUrl } from './host-url';

async function addSong(page: Page, name: string) {
  await page.getByRole('button', { name: 'Add song' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a song' });
  await dialog.getByLabel('Song name').fill(name);
  await dialog.getByRole('button', { name: 'Add song' }).click();
  await expect(dialog).toBeHidden();
}

test('adds a song in the dashboard, and it is still there after a reload', async ({ page }) => {
  await page.goto(hostUrl());
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'All Songs' })).toBeVisible();
  // The token left the address bar once the bridge had it.
  expect(page.url()).not.toContain('token=');

  await addSong(page, 'Midnight Sketch');
  const row = page.getByTestId('song-row').filter({ hasText: 'Midnight Sketch' });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Backlog');

  await page.reload();
  await expect(page.getByTestId('song-row').filter({ hasText: 'Midnight Sketch' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Views' }).getByRole('link', { name: 'Hidden' })).toBeVisible();
  await page.screenshot({ path: 'e2e/artifacts/dashboard.png', fullPage: true });
});

test('a song added in another window appears without a reload', async ({ page, context }) => {
  await page.goto(hostUrl());
  await expect(page.getByRole('heading', { name: 'All Songs' })).toBeVisible();
  const other = await context.newPage();
  await other.goto(hostUrl());
  await addSong(other, 'Added Elsewhere');
  await expect(page.getByTestId('song-row').filter({ hasText: 'Added Elsewhere' })).toBeVisible();
});

test('the bridge refuses a page that does not carry the token', async ({ page }) => {
  const origin = new URL(hostUrl()).origin;
  await page.goto(`${origin}/dashboard`);
  const outcome = await page.evaluate(
    (address) =>
      new Promise<string>((resolve) => {
        const socket = new WebSocket(address);
        socket.onopen = () => resolve('open');
        socket.onerror = () => resolve('refused');
      }),
    `${origin.replace('http', 'ws')}/bridge?token=wrong`,
  );
  expect(outcome).toBe('refused');
});

test('an unknown path shows the 404 page with the spec text', async ({ page }) => {
  const origin = new URL(hostUrl()).origin;
  await page.goto(`${origin}/no/such/page`);
  await expect(page).toHaveURL(/\/not-found$/);
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expect(page.getByText("Oops! The page you're looking for doesn't exist or has been moved.")).toBeVisible();
});

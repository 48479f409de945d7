// The website (issue 6), as `npm run build:web` serves it: the landing page and the download widget for each kind
// of visitor, told apart by the browser's user-agent.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { RELEASE_FILES, releaseDownloadUrl } from '../common/website/release';
import { cloudEndpoint, websiteUrl } from './host-url';
import { createConfirmedUser, logIn, SIGNED_OUT_STATE } from '../harness/signed-in';

test.use({ storageState: SIGNED_OUT_STATE });

const AGENTS = {
  iPhone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  Android: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
  Linux: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  macOS: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  Windows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  unknown: 'SomeBot/1.0',
};

async function landingAs(browser: Browser, agent: keyof typeof AGENTS, viewport = { width: 1280, height: 800 }): Promise<Page> {
  const context = await browser.newContext({ userAgent: AGENTS[agent], viewport, storageState: SIGNED_OUT_STATE });
  const page = await context.newPage();
  await page.goto(`${websiteUrl()}/`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  return page;
}

test('the landing page: hero, the three feature cards, How It Works, the closing call, header and footer', async ({ browser }) => {
  const page = await landingAs(browser, 'macOS');
  for (const title of ['DAW Integration', 'Audio Management', 'Smart Organization', 'Sign Up', 'Add Your Projects', 'Organize and Create']) {
    await expect(page.getByRole('heading', { name: title, level: 3 })).toBeVisible();
  }
  await expect(page.getByRole('heading', { name: 'How It Works' })).toBeVisible();
  // The closing call to action: its heading, its line, sign up or see the plans.
  const closing = page.getByRole('region', { name: 'Find the song you were looking for, the first time' });
  await expect(closing).toContainText('Free for your whole library on one computer. Pro keeps it on all of them.');
  await expect(closing.getByRole('link')).toHaveText(['Create a free account', 'See the plans']);
  await expect(closing.getByRole('link', { name: 'Create a free account' })).toHaveAttribute('href', '/signup');
  await expect(closing.getByRole('link', { name: 'See the plans' })).toHaveAttribute('href', '/pricing');
  const header = page.getByRole('navigation', { name: 'Site' });
  await expect(header.getByRole('link')).toHaveText(['Docs', 'Features', 'About', 'Login']);
  const footer = page.getByRole('contentinfo');
  await expect(footer).toContainText('© 2025');
  await expect(footer.getByRole('link')).toHaveText(['Terms of Service', 'Privacy']);
  await page.screenshot({ path: 'e2e/artifacts/site-landing-desktop.png', fullPage: true });
  const phone = await landingAs(browser, 'iPhone', { width: 390, height: 844 });
  await phone.screenshot({ path: 'e2e/artifacts/site-landing-phone.png', fullPage: true });
});

test('download widget on a Mac: the universal image, and All downloads with the three images', async ({ browser }) => {
  const page = await landingAs(browser, 'macOS');
  await expect(page.getByRole('link', { name: 'Download for macOS' })).toHaveAttribute('href', releaseDownloadUrl(RELEASE_FILES.macUniversal));
  // The agreement note appears on hover.
  const note = page.getByRole('note');
  await expect(note).toHaveCSS('opacity', '0');
  await page.getByRole('link', { name: 'Download for macOS' }).hover();
  await expect(note).toHaveCSS('opacity', '1');
  await expect(note).toHaveText('By downloading you agree to our Privacy Policy and Terms of Service.');
  await expect(note.getByRole('link')).toHaveText(['Privacy Policy', 'Terms of Service']);
  await page.getByRole('button', { name: 'All downloads' }).click();
  const list = page.getByRole('list', { name: 'All downloads' });
  await expect(list.getByRole('link')).toHaveText(['Universal', 'Apple Silicon', 'Intel']);
  await expect(list).toContainText('Recommended');
  await expect(list.getByRole('link', { name: 'Intel' })).toHaveAttribute('href', releaseDownloadUrl(RELEASE_FILES.macX64));
  await page.screenshot({ path: 'e2e/artifacts/site-download-mac.png' });
});

test('download widget on Windows: the setup executable', async ({ browser }) => {
  const page = await landingAs(browser, 'Windows');
  await expect(page.getByRole('link', { name: 'Download for Windows' })).toHaveAttribute('href', releaseDownloadUrl(RELEASE_FILES.windowsSetup));
  await expect(page.getByRole('button', { name: 'All downloads' })).toHaveCount(0);
});

for (const agent of ['iPhone', 'Android'] as const) {
  test(`download widget on ${agent}: a desktop app, both downloads offered`, async ({ browser }) => {
    const page = await landingAs(browser, agent, { width: 390, height: 844 });
    await expect(page.getByText('Songshelf is a desktop app for macOS and Windows.')).toBeVisible();
    const list = page.getByRole('list', { name: 'Downloads' });
    await expect(list.getByRole('link', { name: 'macOS' })).toHaveAttribute('href', releaseDownloadUrl(RELEASE_FILES.macUniversal));
    await expect(list.getByRole('link', { name: 'Windows' })).toHaveAttribute('href', releaseDownloadUrl(RELEASE_FILES.windowsSetup));
  });
}

test('download widget on Linux: not supported, a disabled button', async ({ browser }) => {
  const page = await landingAs(browser, 'Linux');
  await expect(page.getByRole('button', { name: 'Not Available for Linux' })).toBeDisabled();
  await expect(page.getByText('Linux is not supported')).toBeVisible();
  await expect(page.getByRole('link', { name: /Download for/ })).toHaveCount(0);
});

test('download widget on an unknown system: a disabled Download button', async ({ browser }) => {
  const page = await landingAs(browser, 'unknown');
  await expect(page.getByRole('button', { name: 'Download', exact: true })).toBeDisabled();
});

test('every page of the website answers with its heading; legal pages carry their required parts', async ({ browser }) => {
  const page = await landingAs(browser, 'macOS');
  const pages: [string, string][] = [
    ['/features', 'Features'],
    ['/about', 'About Songshelf'],
    ['/privacy', 'Privacy Policy'],
    ['/terms', 'Terms of Service'],
    ['/docs', 'Introduction'],
    ['/docs/installation', 'Installation'],
    ['/docs/quick-start', 'Quick Start'],
    ['/docs/adding-songs', 'Adding Songs'],
    ['/docs/managing-files', 'Managing Files'],
    ['/docs/creating-views', 'Creating Views'],
    ['/docs/recording-sessions', 'Recording Sessions'],
    ['/pricing', 'Plans'],
  ];
  for (const [path, heading] of pages) {
    await page.goto(`${websiteUrl()}${path}`);
    await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(heading);
  }
  await page.goto(`${websiteUrl()}/privacy`);
  await expect(page.getByText('Last updated: April 2024')).toBeVisible();
  for (const part of ['Third-party sign-in', 'Opting out', 'Encryption and security', 'GDPR', 'CCPA']) await expect(page.getByRole('heading', { name: new RegExp(part) })).toBeVisible();
  await page.screenshot({ path: 'e2e/artifacts/site-privacy-desktop.png' });
  await page.goto(`${websiteUrl()}/terms`);
  for (const part of ['Your account', 'Your content', 'Prohibited conduct', 'Termination', 'Governing law']) await expect(page.getByRole('heading', { name: part })).toBeVisible();
  await expect(page.getByText('State of California')).toBeVisible();
  await expect(page.getByRole('link', { name: /@/ })).toBeVisible();
  await page.goto(`${websiteUrl()}/docs/no-such-page`);
  await expect(page).toHaveURL(/\/not-found$/);

  // At a phone's width nothing spills sideways.
  const phone = await landingAs(browser, 'Android', { width: 390, height: 844 });
  for (const path of ['/', '/features', '/about', '/privacy', '/terms', '/pricing', '/docs/managing-files']) {
    await phone.goto(`${websiteUrl()}${path}`);
    await expect(phone.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
  }
  await phone.goto(`${websiteUrl()}/features`);
  await phone.screenshot({ path: 'e2e/artifacts/site-features-phone.png', fullPage: true });
  await phone.goto(`${websiteUrl()}/pricing`);
  await phone.screenshot({ path: 'e2e/artifacts/site-pricing-phone.png', fullPage: true });
});

test('docs: the sidebar in two sections, a breadcrumb, previous and next', async ({ browser }) => {
  const page = await landingAs(browser, 'macOS');
  await page.goto(`${websiteUrl()}/docs/quick-start`);
  const sidebar = page.getByRole('navigation', { name: 'Documentation' });
  await expect(sidebar.getByRole('heading')).toHaveText(['Getting Started', 'Project Management']);
  await expect(sidebar.getByRole('link')).toHaveText(['Introduction', 'Installation', 'Quick Start', 'Adding Songs', 'Managing Files', 'Creating Views', 'Recording Sessions']);
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toHaveText(/Docs.*Getting Started.*Quick Start/);
  await page.screenshot({ path: 'e2e/artifacts/site-docs-desktop.png' });
  await page.getByRole('link', { name: /Next\s*Adding Songs/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Adding Songs');
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Project Management');
  await page.getByRole('link', { name: /Previous\s*Quick Start/ }).click();
  await expect(page).toHaveURL(/\/docs\/quick-start$/);
});

test('docs on a phone: the menu is a slide-in drawer with the same pages', async ({ browser }) => {
  const page = await landingAs(browser, 'iPhone', { width: 390, height: 844 });
  await page.goto(`${websiteUrl()}/docs/installation`);
  await expect(page.getByRole('navigation', { name: 'Documentation', exact: true })).toBeHidden();
  await page.getByRole('button', { name: 'Docs menu' }).click();
  const drawer = page.getByRole('navigation', { name: 'Documentation menu' });
  await expect(drawer.getByRole('link')).toHaveCount(7);
  // The keyboard is in the drawer, on the current page; Escape closes it and returns to the button.
  await expect(drawer.getByRole('link', { name: 'Installation' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(page.getByRole('button', { name: 'Docs menu' })).toBeFocused();
  await page.getByRole('button', { name: 'Docs menu' }).click();
  await page.screenshot({ path: 'e2e/artifacts/site-docs-drawer-phone.png' });
  await drawer.getByRole('link', { name: 'Creating Views' }).click();
  await expect(drawer).toBeHidden();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Creating Views');
  await page.screenshot({ path: 'e2e/artifacts/site-docs-phone.png', fullPage: true });
});

test('pricing: a visitor is invited to sign up; a free user upgrades through the cloud checkout and comes back pro', async ({ browser }) => {
  const page = await landingAs(browser, 'macOS');
  await page.goto(`${websiteUrl()}/pricing`);
  await expect(page.getByRole('heading', { name: 'Free', level: 2 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Pro', level: 2 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create a free account' })).toBeVisible();
  await page.screenshot({ path: 'e2e/artifacts/site-pricing-desktop.png' });

  const user = { name: 'Pia Pro', email: `pia.${Date.now()}@example.com`, password: 'Str0ng!pass' };
  const cloud = cloudEndpoint();
  await createConfirmedUser(cloud, user);
  await logIn(page, `${websiteUrl()}/login`, user);
  await expect(page).toHaveURL(/\/dashboard$/);
  // The website has no local library: the dashboard says where it is and offers the app and Pro.
  await expect(page.getByRole('heading', { name: 'Welcome, Pia Pro' })).toBeVisible();
  await page.screenshot({ path: 'e2e/artifacts/site-dashboard-web.png' });
  await page.getByRole('link', { name: /See Pro/ }).click();
  await page.getByRole('button', { name: 'Upgrade to Pro' }).click();
  await expect(page.getByRole('button', { name: 'Pay' })).toBeVisible();
  await page.getByRole('button', { name: 'Pay' }).click();
  // Back on /dashboard with the checkout's user and session ids: honoured, the address cleaned, the library shown.
  await expect(page.getByText('Welcome to Pro. Your library is syncing to the cloud.')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('song-count')).toHaveText('0 songs');
  await expect(page.getByText('No songs have synced yet. Songs your Songshelf app finds appear here.')).toBeVisible();
  // The server made the user pro: the pricing page reads it from the subscription.
  await page.goto(`${websiteUrl()}/pricing`);
  await expect(page.getByText('You are on Pro. Thank you!')).toBeVisible();
  // Signed in, the header's last link is Account, to the dashboard, instead of Login (spec section 2).
  const header = page.getByRole('navigation', { name: 'Site' });
  await expect(header.getByRole('link')).toHaveText(['Docs', 'Features', 'About', 'Account']);
  await header.getByRole('link', { name: 'Account' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('the upgrade’s return is refused for another account, and without a confirmed payment', async ({ browser }) => {
  const page = await landingAs(browser, 'macOS');
  const user = { name: 'Uma Unpaid', email: `uma.${Date.now()}@example.com`, password: 'Str0ng!pass' };
  const cloud = cloudEndpoint();
  await createConfirmedUser(cloud, user);
  await logIn(page, `${websiteUrl()}/login`, user);
  await expect(page.getByRole('heading', { name: 'Welcome, Uma Unpaid' })).toBeVisible();

  const session = '0b9f3c2e-1d4a-4e8b-a7c6-5f4e3d2c1b0a';
  await page.goto(`${websiteUrl()}/dashboard?user_id=6f1c2a4e-8b7d-4c3a-9e2f-1a2b3c4d5e6f&session_id=${session}`);
  await expect(page.getByText('This upgrade belongs to another account. Sign in with the account that paid, then open the link again.')).toBeVisible();
  const userId = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((name) => name.startsWith('sb-') && name.endsWith('-auth-token'));
    return (JSON.parse(localStorage.getItem(key!)!) as { user: { id: string } }).user.id;
  });
  await page.goto(`${websiteUrl()}/dashboard?user_id=${userId}&session_id=${session}`);
  await expect(page.getByText('Your payment has not been confirmed yet. Nothing was changed; try again in a moment.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'See Pro' })).toBeVisible();
  await page.goto(`${websiteUrl()}/pricing`);
  await expect(page.getByRole('button', { name: 'Upgrade to Pro' })).toBeVisible();
});

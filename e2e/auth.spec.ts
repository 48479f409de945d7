// Accounts in the app against the local cloud that the host started (issue 5): sign-up with the spec's checks,
// the confirmation mail's link, sign-out, sign-in with a wrong and a right password, and the login limit.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { IDLE_CHECK_MS, IDLE_SIGN_OUT_MS } from '../common/constants';
import { MESSAGES } from '../common/messages';
import { cloudEndpoint, hostUrl, websiteUrl } from './host-url';
import { mailedLinks, MUSICIAN, sessionTokens } from '../harness/signed-in';

// These tests start with nobody signed in.
test.use({ account: 'signed-out' });

/** The local cloud's address, once the host has it (it starts beside the app, a moment later). */
async function cloudUrl(page: Page): Promise<string> {
  let url: string | null = null;
  await expect
    .poll(async () => {
      url = await page.evaluate(async () => {
        const answer = await window.api!['cloud:config']();
        return answer.ok ? (answer.data.endpoint?.url ?? null) : null;
      });
      return url;
    }, { timeout: 20_000 })
    .not.toBeNull();
  return url!;
}

/** Opens the app's page at `path` with the bridge token kept from the first visit, and the cloud up. */
async function openAt(page: Page, path: string): Promise<string> {
  await page.goto(hostUrl());
  // Nobody is signed in, so the dashboard sends the visitor to sign in.
  await expect(page).toHaveURL(/\/login$/);
  const cloud = await cloudUrl(page);
  await page.goto(new URL(path, page.url()).toString());
  return cloud;
}

/** From /login: Continue with Google, the local consent page as this person, back on the dashboard. */
async function continueWithGoogleAs(page: Page, email: string, name: string, screenshot?: string): Promise<void> {
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in with Google' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Full name').fill(name);
  if (screenshot) await page.screenshot({ path: screenshot });
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** The account block shows who is signed in; Sign out goes to /login. */
async function expectSignedInThenSignOut(page: Page, name: string): Promise<void> {
  await expect(page.getByLabel('Account')).toContainText(name);
  await page.getByLabel('Account').getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

test('sign up with the spec checks, confirm by mail, sign out, sign in again', async ({ page }) => {
  await openAt(page, '/signup');
  const email = `ana.${Date.now()}@example.com`;
  await page.getByLabel('Full name').fill('Ana Lima');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('weakpass');
  await page.getByRole('textbox', { name: 'Confirm password' }).fill('weakpass');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Password must be at least 8 characters long and contain at least one uppercase letter, one lowercase letter, one number, and one special character.',
  );
  await page.getByLabel('Password', { exact: true }).fill('Str0ng!pass');
  await page.getByRole('textbox', { name: 'Confirm password' }).fill('Str0ng!pasS');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('alert')).toHaveText('Passwords do not match');
  await page.getByRole('textbox', { name: 'Confirm password' }).fill('Str0ng!pass');
  await page.screenshot({ path: 'e2e/artifacts/signup.png' });
  await page.getByRole('button', { name: 'Sign up' }).click();

  await expect(page).toHaveURL(/\/verify-email$/);
  await expect(page.getByText(email).first()).toBeVisible();

  // Logging in before confirming goes back to /verify-email with the spec's message.
  await page.goto(new URL('/login', page.url()).toString());
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Str0ng!pass');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/verify-email$/);
  await expect(page.getByText('Your email is not verified. Please check your inbox and verify your email before logging in.')).toBeVisible();

  const links = await mailedLinks(cloudEndpoint(), email);
  expect(links.length).toBeGreaterThan(0);
  await page.goto(links.at(-1)!);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expectSignedInThenSignOut(page, 'Ana Lima');

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('wrong password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid login credentials');
  await page.getByLabel('Password', { exact: true }).fill('Str0ng!pass');
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
  await page.screenshot({ path: 'e2e/artifacts/login.png' });
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expectSignedInThenSignOut(page, 'Ana Lima');
});

test('sign-up checks 3 and 4 (spec section 5): an address that is not one, then a name under 2 characters, each refused with the spec’s words', async ({ page }) => {
  await openAt(page, '/signup');
  await page.getByLabel('Full name').fill('Ana Lima');
  // Passes the browser's own check of an email field, not the spec's (no dot after the @).
  await page.getByLabel('Email').fill('ana@example');
  await page.getByLabel('Password', { exact: true }).fill('Str0ng!pass');
  await page.getByRole('textbox', { name: 'Confirm password' }).fill('Str0ng!pass');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please enter a valid email address');
  await page.getByLabel('Email').fill(`ana.${Date.now()}@example.com`);
  await page.getByLabel('Full name').fill('  A  ');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please enter a valid name');
  // Nothing was sent: still on the form.
  await expect(page).toHaveURL(/\/signup$/);
});

test('a login without a password is not sent: the browser asks for it at the field', async ({ page }) => {
  await openAt(page, '/login');
  await page.getByLabel('Email').fill(`empty.${Date.now()}@example.com`);
  const password = page.getByLabel('Password', { exact: true });
  await expect(password).toHaveAttribute('required', '');
  await page.getByRole('button', { name: 'Log in' }).click();
  expect(await password.evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(true);
  // Nothing was sent: no auth error under the form, the button not busy, still on /login.
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Log in' })).toBeEnabled();
  await expect(page).toHaveURL(/\/login$/);
});

/**
 * Holds the bridge's calls of these channels until their `release()`: the real host answers them, later. Installed
 * before the page opens; the bridge is the page's one WebSocket.
 */
async function holdBridgeCalls<C extends string>(page: Page, channels: C[]): Promise<Record<C, () => void>> {
  const releases = {} as Record<C, () => void>;
  const held = new Map(
    channels.map((channel) => [channel, new Promise<void>((resolve) => (releases[channel] = resolve))] as const),
  );
  await page.routeWebSocket(/\/bridge/, (socket) => {
    const server = socket.connectToServer();
    socket.onMessage(async (frame) => {
      if (typeof frame === 'string') await held.get((JSON.parse(frame) as { channel?: C }).channel as C);
      server.send(frame);
    });
    server.onMessage((frame) => socket.send(frame));
  });
  return releases;
}

test('the buttons say what they are doing while the cloud answers (spec: the busy labels)', async ({ page }) => {
  const held = await holdBridgeCalls(page, ['account:sign-in']);
  await openAt(page, '/login');
  await page.getByLabel('Email').fill(`busy.${Date.now()}@example.com`);
  await page.getByLabel('Password', { exact: true }).fill('Str0ng!pass');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('button', { name: 'Logging in...' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeDisabled();
  held['account:sign-in']();
  await expect(page.getByRole('alert')).toHaveText('Invalid login credentials');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeEnabled();
});

test('the sign-up and Google buttons’ busy labels: Signing Up..., Signing in..., Signing up...', async ({ page }) => {
  const held = await holdBridgeCalls(page, ['account:sign-up', 'account:begin-google']);
  await openAt(page, '/signup');
  await page.getByLabel('Full name').fill('Bea Busy');
  await page.getByLabel('Email').fill(`bea.${Date.now()}@example.com`);
  await page.getByLabel('Password', { exact: true }).fill('Str0ng!pass');
  await page.getByRole('textbox', { name: 'Confirm password' }).fill('Str0ng!pass');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('button', { name: 'Signing Up...' })).toBeDisabled();
  held['account:sign-up']();
  await expect(page).toHaveURL(/\/verify-email$/);

  // Continue with Google, held before the consent page: "Signing up..." on the sign-up page, "Signing in..." on login.
  await page.goto(new URL('/signup', page.url()).toString());
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page.getByRole('button', { name: 'Signing up...' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Sign up' })).toBeDisabled();
  await page.goto(new URL('/login', page.url()).toString());
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page.getByRole('button', { name: 'Signing in...' })).toBeDisabled();
});

test('a Google sign-up the cloud refuses without a message gets the spec’s fallback text', async ({ page }) => {
  // The host's answer to "begin Google" is replaced by a failure that says nothing, as a cloud cut off mid-answer.
  await page.routeWebSocket(/\/bridge/, (socket) => {
    const server = socket.connectToServer();
    socket.onMessage((frame) => {
      const call = JSON.parse(String(frame)) as { type?: string; id?: number; channel?: string };
      if (call.type === 'call' && call.channel === 'account:begin-google') {
        socket.send(JSON.stringify({ type: 'result', id: call.id, result: { ok: false, error: { code: 'cloud_error', message: '' } } }));
      } else server.send(frame);
    });
    server.onMessage((frame) => socket.send(frame));
  });
  await openAt(page, '/signup');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.googleSignUpFailed);
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeEnabled();
});

test('five failed logins for an email stop the sixth with the spec message', async ({ page }) => {
  await openAt(page, '/login');
  const email = `limit.${Date.now()}@example.com`;
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('not the password');
  for (let attempt = 0; attempt < 5; attempt += 1) {
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid login credentials');
    await expect(page.getByRole('button', { name: 'Log in' })).toBeEnabled();
  }
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Too many login attempts. Please try again in 15 minutes.');
});

test('Continue with Google: the local consent page, the callback route, then the dashboard', async ({ page }) => {
  await openAt(page, '/login');
  const email = `gina.${Date.now()}@example.com`;
  await continueWithGoogleAs(page, email, 'Gina Google', 'e2e/artifacts/google-consent.png');
  await expectSignedInThenSignOut(page, 'Gina Google');

  // Her address now belongs to a Google account: a password sign-up gets the spec's message.
  await page.getByRole('link', { name: 'Create an account' }).click();
  await page.getByLabel('Full name').fill('Gina Google');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Str0ng!pass');
  await page.getByRole('textbox', { name: 'Confirm password' }).fill('Str0ng!pass');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.emailRegisteredWithGoogle);
});

test('the OAuth callback without both tokens says so and goes to /login', async ({ page }) => {
  await openAt(page, '/dashboard');
  const alert = page.waitForEvent('dialog');
  await page.goto(new URL('/oauth/callback#access_token=only-one', page.url()).toString());
  const dialog = await alert;
  expect(dialog.message()).toBe('Authentication Error: Authentication failed: Missing tokens');
  await dialog.accept();
  await expect(page).toHaveURL(/\/login$/);
});

test('signing out in one window sends the other window to /login', async ({ page, context }) => {
  await openAt(page, '/login');
  await continueWithGoogleAs(page, `two.${Date.now()}@example.com`, 'Two Windows');

  const other = await context.newPage();
  await other.goto(hostUrl());
  await expect(other.getByLabel('Account')).toContainText('Two Windows');
  await other.getByLabel('Account').getByRole('button', { name: 'Sign out' }).click();
  await expect(other).toHaveURL(/\/login$/);
  await expect(page).toHaveURL(/\/login$/);
});

test('the route guard: a visitor opening the library signs in first; unknown paths show the 404 page', async ({ page }) => {
  await openAt(page, '/login');
  const origin = new URL(page.url()).origin;
  for (const path of ['/', '/dashboard', '/some-view', '/some-view/modal/fields', '/pricing']) {
    await page.goto(`${origin}${path}`);
    await expect(page, `${path} needs a user`).toHaveURL(/\/login$/);
  }
  for (const path of ['/signup', '/verify-email']) {
    await page.goto(`${origin}${path}`);
    await expect(page, `${path} is open to visitors`).toHaveURL(new RegExp(`${path}$`));
  }
  for (const path of ['/no/such/page', '/docs', '/privacy']) {
    await page.goto(`${origin}${path}`);
    await expect(page).toHaveURL(/\/not-found$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(MESSAGES.notFoundTitle);
  }
});

test('the website signs out a user idle over 30 minutes, checked every minute (controlled clock)', async ({ page }) => {
  await page.clock.install();
  // When the page signs out (its clock's time as it asks the cloud to end the session): once, and only after 30 idle
  // minutes. A sign-out at an earlier check would be the first of these, whatever the test looked at meanwhile.
  const signOuts: number[] = [];
  await page.route(/\/auth\/v1\/logout/, async (route) => {
    signOuts.push(await page.evaluate(() => Date.now()));
    await route.continue();
  });
  await page.goto(`${websiteUrl()}/login`);
  await page.getByLabel('Email').fill(MUSICIAN.email);
  await page.getByLabel('Password', { exact: true }).fill(MUSICIAN.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  // A free user on the website goes to / after signing in, and / sends a free user on to /dashboard.
  await expect(page).toHaveURL(/\/dashboard$/);

  const expectSignedIn = async () => {
    await expect(page).toHaveURL(/\/dashboard$/);
    expect(await page.evaluate(() => Object.keys(localStorage).some((key) => key.startsWith('sb-')))).toBe(true);
  };
  await page.clock.fastForward('29:00');
  await expectSignedIn();
  // Activity starts the half hour again.
  await page.mouse.move(200, 200);
  await page.mouse.move(240, 260);
  const lastActive = await page.evaluate(() => Date.now());
  await page.clock.fastForward('29:00');
  await expectSignedIn();
  await page.clock.fastForward('02:00');
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('sb-')))).toEqual([]);
  // The one sign-out came at the first check past 30 minutes after the last activity: none at the 29-minute checks.
  expect(signOuts).toHaveLength(1);
  expect(signOuts[0]! - lastActive).toBeGreaterThanOrEqual(IDLE_SIGN_OUT_MS);
  expect(signOuts[0]! - lastActive).toBeLessThan(IDLE_SIGN_OUT_MS + 2 * IDLE_CHECK_MS);
});

test.describe('sign-in only when asked', () => {
  test.use({ account: 'musician' });

  test('a callback or address carrying another account’s tokens, or a code this app did not ask for, changes nothing', async ({ page }) => {
    await page.goto(hostUrl());
    await expect(page.getByLabel('Account')).toContainText(MUSICIAN.name);
    const stranger = { name: 'Mallory Stranger', email: `mallory.${Date.now()}@example.com`, password: 'Str0ng!pass' };
    const tokens = await sessionTokens(cloudEndpoint(), stranger);
    const origin = new URL(page.url()).origin;
    const fragment = new URLSearchParams({ access_token: tokens.accessToken, refresh_token: tokens.refreshToken, token_type: 'bearer' }).toString();

    // The desktop callback route (where `songshelf://oauth/callback#…` lands): refused with the spec's alert.
    let dialog = page.waitForEvent('dialog');
    await page.goto(`${origin}/oauth/callback#${fragment}`);
    const refused = await dialog;
    expect(refused.message()).toBe(`Authentication Error: ${MESSAGES.callbackNotStarted}`);
    await refused.accept();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByLabel('Account')).toContainText(MUSICIAN.name);

    // Any other route with tokens in its address: ignored.
    await page.goto(`${origin}/dashboard#${fragment}`);
    await expect(page.getByLabel('Account')).toContainText(MUSICIAN.name);
    await page.reload();
    await expect(page.getByLabel('Account')).toContainText(MUSICIAN.name);
    await expect(page.getByLabel('Account')).not.toContainText(stranger.name);

    // A code from a sign-in someone else started: this page holds no verifier for it.
    dialog = page.waitForEvent('dialog');
    await page.goto(`${origin}/oauth/callback?code=${'c0de'.repeat(8)}`);
    const unasked = await dialog;
    expect(unasked.message()).toBe(`Authentication Error: ${MESSAGES.callbackNotStarted}`);
    await unasked.accept();
    await expect(page.getByLabel('Account')).toContainText(MUSICIAN.name);
    const account = await page.evaluate(async () => {
      const answer = await window.api!['account:get']();
      return answer.ok ? answer.data.account?.email : null;
    });
    expect(account).toBe(MUSICIAN.email);
  });
});

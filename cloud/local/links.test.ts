// Mailed links (sign-up confirmation, password recovery) work once and for 24 hours: a used or expired link
// answers with a page that says so, and changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_LINK_LIFETIME_MS } from './auth';
import type { LocalCloud } from './server';
import { cloudClient, openConfirmationLink, startTestCloud } from './test-support';

let cloud: LocalCloud;
let clock = Date.now();

beforeAll(async () => {
  cloud = await startTestCloud({ now: () => clock });
}, 120_000);

afterAll(async () => {
  await cloud?.close();
});

const PASSWORD = 'long enough password';
const newestLink = (email: string) => cloud.outbox.list(email).at(-1)!.link;
const open = (link: string) => fetch(link, { redirect: 'manual' });
const sessionsOf = async (email: string) =>
  (await cloud.db.asOwner((tx) => tx.query<{ count: number }>('select count(*)::int as count from auth.refresh_tokens t join auth.users u on u.id = t.user_id where u.email = $1', [email]))).rows[0]!.count;

async function expectRefusalPage(answer: Response, words: RegExp): Promise<void> {
  expect(answer.status).toBe(403);
  expect(answer.headers.get('location')).toBeNull();
  expect(answer.headers.get('content-type')).toContain('text/html');
  expect(await answer.text()).toMatch(words);
}

describe('a mailed link expires after 24 hours', () => {
  it('a confirmation opened after 24 hours says it expired and confirms nothing; a new mail’s link works', async () => {
    await cloudClient(cloud).auth.signUp({ email: 'late@example.com', password: PASSWORD });
    const link = newestLink('late@example.com');
    clock += EMAIL_LINK_LIFETIME_MS + 1000;
    await expectRefusalPage(await open(link), /expired/);
    expect((await cloudClient(cloud).auth.signInWithPassword({ email: 'late@example.com', password: PASSWORD })).error?.code).toBe('email_not_confirmed');
    expect(await sessionsOf('late@example.com')).toBe(0);

    await cloudClient(cloud).auth.resend({ type: 'signup', email: 'late@example.com' });
    expect((await openConfirmationLink(cloud, 'late@example.com')).hash).toContain('access_token=');
  });

  it('a confirmation opened a minute before the 24 hours end still works', async () => {
    await cloudClient(cloud).auth.signUp({ email: 'just@example.com', password: PASSWORD });
    clock += EMAIL_LINK_LIFETIME_MS - 60_000;
    expect((await openConfirmationLink(cloud, 'just@example.com')).hash).toContain('access_token=');
  });
});

describe('a mailed link works once', () => {
  it('a recovery link opened again says it was used and signs nobody in', async () => {
    await cloudClient(cloud).auth.signUp({ email: 'once@example.com', password: PASSWORD });
    await openConfirmationLink(cloud, 'once@example.com');
    await cloudClient(cloud).auth.resetPasswordForEmail('once@example.com', { redirectTo: 'http://127.0.0.1:9/reset' });
    const link = newestLink('once@example.com');
    expect((await open(link)).status).toBe(303);
    const sessions = await sessionsOf('once@example.com');
    await expectRefusalPage(await open(link), /already used/);
    expect(await sessionsOf('once@example.com')).toBe(sessions);
  });

  it('a confirmation link opened again says it was used', async () => {
    await cloudClient(cloud).auth.signUp({ email: 'twice@example.com', password: PASSWORD });
    const link = newestLink('twice@example.com');
    expect((await open(link)).status).toBe(303);
    await expectRefusalPage(await open(link), /already used/);
  });
});

// The local cloud's auth, driven through @supabase/supabase-js as the app drives a hosted project: sign-up,
// the confirmation mail and its link, password sign-in, refresh, the current user, sign-out with a scope.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ws from 'ws';
import { MESSAGES } from '../../common/messages';
import type { LocalCloud } from './server';
import { cloudClient, openConfirmationLink, startTestCloud } from './test-support';

let cloud: LocalCloud;

const client = (): SupabaseClient => cloudClient(cloud);

async function confirm(email: string): Promise<URL> {
  return openConfirmationLink(cloud, email);
}

beforeAll(async () => {
  cloud = await startTestCloud();
}, 120_000);

afterAll(async () => {
  await cloud?.close();
});

describe('sign-up and confirmation', () => {
  it('signs up without a session, mails a link that confirms and signs in at redirect_to', async () => {
    const supabase = client();
    const { data, error } = await supabase.auth.signUp({
      email: 'ana@example.com',
      password: 'correct horse',
      options: { data: { full_name: 'Ana Lima', subscription_tier: 'free' }, emailRedirectTo: 'http://127.0.0.1:9/oauth/callback' },
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.email).toBe('ana@example.com');
    expect(data.user?.user_metadata).toEqual({ full_name: 'Ana Lima', subscription_tier: 'free' });
    expect(data.user?.identities).toHaveLength(1);

    const before = await supabase.auth.signInWithPassword({ email: 'ana@example.com', password: 'correct horse' });
    expect(before.error?.code).toBe('email_not_confirmed');

    const landing = await confirm('ana@example.com');
    expect(`${landing.origin}${landing.pathname}`).toBe('http://127.0.0.1:9/oauth/callback');
    const fragment = new URLSearchParams(landing.hash.slice(1));
    expect(fragment.get('access_token')).toBeTruthy();
    expect(fragment.get('refresh_token')).toBeTruthy();
    const { data: session, error: setError } = await supabase.auth.setSession({ access_token: fragment.get('access_token')!, refresh_token: fragment.get('refresh_token')! });
    expect(setError).toBeNull();
    expect(session.user?.email_confirmed_at).toBeTruthy();
  });

  it('answers a second sign-up of a confirmed address with no identities, and sends no mail', async () => {
    const mails = cloud.outbox.list('ana@example.com').length;
    const { data, error } = await client().auth.signUp({ email: 'ANA@example.com', password: 'another one' });
    expect(error).toBeNull();
    expect(data.user?.identities).toEqual([]);
    expect(cloud.outbox.list('ana@example.com')).toHaveLength(mails);
  });

  it('resends the confirmation of an address still waiting; an old link stops working', async () => {
    const supabase = client();
    await supabase.auth.signUp({ email: 'ben@example.com', password: 'pass word' });
    const first = cloud.outbox.list('ben@example.com')[0]!;
    const { error } = await supabase.auth.resend({ type: 'signup', email: 'ben@example.com' });
    expect(error).toBeNull();
    expect(cloud.outbox.list('ben@example.com')).toHaveLength(2);
    const stale = await fetch(first.link, { redirect: 'manual' });
    expect(stale.status).toBe(403);
    expect(await stale.text()).toContain('already used');
    const landing = await confirm('ben@example.com');
    expect(landing.hash).toContain('access_token=');
  });

  it('refuses a malformed address and a short password with their messages', async () => {
    const bad = await client().auth.signUp({ email: 'not-an-address', password: 'long enough' });
    expect(bad.error?.message).toMatch(/invalid format/);
    const weak = await client().auth.signUp({ email: 'weak@example.com', password: '123' });
    expect(weak.error?.code).toBe('weak_password');
  });

  it('refuses a sign-up without an address or a password with the spec message, in supabase-js and at the service', async () => {
    const { error } = await client().auth.signUp({ password: 'long enough' } as never);
    expect(error?.message).toBe(MESSAGES.signUpNeedsCredentials);
    for (const body of [{ password: 'long enough' }, { email: 'nopass@example.com' }, {}]) {
      const response = await fetch(`${cloud.url}/auth/v1/signup`, { method: 'POST', headers: { apikey: cloud.anonKey, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { msg: string }).msg).toBe(MESSAGES.signUpNeedsCredentials);
    }
  });
});

describe('sessions', () => {
  it('signs in with the password, knows the user, refreshes, and the old refresh token is spent', async () => {
    const supabase = client();
    const wrong = await supabase.auth.signInWithPassword({ email: 'ana@example.com', password: 'wrong' });
    expect(wrong.error?.message).toBe('Invalid login credentials');

    const { data, error } = await supabase.auth.signInWithPassword({ email: 'ana@example.com', password: 'correct horse' });
    expect(error).toBeNull();
    const { data: me } = await supabase.auth.getUser(data.session!.access_token);
    expect(me.user?.email).toBe('ana@example.com');

    const refreshed = await supabase.auth.refreshSession({ refresh_token: data.session!.refresh_token });
    expect(refreshed.error).toBeNull();
    expect(refreshed.data.session?.refresh_token).not.toBe(data.session!.refresh_token);
    const replay = await client().auth.refreshSession({ refresh_token: data.session!.refresh_token });
    expect(replay.error?.code).toBe('refresh_token_not_found');
  });

  it('signs out: a local scope ends this session only, a global scope ends them all', async () => {
    const phone = client();
    const laptop = client();
    const a = await phone.auth.signInWithPassword({ email: 'ana@example.com', password: 'correct horse' });
    const b = await laptop.auth.signInWithPassword({ email: 'ana@example.com', password: 'correct horse' });
    await phone.auth.signOut({ scope: 'local' });
    expect((await client().auth.getUser(a.data.session!.access_token)).error).not.toBeNull();
    expect((await client().auth.getUser(b.data.session!.access_token)).data.user?.email).toBe('ana@example.com');
    await laptop.auth.signOut({ scope: 'global' });
    expect((await client().auth.getUser(b.data.session!.access_token)).error).not.toBeNull();
  });
});

describe('bad requests', () => {
  it('refuses a call without a valid API key, and a body that is not JSON', async () => {
    const noKey = await fetch(`${cloud.url}/auth/v1/signup`, { method: 'POST', body: '{}' });
    expect(noKey.status).toBe(401);
    const forged = await fetch(`${cloud.url}/auth/v1/user`, { headers: { apikey: `${cloud.anonKey.slice(0, -4)}AAAA` } });
    expect(forged.status).toBe(401);
    const garbage = await fetch(`${cloud.url}/auth/v1/token?grant_type=password`, { method: 'POST', headers: { apikey: cloud.anonKey }, body: '{"email":' });
    expect(garbage.status).toBe(400);
    expect(((await garbage.json()) as { msg: string }).msg).toBe('The request body is not valid JSON.');
  });
});

describe('PKCE, recovery and Google', () => {
  const pkceClient = () =>
    createClient(cloud.url, cloud.anonKey, {
      auth: { flowType: 'pkce', persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: ws as never },
    });

  it('a PKCE sign-up gets a code from the mail link and exchanges it for a session with its verifier', async () => {
    const supabase = pkceClient();
    const signUp = await supabase.auth.signUp({ email: 'pk@example.com', password: 'pkce password', options: { emailRedirectTo: 'http://127.0.0.1:9/oauth/callback' } });
    expect(signUp.error).toBeNull();
    const landing = await confirm('pk@example.com');
    const code = landing.searchParams.get('code');
    expect(code).toBeTruthy();
    expect(landing.hash).toBe('');
    const stranger = await pkceClient().auth.exchangeCodeForSession(code!);
    expect(stranger.error).not.toBeNull();
  });

  it('the code works once, for the client that holds the verifier', async () => {
    const supabase = pkceClient();
    await supabase.auth.signUp({ email: 'pk2@example.com', password: 'pkce password' });
    const code = (await confirm('pk2@example.com')).searchParams.get('code')!;
    const { data, error } = await supabase.auth.exchangeCodeForSession(code);
    expect(error).toBeNull();
    expect(data.session?.user.email).toBe('pk2@example.com');
    expect((await supabase.auth.exchangeCodeForSession(code)).error).not.toBeNull();
  });

  it('a recovery mail signs the user in to set a new password', async () => {
    const supabase = client();
    expect((await supabase.auth.resetPasswordForEmail('ana@example.com', { redirectTo: 'http://127.0.0.1:9/reset' })).error).toBeNull();
    expect((await client().auth.resetPasswordForEmail('nobody@example.com')).error).toBeNull();
    const mail = cloud.outbox.list('ana@example.com').at(-1)!;
    expect(mail.subject).toBe('Reset your Songshelf password');
    const landing = await confirm('ana@example.com');
    const fragment = new URLSearchParams(landing.hash.slice(1));
    expect(fragment.get('type')).toBe('recovery');
    await supabase.auth.setSession({ access_token: fragment.get('access_token')!, refresh_token: fragment.get('refresh_token')! });
    expect((await supabase.auth.updateUser({ password: 'a brand new one' })).error).toBeNull();
    expect((await client().auth.signInWithPassword({ email: 'ana@example.com', password: 'correct horse' })).error?.message).toBe('Invalid login credentials');
    expect((await client().auth.signInWithPassword({ email: 'ana@example.com', password: 'a brand new one' })).error).toBeNull();
  });

  it('Google through the local consent page: a new confirmed user with a Google identity, signed in', async () => {
    const supabase = client();
    const { data } = await supabase.auth.signInWithOAuth({ provider: 'google', options: { redirectTo: 'http://127.0.0.1:9/oauth/callback', skipBrowserRedirect: true } });
    const page = await fetch(data.url!);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain('Sign in with Google');
    const form = new URLSearchParams({ redirect_to: 'http://127.0.0.1:9/oauth/callback', email: 'gina@example.com', full_name: 'Gina Google', decision: 'allow' });
    const answer = await fetch(`${cloud.url}/auth/v1/authorize/consent`, { method: 'POST', body: form, redirect: 'manual' });
    const fragment = new URLSearchParams(new URL(answer.headers.get('location')!).hash.slice(1));
    const { data: user } = await client().auth.getUser(fragment.get('access_token')!);
    expect(user.user?.email).toBe('gina@example.com');
    expect(user.user?.email_confirmed_at).toBeTruthy();
    expect(user.user?.identities?.map((identity) => identity.provider)).toEqual(['google']);
    expect(user.user?.user_metadata.full_name).toBe('Gina Google');
  });

  it('an address registered through Google answers a password sign-up with no identities (the spec’s Google message)', async () => {
    const { data } = await client().auth.signUp({ email: 'gina@example.com', password: 'some password' });
    expect(data.user?.identities).toEqual([]);
  });

  it('cancelling the consent page returns the error to the app', async () => {
    const form = new URLSearchParams({ redirect_to: 'http://127.0.0.1:9/oauth/callback', decision: 'deny' });
    const answer = await fetch(`${cloud.url}/auth/v1/authorize/consent`, { method: 'POST', body: form, redirect: 'manual' });
    expect(new URLSearchParams(new URL(answer.headers.get('location')!).hash.slice(1)).get('error')).toBe('access_denied');
  });

  it('sends tokens only where the redirect allow-list lets them go: the app here and the desktop deep link', async () => {
    const consent = async (redirectTo: string) => {
      const form = new URLSearchParams({ redirect_to: redirectTo, email: 'deep@example.com', full_name: 'Deep Link', decision: 'allow' });
      const answer = await fetch(`${cloud.url}/auth/v1/authorize/consent`, { method: 'POST', body: form, redirect: 'manual' });
      return new URL(answer.headers.get('location')!);
    };
    const desktop = await consent('songshelf://oauth/callback');
    expect(`${desktop.protocol}//${desktop.host}${desktop.pathname}`).toBe('songshelf://oauth/callback');
    expect(new URLSearchParams(desktop.hash.slice(1)).get('refresh_token')).toBeTruthy();
    // A crafted link to another site gets the site URL, not the tokens.
    const elsewhere = await consent('https://evil.example/steal');
    expect(elsewhere.origin).toBe('http://127.0.0.1:9');
    expect((await consent('songshelf://other/place')).origin).toBe('http://127.0.0.1:9');
    // The consent page lets its form answer go back to the deep link (form-action).
    const page = await fetch(`${cloud.url}/auth/v1/authorize?provider=google&redirect_to=${encodeURIComponent('songshelf://oauth/callback')}`);
    expect(page.headers.get('content-security-policy')).toContain('songshelf:');
  });
});

describe('the Google consent page and accounts with a password', () => {
  const consent = (email: string) =>
    fetch(`${cloud.url}/auth/v1/authorize/consent`, {
      method: 'POST',
      body: new URLSearchParams({ redirect_to: 'http://127.0.0.1:9/oauth/callback', email, full_name: 'Mallory', decision: 'allow' }),
      redirect: 'manual',
    });
  const providers = async (email: string) =>
    (await cloud.db.asOwner((tx) => tx.query<{ provider: string }>('select provider from auth.identities i join auth.users u on u.id = i.user_id where lower(u.email) = lower($1)', [email]))).rows.map(
      (row) => row.provider,
    );

  it('never signs in an account that has a password: the page says the address signs in with its password', async () => {
    await client().auth.signUp({ email: 'pat@example.com', password: 'pat password' });
    await confirm('pat@example.com');
    const answer = await consent('PAT@example.com');
    expect(answer.status).toBe(403);
    expect(answer.headers.get('location')).toBeNull();
    expect(await answer.text()).toContain('signs in with its password');
    expect(await providers('pat@example.com')).toEqual(['email']);
  });

  it('neither confirms nor signs in an address still waiting for its confirmation', async () => {
    await client().auth.signUp({ email: 'wait@example.com', password: 'wait password' });
    expect((await consent('wait@example.com')).status).toBe(403);
    expect((await client().auth.signInWithPassword({ email: 'wait@example.com', password: 'wait password' })).error?.code).toBe('email_not_confirmed');
  });

  it('signs a Google-only account in again', async () => {
    const signIn = async () => new URLSearchParams(new URL((await consent('gabe@example.com')).headers.get('location')!).hash.slice(1)).get('access_token')!;
    const first = (await client().auth.getUser(await signIn())).data.user;
    const again = (await client().auth.getUser(await signIn())).data.user;
    expect(again?.id).toBe(first?.id);
    expect(await providers('gabe@example.com')).toEqual(['google']);
  });
});

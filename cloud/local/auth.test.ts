// The local cloud's auth, driven through @supabase/supabase-js as the app drives a hosted project: sign-up,
// the confirmation mail and its link, password sign-in, refresh, the current user, sign-out with a scope.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    expect(new URLSearchParams(new URL(stale.headers.get('location')!).hash.slice(1)).get('error_code')).toBe('otp_expired');
    const landing = await confirm('ben@example.com');
    expect(landing.hash).toContain('access_token=');
  });

  it('refuses a malformed address and a short password with their messages', async () => {
    const bad = await client().auth.signUp({ email: 'not-an-address', password: 'long enough' });
    expect(bad.error?.message).toMatch(/invalid format/);
    const weak = await client().auth.signUp({ email: 'weak@example.com', password: '123' });
    expect(weak.error?.code).toBe('weak_password');
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

/**
 * The musician every dashboard test is signed in as (the dashboard is behind the auth guard, spec section 6):
 * signed up and confirmed by the mailed link on the host's local cloud once, before the tests, then signed in to
 * the app the way a person does it, through the core (which keeps the session: the page holds no token).
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { BrowserContext, Page } from '@playwright/test';
import ws from 'ws';

export const MUSICIAN = { name: 'Mara Quinn', email: 'mara.quinn@example.com', password: 'Str0ng!pass' };

/** A context with nobody signed in, for the account tests. */
export const SIGNED_OUT_STATE = { cookies: [], origins: [] };

/** A cloud client in Node whose stored session is kept in `stored` (what the page would keep in localStorage). */
function nodeClient(cloudUrl: string, anonKey: string, stored: Map<string, string>) {
  return createClient(cloudUrl, anonKey, {
    auth: {
      persistSession: true,
      autoRefreshToken: false,
      detectSessionInUrl: false,
      storage: { getItem: (key) => stored.get(key) ?? null, setItem: (key, value) => void stored.set(key, value), removeItem: (key) => void stored.delete(key) },
    },
    // Node 20 has no WebSocket of its own (ENVIRONMENT.md).
    realtime: { transport: ws as never },
  });
}

/** A local cloud as the helpers reach it: its address, its public key, and the service key that reads its mail. */
export interface CloudKeys {
  url: string;
  anonKey: string;
  serviceKey: string;
}

/** The links the local cloud mailed to `email`, oldest first (`/mail` answers the service key, not a page). */
export async function mailedLinks(cloud: CloudKeys, email: string): Promise<string[]> {
  const answer = await fetch(`${cloud.url}/mail?to=${encodeURIComponent(email)}`, { headers: { apikey: cloud.serviceKey } });
  if (!answer.ok) throw new Error(`The local cloud's mail answered ${answer.status}`);
  return ((await answer.json()) as { link: string }[]).map((mail) => mail.link);
}

/** Signs up a user on the local cloud and opens the mailed confirmation link: they can sign in from then on. */
export async function createConfirmedUser(cloud: CloudKeys, user: { name: string; email: string; password: string }, redirectTo?: string): Promise<void> {
  const supabase = nodeClient(cloud.url, cloud.anonKey, new Map());
  const signUp = await supabase.auth.signUp({ email: user.email, password: user.password, options: { data: { full_name: user.name }, ...(redirectTo ? { emailRedirectTo: redirectTo } : {}) } });
  if (signUp.error) throw signUp.error;
  const link = (await mailedLinks(cloud, user.email)).at(-1);
  if (!link) throw new Error(`The local cloud mailed no confirmation to ${user.email}`);
  const confirmed = await fetch(link, { redirect: 'manual' });
  if (confirmed.status !== 303) throw new Error(`The confirmation link answered ${confirmed.status}`);
}

/**
 * Makes the app at `hostAddress` (its address with the bridge token) signed in as `user`, or signed out (null),
 * through its bridge as the login form does, in a page of its own; waits for the host's cloud to be up.
 */
export async function setHostAccount(context: BrowserContext, hostAddress: string, user: { email: string; password: string } | null): Promise<void> {
  const page = await context.newPage();
  try {
    await page.goto(hostAddress);
    await page.waitForFunction(async () => {
      const answer = await window.api!['cloud:config']();
      return answer.ok && answer.data.endpoint !== null && !answer.data.starting;
    }, undefined, { timeout: 30_000, polling: 200 });
    const problem = await page.evaluate(async (wanted) => {
      const api = window.api!;
      const current = await api['account:get']();
      if (!current.ok) return current.error.message;
      const email = current.data.account?.email ?? null;
      if (email === (wanted?.email ?? null)) return null;
      if (email !== null) await api['account:sign-out']();
      if (!wanted) return null;
      const signedIn = await api['account:sign-in']({ email: wanted.email, password: wanted.password });
      if (!signedIn.ok) return signedIn.error.message;
      return signedIn.data.signedIn ? null : signedIn.data.message;
    }, user);
    if (problem) throw new Error(`The app could not be signed in: ${problem}`);
  } finally {
    await page.close();
  }
}

/** A confirmed user's fresh tokens, as a crafted `songshelf://oauth/callback#…` link would carry them. */
export async function sessionTokens(cloud: CloudKeys, user: { name: string; email: string; password: string }): Promise<{ accessToken: string; refreshToken: string }> {
  await createConfirmedUser(cloud, user);
  const supabase = nodeClient(cloud.url, cloud.anonKey, new Map());
  const signIn = await supabase.auth.signInWithPassword({ email: user.email, password: user.password });
  if (signIn.error) throw signIn.error;
  return { accessToken: signIn.data.session.access_token, refreshToken: signIn.data.session.refresh_token };
}

/** A supabase-js client in the test's process, signed in as `user`: it reads and writes the cloud as the user's devices do. */
export async function signedInCloudClient(cloud: CloudKeys, user: { email: string; password: string }): Promise<SupabaseClient> {
  const supabase = nodeClient(cloud.url, cloud.anonKey, new Map());
  const signIn = await supabase.auth.signInWithPassword({ email: user.email, password: user.password });
  if (signIn.error) throw signIn.error;
  return supabase;
}

/** Fills the login form at `address` (a /login page, or a page that sends a visitor there) and logs in. */
export async function logIn(page: Page, address: string, user: { email: string; password: string }): Promise<void> {
  await page.goto(address);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

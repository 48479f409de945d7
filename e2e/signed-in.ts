/**
 * The musician every dashboard test is signed in as (the dashboard is behind the auth guard, spec section 6):
 * signed up, confirmed by the mailed link and signed in against the host's local cloud once, before the tests,
 * through supabase-js as the page uses it. The page finds the session where supabase-js keeps it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import type { Page } from '@playwright/test';
import ws from 'ws';

/** Playwright's storage state for the signed-in musician (config `use.storageState`). */
export const SIGNED_IN_STATE = path.join(import.meta.dirname, 'artifacts', 'signed-in.json');

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

/** Signs up a user on the local cloud and opens the mailed confirmation link: they can sign in from then on. */
export async function createConfirmedUser(cloudUrl: string, anonKey: string, user: { name: string; email: string; password: string }, redirectTo?: string): Promise<void> {
  const supabase = nodeClient(cloudUrl, anonKey, new Map());
  const signUp = await supabase.auth.signUp({ email: user.email, password: user.password, options: { data: { full_name: user.name }, ...(redirectTo ? { emailRedirectTo: redirectTo } : {}) } });
  if (signUp.error) throw signUp.error;
  const mails = (await (await fetch(`${cloudUrl}/mail?to=${encodeURIComponent(user.email)}`)).json()) as { link: string }[];
  const link = mails.at(-1)?.link;
  if (!link) throw new Error(`The local cloud mailed no confirmation to ${user.email}`);
  const confirmed = await fetch(link, { redirect: 'manual' });
  if (confirmed.status !== 303) throw new Error(`The confirmation link answered ${confirmed.status}`);
}

export async function writeSignedInState(hostOrigin: string, cloudUrl: string, anonKey: string): Promise<void> {
  const state = await signedInState(hostOrigin, cloudUrl, anonKey);
  fs.mkdirSync(path.dirname(SIGNED_IN_STATE), { recursive: true });
  fs.writeFileSync(SIGNED_IN_STATE, JSON.stringify(state));
}

/** Playwright's storage state of `MUSICIAN` signed in at `hostOrigin` (signed up and confirmed first). */
export async function signedInState(hostOrigin: string, cloudUrl: string, anonKey: string) {
  await createConfirmedUser(cloudUrl, anonKey, MUSICIAN, `${hostOrigin}/login`);
  const stored = new Map<string, string>();
  const supabase = nodeClient(cloudUrl, anonKey, stored);
  const signIn = await supabase.auth.signInWithPassword({ email: MUSICIAN.email, password: MUSICIAN.password });
  if (signIn.error) throw signIn.error;
  const localStorage = [...stored].map(([name, value]) => ({ name, value }));
  return { cookies: [], origins: [{ origin: hostOrigin, localStorage }] };
}

/** A confirmed user's fresh tokens, as a crafted `songshelf://oauth/callback#…` link would carry them. */
export async function sessionTokens(cloudUrl: string, anonKey: string, user: { name: string; email: string; password: string }): Promise<{ accessToken: string; refreshToken: string }> {
  await createConfirmedUser(cloudUrl, anonKey, user);
  const supabase = nodeClient(cloudUrl, anonKey, new Map());
  const signIn = await supabase.auth.signInWithPassword({ email: user.email, password: user.password });
  if (signIn.error) throw signIn.error;
  return { accessToken: signIn.data.session.access_token, refreshToken: signIn.data.session.refresh_token };
}

/** Fills the login form at `address` (a /login page, or a page that sends a visitor there) and logs in. */
export async function logIn(page: Page, address: string, user: { email: string; password: string }): Promise<void> {
  await page.goto(address);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

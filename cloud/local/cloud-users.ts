/**
 * Users on the local cloud as a test or a benchmark makes them: a client as the app builds one, a confirmed
 * sign-up, the pro upgrade through the checkout page, the access token. No test runner here: benchmarks use it.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import ws from 'ws';
import type { LocalCloud } from './server';

/** A client as the app builds one, with the project's public key and no stored session. */
export function cloudClient(cloud: LocalCloud, key: string = cloud.anonKey): SupabaseClient {
  return createClient(cloud.url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    // Node 20 has no WebSocket of its own (ENVIRONMENT.md).
    realtime: { transport: ws as never },
  });
}

/** Opens the newest confirmation link mailed to `email`; returns where it sends the browser. */
export async function openConfirmationLink(cloud: LocalCloud, email: string): Promise<URL> {
  const mail = cloud.outbox.list(email).at(-1);
  if (!mail) throw new Error(`no mail to ${email}`);
  const response = await fetch(mail.link, { redirect: 'manual' });
  if (response.status !== 303) throw new Error(`the confirmation link answered ${response.status}`);
  return new URL(response.headers.get('location')!);
}

/** Signs up, confirms and signs in: a client acting as that user, and the user's id. */
export async function signedInClient(cloud: LocalCloud, email: string, password = 'long enough password'): Promise<{ supabase: SupabaseClient; userId: string }> {
  const supabase = cloudClient(cloud);
  const signUp = await supabase.auth.signUp({ email, password });
  if (signUp.error) throw signUp.error;
  await openConfirmationLink(cloud, email);
  const { data, error } = await supabase.auth.signInWithPassword({ email, password });
  if (error) throw error;
  return { supabase, userId: data.user.id };
}

/** Upgrades the user as the pricing page does: a checkout session from the cloud, then Pay on its page. */
export async function upgradeToPro(supabase: SupabaseClient, successUrl = 'http://127.0.0.1:9/dashboard'): Promise<{ sessionId: string; returnUrl: URL }> {
  const { data, error } = await supabase.functions.invoke<{ id: string; url: string }>('checkout', { body: { success_url: successUrl, cancel_url: 'http://127.0.0.1:9/pricing' } });
  if (error || !data) throw error ?? new Error('no checkout session');
  const pay = await fetch(`${data.url}/confirm`, { method: 'POST', redirect: 'manual' });
  if (pay.status !== 303) throw new Error(`the checkout page answered ${pay.status}`);
  return { sessionId: data.id, returnUrl: new URL(pay.headers.get('location')!) };
}

/** The user's current access token (what the page hands the core in `sync:session`). */
export async function accessToken(supabase: SupabaseClient): Promise<string> {
  const { data } = await supabase.auth.getSession();
  if (!data.session) throw new Error('not signed in');
  return data.session.access_token;
}

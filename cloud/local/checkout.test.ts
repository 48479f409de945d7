// The pro upgrade on the local cloud: the app asks the checkout function for a session, the user pays on its
// page, and only that server-side confirmation makes them pro; cancelling, replaying or forging does not.
import { FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { cloudClient, signedInClient, useTestCloud } from './test-support';

const urls = { success_url: 'http://127.0.0.1:9/dashboard?upgraded=1', cancel_url: 'http://127.0.0.1:9/pricing' };

async function activeTier(supabase: SupabaseClient, userId: string): Promise<string | undefined> {
  const { data } = await supabase.from('subscriptions').select('tier').eq('user_id', userId).eq('status', 'active').order('created_at', { ascending: false }).limit(1).maybeSingle();
  return (data as { tier: string } | null)?.tier;
}

async function startCheckout(supabase: SupabaseClient): Promise<{ id: string; url: string }> {
  const { data, error } = await supabase.functions.invoke<{ id: string; url: string }>('checkout', { body: urls });
  if (error || !data) throw error ?? new Error('no checkout');
  return data;
}

const env = useTestCloud(['ana@example.com']);
const ana = () => env.users[0]!;

/** A refused call's HTTP status and body; a call that was not refused over HTTP fails the test. */
async function refusal(error: unknown): Promise<{ status: number; body: unknown }> {
  if (!(error instanceof FunctionsHttpError)) throw new Error(`expected an HTTP refusal, got ${String(error)}`);
  const answer = (error as FunctionsHttpError & { context: Response }).context;
  return { status: answer.status, body: await answer.json() };
}

/** Every checkout session in the cloud, as its owner reads them. */
async function checkoutSessions(): Promise<{ id: string; user_id: string; status: string }[]> {
  const { rows } = await env.cloud.db.asOwner((tx) => tx.query<{ id: string; user_id: string; status: string }>('select id, user_id, status from billing.checkout_sessions order by id'));
  return rows;
}

describe('checkout', () => {
  it('cancelling goes back to the pricing page and changes nothing', async () => {
    const { url } = await startCheckout(ana().supabase);
    const cancel = await fetch(`${url}/cancel`, { method: 'POST', redirect: 'manual' });
    expect(cancel.headers.get('location')).toBe(urls.cancel_url);
    expect(await activeTier(ana().supabase, ana().userId)).toBe('free');
    expect((await fetch(url)).status).toBe(400);
  });

  it('paying on the page makes the user pro, once', async () => {
    const { id, url } = await startCheckout(ana().supabase);
    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('ana@example.com');
    const pay = await fetch(`${url}/confirm`, { method: 'POST', redirect: 'manual' });
    const back = new URL(pay.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe('http://127.0.0.1:9/dashboard');
    expect(back.searchParams.get('session_id')).toBe(id);
    expect(await activeTier(ana().supabase, ana().userId)).toBe('pro');
    const replay = await fetch(`${url}/confirm`, { method: 'POST', redirect: 'manual' });
    expect(replay.status).toBe(400);
    const { data } = await ana().supabase.from('subscriptions').select('tier, status').eq('user_id', ana().userId).eq('status', 'active');
    expect(data).toEqual([{ tier: 'pro', status: 'active' }]);
  });

  it('needs a signed-in user, and return addresses the app owns', async () => {
    const sessionsBefore = await checkoutSessions();
    const visitor = await cloudClient(env.cloud).functions.invoke('checkout', { body: urls });
    expect(await refusal(visitor.error)).toEqual({ status: 401, body: { code: 401, error_code: 'no_authorization', msg: 'Sign in to upgrade.' } });
    const ben = await signedInClient(env.cloud, 'ben@example.com');
    const bad = await ben.supabase.functions.invoke('checkout', { body: { success_url: 'javascript:alert(1)', cancel_url: urls.cancel_url } });
    expect(await refusal(bad.error)).toEqual({ status: 400, body: { error: 'checkout_failed', message: 'success_url must be an http(s) or songshelf: address.' } });
    expect(await activeTier(ben.supabase, ben.userId)).toBe('free');
    // Neither refusal left a session behind, for anyone.
    expect(await checkoutSessions()).toEqual(sessionsBefore);
  });

  it('a made-up checkout id is refused', async () => {
    expect((await fetch(`${env.cloud.url}/checkout/00000000-0000-0000-0000-000000000000`)).status).toBe(400);
    expect((await fetch(`${env.cloud.url}/checkout/00000000-0000-0000-0000-000000000000/confirm`, { method: 'POST', redirect: 'manual' })).status).toBe(400);
    expect((await fetch(`${env.cloud.url}/checkout/not-an-id`)).status).toBe(400);
  });
});

// Every function the API exposes, called as an attacker would: a signed-in free user with the project's public key,
// through supabase-js, over HTTP. The list of functions comes from the database, not from this file: a function the
// API roles can execute that has no attack written here fails the test until one is. Run on PGlite (free-user-rpc.test.ts) and
// on PostgreSQL (postgres.test.ts), under a hosted project's default privileges (platform.sql).
import { createHash } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloudClient, signedInClient, upgradeToPro } from './cloud-users';
import type { LocalCloud } from './server';

interface Caller {
  supabase: SupabaseClient;
  userId: string;
}

interface World {
  free: Caller;
  pro: Caller;
  anon: SupabaseClient;
  /** A song of the pro user's in the cloud, with a link (token known) and a comment on it. */
  proSong: string;
  proToken: string;
  proShareId: string;
}

type Attack = (world: World) => Promise<void>;

const tierOf = async (caller: Caller) => (await caller.supabase.from('subscriptions').select('tier, status').eq('status', 'active')).data;

/** Per function: what a free user (or a listener) tries, and what must hold after. */
const ATTACKS: Record<string, Attack> = {
  confirm_checkout: async ({ free, anon }) => {
    for (const client of [free.supabase, anon]) {
      const { error } = await client.rpc('confirm_checkout', { target_user: free.userId });
      expect(error?.message).toMatch(/permission denied/);
    }
    expect(await tierOf(free)).toEqual([{ tier: 'free', status: 'active' }]);
  },
  is_pro: async ({ free }) => {
    expect((await free.supabase.rpc('is_pro')).data).toBe(false);
  },
  sync_ids: async ({ free, proSong }) => {
    const { data } = await free.supabase.rpc('sync_ids');
    expect(JSON.stringify(data)).not.toContain(proSong);
  },
  server_ms: async ({ free }) => {
    expect(Math.abs(Number((await free.supabase.rpc('server_ms')).data) - Date.now())).toBeLessThan(600_000);
  },
  server_ms_allowed: async ({ free }) => {
    expect(Number((await free.supabase.rpc('server_ms_allowed')).data)).toBeGreaterThan(0);
  },
  share_create: async ({ free, anon, proSong }) => {
    expect((await free.supabase.rpc('share_create', { p_song_id: proSong })).error?.message).toMatch(/Sharing a song is a Pro feature/);
    expect((await anon.rpc('share_create', { p_song_id: proSong })).error?.message).toMatch(/permission denied/);
    expect((await free.supabase.from('shares').select('id')).data).toEqual([]);
  },
  share_revoke: async ({ free, anon, proToken }) => {
    expect((await free.supabase.rpc('share_revoke', { p_token: proToken })).data).toBe(false);
    expect((await anon.rpc('share_revoke', { p_token: proToken })).error?.message).toMatch(/permission denied/);
    expect((await anon.rpc('share_listen', { p_token: proToken })).data).toMatchObject({ name: 'Night Drive' });
  },
  share_reply: async ({ free, anon, proShareId, proToken }) => {
    expect((await free.supabase.rpc('share_reply', { p_share_id: proShareId, p_at_s: 1, p_body: 'hijack' })).error?.message).toMatch(/This link is not available/);
    expect((await anon.rpc('share_reply', { p_share_id: proShareId, p_at_s: 1, p_body: 'hijack' })).error?.message).toMatch(/permission denied/);
    const comments = ((await anon.rpc('share_listen', { p_token: proToken })).data as { comments: { body: string }[] }).comments;
    expect(comments.map((c) => c.body)).not.toContain('hijack');
  },
  share_set_comment_cap: async ({ free, proShareId, proToken, anon }) => {
    expect((await free.supabase.rpc('share_set_comment_cap', { p_share_id: proShareId, p_cap: 1 })).error?.message).toMatch(/This link is not available/);
    expect((await anon.rpc('share_listen', { p_token: proToken })).data).toMatchObject({ commentCap: 1000 });
  },
  share_move: async ({ free, proSong, proToken, anon }) => {
    const mine = crypto.randomUUID();
    expect((await free.supabase.rpc('share_move', { p_from: proSong, p_to: mine })).error?.message).toMatch(/not in your cloud library/);
    expect((await anon.rpc('share_listen', { p_token: proToken })).data).toMatchObject({ name: 'Night Drive' });
  },
  share_listen: async ({ anon, free }) => {
    for (const client of [anon, free.supabase]) expect((await client.rpc('share_listen', { p_token: 'f'.repeat(64) })).error?.message).toBe('This link is not available');
  },
  share_comment: async ({ anon }) => {
    const { error } = await anon.rpc('share_comment', { p_token: 'f'.repeat(64), p_at_s: 1, p_name: 'Lee', p_body: 'hi' });
    expect(error?.message).toBe('This link is not available');
  },
  share_audio_grant: async ({ anon, free, proToken }) => {
    for (const client of [anon, free.supabase]) expect((await client.rpc('share_audio_grant', { p_token: proToken })).error?.message).toMatch(/permission denied/);
  },
};

/** The functions of `public` that `anon` or `authenticated` may execute, read from the catalogue. */
const EXPOSED_SQL = `
  select distinct p.proname as name from pg_proc p cross join (values ('anon'), ('authenticated')) api(role)
  where p.pronamespace = 'public'::regnamespace and p.prorettype <> 'trigger'::regtype and has_function_privilege(api.role, p.oid, 'EXECUTE')
  order by 1`;

export function describeFreeUserRpcs(start: () => Promise<LocalCloud>): void {
  describe('every RPC the API exposes, called by a free user and a listener through supabase-js', () => {
    let cloud: LocalCloud;
    let world: World;
    beforeAll(async () => {
      cloud = await start();
      const free = await signedInClient(cloud, 'free-attacker@example.com');
      const pro = await signedInClient(cloud, 'pro-owner@example.com');
      await upgradeToPro(pro.supabase);
      const proSong = crypto.randomUUID();
      expect((await pro.supabase.from('songs').insert({ id: proSong, data: { id: proSong, name: 'Night Drive' } })).error).toBeNull();
      const made = await pro.supabase.rpc('share_create', { p_song_id: proSong });
      const proToken = (made.data as { token: string }).token;
      const hash = createHash('sha256').update(proToken).digest('hex');
      const proShareId = ((await pro.supabase.from('shares').select('id').eq('token_hash', hash).single()).data as { id: string }).id;
      world = { free, pro, anon: cloudClient(cloud), proSong, proToken, proShareId };
    }, 120_000);
    afterAll(async () => {
      await cloud?.close();
    });

    it('has an attack written for every function anon or authenticated may execute, and none for one they may not', async () => {
      const exposed = (await cloud.db.asOwner((tx) => tx.query<{ name: string }>(EXPOSED_SQL))).rows.map((row) => row.name);
      expect(exposed.sort()).toEqual(Object.keys(ATTACKS).filter((name) => !['confirm_checkout', 'share_audio_grant'].includes(name)).sort());
    });

    for (const [name, attack] of Object.entries(ATTACKS)) {
      it(`${name}: the plan and the owner hold`, async () => {
        await attack(world);
      });
    }
  });
}

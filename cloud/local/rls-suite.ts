// The cloud schema's rules, on the real migrations, each request as PostgREST runs it (role `authenticated` with
// the user's JWT claims): a user reaches only their own rows and files, and no client can make itself pro. Run on
// PGlite (rls.test.ts) and on a PostgreSQL server (postgres.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CloudDatabase, JwtClaims, Queryable } from './database';

export function describeRowLevelSecurity(open: () => Promise<CloudDatabase>): void {
  let cloud: CloudDatabase;
  let alice: JwtClaims;
  let bob: JwtClaims;
  /** Pro, like Alice: what keeps her from Alice's rows is ownership, not the plan (plan-suite.ts). */
  let eve: JwtClaims;

  async function createUser(email: string): Promise<JwtClaims> {
    const { rows } = await cloud.asOwner((tx) => tx.query<{ id: string }>('insert into auth.users (email) values ($1) returning id', [email]));
    return { sub: rows[0]!.id, role: 'authenticated', email };
  }

  const count = async (tx: Queryable, sql: string, params: unknown[] = []) => (await tx.query(sql, params)).affectedRows ?? 0;

  beforeAll(async () => {
    cloud = await open();
    alice = await createUser('alice@example.com');
    bob = await createUser('bob@example.com');
    eve = await createUser('eve@example.com');
    // Writing rows and files is for pro users (0005_plan.sql).
    for (const user of [alice, eve]) await cloud.asService((tx) => tx.query('select public.confirm_checkout($1)', [user.sub]));
    await cloud.asUser(alice, async (tx) => {
      await tx.query(`insert into public.songs (data) values ('{"id":"song-a","name":"Alice song"}')`);
      await tx.query(`insert into public.views (data) values ('{"id":"view-a","title":"Alice view"}')`);
      await tx.query(`update public.user_settings set project_directories = '["/Users/alice/Music"]'`);
      await tx.query(`insert into storage.objects (bucket_id, name, content) values ('audio-files', $1, '\\x00')`, [`${alice.sub}/take.mp3`]);
    });
  }, 120_000);

  afterAll(async () => {
    await cloud?.close();
  });

  describe('a new user', () => {
    it('starts with one active free subscription and empty settings', async () => {
      const carol = await createUser('carol@example.com');
      const subscriptions = await cloud.asUser(carol, (tx) => tx.query('select tier, status from public.subscriptions'));
      expect(subscriptions.rows).toEqual([{ tier: 'free', status: 'active' }]);
      const settings = await cloud.asUser(carol, (tx) => tx.query('select project_directories from public.user_settings'));
      expect(settings.rows).toEqual([{ project_directories: [] }]);
    });
  });

  describe('row level security', () => {
    it('lets the owner read their songs, views, settings and files', async () => {
      await cloud.asUser(alice, async (tx) => {
        expect((await tx.query('select data from public.songs')).rows).toEqual([{ data: { id: 'song-a', name: 'Alice song' } }]);
        expect((await tx.query('select data from public.views')).rows).toHaveLength(1);
        expect((await tx.query('select project_directories from public.user_settings')).rows).toEqual([{ project_directories: ['/Users/alice/Music'] }]);
        expect((await tx.query('select name from storage.objects')).rows).toEqual([{ name: `${alice.sub}/take.mp3` }]);
      });
    });

    it.each(['public.songs', 'public.views', 'public.subscriptions'])('hides %s rows from another user, who can neither change nor delete them', async (table) => {
      await cloud.asUser(bob, async (tx) => {
        const { rows } = await tx.query(`select user_id from ${table} where user_id = $1`, [alice.sub]);
        expect(rows).toEqual([]);
        if (table !== 'public.subscriptions') {
          expect(await count(tx, `update ${table} set data = '{"id":"stolen"}' where user_id = $1`, [alice.sub])).toBe(0);
          expect(await count(tx, `delete from ${table} where user_id = $1`, [alice.sub])).toBe(0);
        }
      });
      const kept = await cloud.asOwner((tx) => tx.query(`select count(*)::int as n from ${table} where user_id = $1`, [alice.sub]));
      // Her subscriptions: the free one she started with, and the pro one that replaced it.
      expect(kept.rows).toEqual([{ n: table === 'public.subscriptions' ? 2 : 1 }]);
    });

    it("keeps a user's settings from another user", async () => {
      await cloud.asUser(bob, async (tx) => {
        expect((await tx.query('select id from public.user_settings where id = $1', [alice.sub])).rows).toEqual([]);
        expect(await count(tx, `update public.user_settings set project_directories = '[]' where id = $1`, [alice.sub])).toBe(0);
        expect(await count(tx, 'delete from public.user_settings where id = $1', [alice.sub])).toBe(0);
      });
      const kept = await cloud.asOwner((tx) => tx.query('select project_directories from public.user_settings where id = $1', [alice.sub]));
      expect(kept.rows).toEqual([{ project_directories: ['/Users/alice/Music'] }]);
    });

    it("refuses rows written in another user's name", async () => {
      await expect(cloud.asUser(eve, (tx) => tx.query(`insert into public.songs (user_id, data) values ($1, '{}')`, [alice.sub]))).rejects.toThrow(/row-level security/);
      await expect(cloud.asUser(eve, (tx) => tx.query(`insert into public.views (user_id, data) values ($1, '{}')`, [alice.sub]))).rejects.toThrow(/row-level security/);
      // Nor can a user hand their own row over to someone else.
      await cloud.asUser(eve, (tx) => tx.query(`insert into public.songs (data) values ('{"id":"song-e"}')`));
      await expect(cloud.asUser(eve, (tx) => tx.query(`update public.songs set user_id = $1`, [alice.sub]))).rejects.toThrow(/row-level security/);
    });

    it("keeps a user's stored files from another user: no reading, writing into their folder, replacing or removing", async () => {
      await cloud.asUser(bob, async (tx) => {
        expect((await tx.query('select name from storage.objects')).rows).toEqual([]);
        expect(await count(tx, `update storage.objects set content = '\\x01' where name = $1`, [`${alice.sub}/take.mp3`])).toBe(0);
        expect(await count(tx, 'delete from storage.objects where name = $1', [`${alice.sub}/take.mp3`])).toBe(0);
      });
      await expect(
        cloud.asUser(eve, (tx) => tx.query(`insert into storage.objects (bucket_id, name) values ('audio-files', $1)`, [`${alice.sub}/planted.mp3`])),
      ).rejects.toThrow(/row-level security/);
      await expect(cloud.asUser(eve, (tx) => tx.query(`insert into storage.objects (bucket_id, name) values ('session-files', 'loose.ptx')`))).rejects.toThrow(/row-level security/);
      const kept = await cloud.asOwner((tx) => tx.query('select name from storage.objects'));
      expect(kept.rows).toEqual([{ name: `${alice.sub}/take.mp3` }]);
    });

    it("reads the user from the first folder of a deeper path: a song's folder in a user's folder is theirs alone", async () => {
      const own = `${alice.sub}/0190a3b4-0000-7000-8000-000000000001/mix.wav`;
      await cloud.asUser(alice, (tx) => tx.query(`insert into storage.objects (bucket_id, name, content) values ('audio-files', $1, '\\x00')`, [own]));
      try {
        expect((await cloud.asUser(alice, (tx) => tx.query('select name from storage.objects where name = $1', [own]))).rows).toEqual([{ name: own }]);
        await cloud.asUser(eve, async (tx) => {
          expect((await tx.query('select name from storage.objects where name = $1', [own])).rows).toEqual([]);
          expect(await count(tx, `update storage.objects set content = '\\x01' where name = $1`, [own])).toBe(0);
          expect(await count(tx, 'delete from storage.objects where name = $1', [own])).toBe(0);
        });
        await expect(
          cloud.asUser(eve, (tx) => tx.query(`insert into storage.objects (bucket_id, name) values ('audio-files', $1)`, [`${alice.sub}/0190a3b4-0000-7000-8000-000000000002/mix.wav`])),
        ).rejects.toThrow(/row-level security/);
        // Alice's id deeper down does not make a folder hers: the first folder is Eve's.
        await expect(
          cloud.asUser(alice, (tx) => tx.query(`insert into storage.objects (bucket_id, name) values ('audio-files', $1)`, [`${eve.sub}/${alice.sub}/mix.wav`])),
        ).rejects.toThrow(/row-level security/);
      } finally {
        await cloud.asOwner((tx) => tx.query('delete from storage.objects where name = $1', [own]));
      }
    });
  });

  describe("the server's clock", () => {
    // A pull pages by modified_at: a row a client could date in 2100 would carry every device's cursor past all later rows.
    it.each(['songs', 'views', 'custom_fields'])('sets %s.modified_at itself on insert and update; an older edit stays skipped', async (table) => {
      const stored = async () =>
        (await cloud.asUser(alice, (tx) => tx.query<{ modified_at: Date; name: string }>(`select modified_at, data ->> 'name' as name from public.${table} where data ->> 'id' = 'clock-1'`))).rows[0]!;
      const future = '2100-01-01T00:00:00Z';
      await cloud.asUser(alice, (tx) => tx.query(`insert into public.${table} (data, modified_at) values ('{"id":"clock-1","name":"first","modifiedAt":2}', $1)`, [future]));
      const inserted = await stored();
      expect(inserted.modified_at.getTime()).toBeLessThan(Date.parse('2099-01-01'));

      await cloud.asUser(alice, (tx) => tx.query(`update public.${table} set data = '{"id":"clock-1","name":"second","modifiedAt":3}', modified_at = $1 where data ->> 'id' = 'clock-1'`, [future]));
      const updated = await stored();
      expect(updated).toMatchObject({ name: 'second' });
      expect(updated.modified_at.getTime()).toBeGreaterThanOrEqual(inserted.modified_at.getTime());
      expect(updated.modified_at.getTime()).toBeLessThan(Date.parse('2099-01-01'));

      // Older than the cloud's copy: skipped, and the row does not look changed to other devices.
      await cloud.asUser(alice, (tx) => tx.query(`update public.${table} set data = '{"id":"clock-1","name":"stale","modifiedAt":1}' where data ->> 'id' = 'clock-1'`));
      expect(await stored()).toEqual(updated);
    });
  });

  describe('subscriptions', () => {
    it('a client cannot make itself pro: not by insert, not by changing its tier', async () => {
      await expect(cloud.asUser(bob, (tx) => tx.query(`insert into public.subscriptions (user_id, tier, status) values ($1, 'pro', 'active')`, [bob.sub]))).rejects.toThrow(/row-level security/);
      await expect(cloud.asUser(bob, (tx) => tx.query(`update public.subscriptions set tier = 'pro'`))).rejects.toThrow(/row-level security|tier changes only through checkout/);
      await expect(cloud.asUser(bob, (tx) => tx.query(`update public.subscriptions set tier = 'pro', status = 'cancelled'`))).rejects.toThrow(/tier changes only through checkout/);
      const tiers = await cloud.asOwner((tx) => tx.query(`select tier from public.subscriptions where user_id = $1`, [bob.sub]));
      expect(tiers.rows).toEqual([{ tier: 'free' }]);
    });

    it('a client cannot call the checkout confirmation', async () => {
      await expect(cloud.asUser(bob, (tx) => tx.query('select public.confirm_checkout($1)', [bob.sub]))).rejects.toThrow(/permission denied/);
    });

    it('the checkout confirmation (service role) makes a user pro; the user may cancel', async () => {
      await cloud.asService((tx) => tx.query('select public.confirm_checkout($1)', [bob.sub]));
      const active = await cloud.asUser(bob, (tx) => tx.query(`select tier from public.subscriptions where status = 'active' order by created_at desc limit 1`));
      expect(active.rows).toEqual([{ tier: 'pro' }]);
      expect(await cloud.asUser(bob, (tx) => count(tx, `update public.subscriptions set status = 'cancelled' where status = 'active'`))).toBe(1);
    });
  });
}

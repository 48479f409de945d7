// Listening links (issue 33), enforced by the database (cloud/migrations/0007_shares.sql): tried every way round as
// the API lets a client try it, signed in or not. Run on PGlite (rls.test.ts) and on PostgreSQL (postgres.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CloudDatabase, JwtClaims, Queryable } from './database';

const ANON = { role: 'anon' };
const NOT_AVAILABLE = /This link is not available/;

export function describeShares(open: () => Promise<CloudDatabase>): void {
  let cloud: CloudDatabase;
  let users = 0;

  async function createUser(tier: 'free' | 'pro'): Promise<JwtClaims> {
    users += 1;
    const { rows } = await cloud.asOwner((tx) => tx.query<{ id: string }>('insert into auth.users (email) values ($1) returning id', [`share-${tier}-${users}@example.com`]));
    const sub = rows[0]!.id;
    if (tier === 'pro') await cloud.asService((tx) => tx.query('select public.confirm_checkout($1)', [sub]));
    return { sub, role: 'authenticated', email: `share-${tier}-${users}@example.com` };
  }

  /** A song of `owner`'s in the cloud, as sync writes it, with a waveform and its audio stored. */
  async function songOf(owner: JwtClaims, name = 'Night Drive'): Promise<string> {
    const id = crypto.randomUUID();
    const data = { id, name, modifiedAt: Date.now(), file: { value: 'cloud', localPath: null, fileName: 'night.mp3', modifiedTime: 1_700_000_000_000 }, meta: { analysis: { overview: [-10, 12, -40, 38] } } };
    await cloud.asOwner(async (tx) => {
      await tx.query('insert into public.songs (id, user_id, data) values ($1, $2, $3)', [id, owner.sub, data]);
      await tx.query(`insert into storage.objects (bucket_id, name, metadata) values ('audio-files', $1, $2)`, [`${owner.sub}/${id}/night.mp3`, { size: 1000 }]);
    });
    return id;
  }

  const create = (owner: JwtClaims, songId: string, options: { days?: number; password?: string } = {}) =>
    cloud.asUser(owner, async (tx) => {
      const { rows } = await tx.query<{ link: { id: string; token: string; expiresAt: number } }>(
        'select public.share_create(p_song_id => $1, p_expires_in_days => $2, p_password => $3) as link',
        [songId, options.days ?? 30, options.password ?? null],
      );
      return rows[0]!.link;
    });
  const listen = (token: string, password: string | null = null, as: { role: string } = ANON) =>
    cloud.asClaims(as, async (tx) => (await tx.query<{ page: Record<string, unknown> }>('select public.share_listen($1, $2) as page', [token, password])).rows[0]!.page);
  const comment = (token: string, body: string, options: { at?: number; name?: string; password?: string } = {}) =>
    cloud.asClaims(ANON, async (tx) =>
      (await tx.query<{ made: Record<string, unknown> }>('select public.share_comment(p_token => $1, p_at_s => $2, p_name => $3, p_body => $4, p_password => $5) as made', [token, options.at ?? 92.5, options.name ?? 'Lee', body, options.password ?? null])).rows[0]!.made,
    );
  const rowsOf = (tx: Queryable, table: string) => tx.query<Record<string, unknown>>(`select * from public.${table}`).then((result) => result.rows);

  beforeAll(async () => {
    cloud = await open();
  }, 120_000);
  afterAll(async () => {
    await cloud?.close();
  });

  describe('listening links', () => {
    it('a pro owner makes a link with 244 random bits, kept only hashed; a listener with no account hears it and comments at a moment', async () => {
      const owner = await createUser('pro');
      const songId = await songOf(owner);
      const link = await create(owner, songId);
      expect(link.token).toMatch(/^[0-9a-f]{64}$/);
      expect(link.expiresAt).toBeGreaterThan(Date.now() + 29 * 86_400_000);
      const stored = await cloud.asUser(owner, (tx) => rowsOf(tx, 'shares'));
      expect(stored).toHaveLength(1);
      expect(JSON.stringify(stored)).not.toContain(link.token);

      expect(await listen(link.token)).toMatchObject({ name: 'Night Drive', versionTime: 1_700_000_000_000, waveform: [-10, 12, -40, 38], hasAudio: true, allowDownload: false, comments: [] });
      const made = await comment(link.token, '  The vocal is too loud here  ', { at: 92.5, name: 'Lee' });
      expect(made).toMatchObject({ atS: 92.5, name: 'Lee', body: 'The vocal is too loud here', fromOwner: false, resolved: false });
      expect((await listen(link.token)).comments).toEqual([made]);
      // The owner reads it, resolves it, replies.
      expect(await cloud.asUser(owner, (tx) => rowsOf(tx, 'share_comments'))).toHaveLength(1);
      await cloud.asUser(owner, (tx) => tx.query('update public.share_comments set resolved = true'));
      await cloud.asUser(owner, (tx) => tx.query('select public.share_reply($1, 92.5, $2)', [stored[0]!.id, 'Turned down 2 dB']));
      expect(((await listen(link.token)).comments as { body: string; resolved: boolean; fromOwner: boolean }[]).map(({ body, resolved, fromOwner }) => [body, resolved, fromOwner])).toEqual([
        ['The vocal is too loud here', true, false],
        ['Turned down 2 dB', false, true],
      ]);
    });

    it('refuses a free user, a song not theirs, and a link past a year, making nothing', async () => {
      const free = await createUser('free');
      const pro = await createUser('pro');
      const freeSong = await songOf(free);
      await expect(create(free, freeSong)).rejects.toThrow(/Sharing a song is a Pro feature/);
      await expect(create(pro, freeSong)).rejects.toThrow(/not in your cloud library/);
      await expect(create(pro, await songOf(pro), { days: 400 })).rejects.toThrow(/1 to 365 days/);
      await expect(cloud.asClaims(ANON, (tx) => tx.query('select public.share_create($1)', [freeSong]))).rejects.toThrow(/permission denied|Sign in/);
      expect(await cloud.asService((tx) => rowsOf(tx, 'shares').then((rows) => rows.filter((row) => row.user_id === free.sub || row.user_id === pro.sub)))).toEqual([]);
    });

    it('a listener, or another user, cannot read or write the tables: only the functions reach a link', async () => {
      const owner = await createUser('pro');
      const other = await createUser('pro');
      const link = await create(owner, await songOf(owner));
      await comment(link.token, 'Love the bridge');
      for (const table of ['shares', 'share_comments']) {
        await expect(cloud.asClaims(ANON, (tx) => rowsOf(tx, table))).rejects.toThrow(/permission denied/);
        expect(await cloud.asUser(other, (tx) => rowsOf(tx, table))).toEqual([]);
      }
      // No direct insert for anyone: not a link with a chosen token, not a comment past the caps.
      await expect(cloud.asUser(owner, (tx) => tx.query(`insert into public.shares (user_id, song_id, token_hash, song_name, expires_at) values ($1, $1, 'x', 'x', now() + interval '1 day')`, [owner.sub]))).rejects.toThrow(/permission denied/);
      await expect(cloud.asUser(owner, (tx) => tx.query(`update public.shares set expires_at = now() + interval '10 years'`))).rejects.toThrow(/permission denied/);
      await expect(cloud.asUser(owner, (tx) => tx.query(`update public.share_comments set body = 'edited'`))).rejects.toThrow(/permission denied/);
      // Another user's reply, or revoke, on a link not theirs does nothing.
      const id = (await cloud.asUser(owner, (tx) => rowsOf(tx, 'shares')))[0]!.id;
      await expect(cloud.asUser(other, (tx) => tx.query('select public.share_reply($1, 1, $2)', [id, 'hijack']))).rejects.toThrow(NOT_AVAILABLE);
      expect((await cloud.asUser(other, (tx) => tx.query<{ done: boolean }>('select public.share_revoke($1) as done', [link.token]))).rows[0]!.done).toBe(false);
      expect((await listen(link.token)).name).toBe('Night Drive');
    });

    it('a revoked, expired, unknown or malformed link gives one plain answer; a wrong password asks for the password', async () => {
      const owner = await createUser('pro');
      const songId = await songOf(owner);
      const revoked = await create(owner, songId);
      expect((await cloud.asUser(owner, (tx) => tx.query<{ done: boolean }>('select public.share_revoke($1) as done', [revoked.token]))).rows[0]!.done).toBe(true);
      const expired = await create(owner, songId, { days: 1 });
      await cloud.asService((tx) => tx.query(`update public.shares set expires_at = now() - interval '1 second' where token_hash = public.share_token_hash($1)`, [expired.token]));
      const unknown = 'f'.repeat(64);
      for (const token of [revoked.token, expired.token, unknown, 'short', `${revoked.token}x`]) {
        await expect(listen(token)).rejects.toThrow(NOT_AVAILABLE);
        await expect(comment(token, 'hello')).rejects.toThrow(NOT_AVAILABLE);
      }
      const locked = await create(owner, songId, { password: 'open sesame' });
      await expect(listen(locked.token)).rejects.toThrow(/needs its password/);
      await expect(listen(locked.token, 'wrong')).rejects.toThrow(/needs its password/);
      await expect(comment(locked.token, 'sneaky')).rejects.toThrow(/needs its password/);
      expect((await listen(locked.token, 'open sesame')).name).toBe('Night Drive');
      expect(await comment(locked.token, 'with the password', { password: 'open sesame' })).toMatchObject({ body: 'with the password' });
    });

    it('caps a comment at 2,000 characters and a name at 80, and a burst at 10 a minute per link', async () => {
      const owner = await createUser('pro');
      const link = await create(owner, await songOf(owner));
      await expect(comment(link.token, 'x'.repeat(100_000))).rejects.toThrow(/1 to 2,000 characters/);
      await expect(comment(link.token, '   ')).rejects.toThrow(/1 to 2,000 characters/);
      await expect(comment(link.token, 'hi', { name: 'n'.repeat(81) })).rejects.toThrow(/A name is 1 to 80/);
      await expect(comment(link.token, 'hi', { at: -1 })).rejects.toThrow(/a moment of the song/);
      await expect(comment(link.token, 'hi', { at: Number.NaN })).rejects.toThrow(/a moment of the song/);
      const burst = await Promise.allSettled(Array.from({ length: 14 }, (_, index) => comment(link.token, `note ${index}`)));
      expect(burst.filter((result) => result.status === 'fulfilled')).toHaveLength(10);
      expect(burst.filter((result) => result.status === 'rejected').map((result) => String((result as PromiseRejectedResult).reason))).toEqual(Array(4).fill(expect.stringMatching(/Too many comments/)));
      expect(((await listen(link.token)).comments as unknown[]).length).toBe(10);
    });
  });
}

// Listening links that hold (issue 42, cloud/migrations/0009_hosted_grants.sql): passwords that cannot be guessed
// online, names that cannot pose as the owner, a comment cap the owner sets, links that follow their song. Run on
// PGlite (rls.test.ts) and on PostgreSQL (postgres.test.ts), under a hosted project's default privileges.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CloudDatabase, JwtClaims } from './database';
import { ANON, NOT_AVAILABLE, shareTestKit } from './share-test-kit';

const REFUSED = { refused: 'password', message: 'That password does not open this song.' };
const LOCKED = /Too many wrong passwords: this link is locked for 15 minutes/;

export function describeShareLimits(open: () => Promise<CloudDatabase>): void {
  let cloud: CloudDatabase;
  const { createUser, songOf, create, listen, comment, rowsOf } = shareTestKit(() => cloud, 'limits');
  const audioGrant = (token: string, password: string | null, as: { role: string } = { role: 'service_role' }) =>
    cloud.asClaims(as, async (tx) => (await tx.query<{ grant: Record<string, unknown> }>('select public.share_audio_grant($1, $2) as grant', [token, password])).rows[0]!.grant);
  const shareIdOf = async (owner: JwtClaims, token: string) =>
    (await cloud.asUser(owner, (tx) => tx.query<{ id: string }>('select id from public.shares where token_hash = $1', [createHash('sha256').update(token).digest('hex')]))).rows[0]!.id;

  beforeAll(async () => {
    cloud = await open();
  }, 120_000);
  afterAll(async () => {
    await cloud?.close();
  });

  describe('link passwords', () => {
    it('a password is at least 8 characters, and is stored with Blowfish, never as typed', async () => {
      const owner = await createUser('pro');
      const songId = await songOf(owner);
      await expect(create(owner, songId, { password: '1234' })).rejects.toThrow(/A password is 8 to 200 characters/);
      await expect(create(owner, songId, { password: '1234567' })).rejects.toThrow(/A password is 8 to 200 characters/);
      await create(owner, songId, { password: 'open sesame' });
      const [stored] = await cloud.asService((tx) => tx.query<{ password_hash: string; password_salt: string | null }>('select password_hash, password_salt from public.shares where song_id = $1', [songId]).then((r) => r.rows));
      expect(stored!.password_hash).toMatch(/^\$2[abxy]?\$08\$/);
      expect(stored!.password_salt).toBeNull();
      expect(stored!.password_hash).not.toContain('open sesame');
    });

    it('10 wrong passwords in 15 minutes lock the link for listening, commenting and the audio, the right password included', async () => {
      const owner = await createUser('pro');
      const songId = await songOf(owner);
      const link = await create(owner, songId, { password: 'correct horse' });
      const other = await create(owner, songId, { password: 'correct horse' });
      // A 4-digit PIN would be tried one guess after another; each wrong one is counted, even though none raised.
      for (let guess = 0; guess < 4; guess += 1) expect(await listen(link.token, `000${guess}`)).toEqual(REFUSED);
      for (let guess = 4; guess < 7; guess += 1) expect(await comment(link.token, 'let me in', { password: `000${guess}` })).toEqual(REFUSED);
      for (let guess = 7; guess < 10; guess += 1) expect(await audioGrant(link.token, `000${guess}`)).toEqual(REFUSED);
      await expect(listen(link.token, 'correct horse')).rejects.toThrow(LOCKED);
      await expect(comment(link.token, 'hello', { password: 'correct horse' })).rejects.toThrow(LOCKED);
      await expect(audioGrant(link.token, 'correct horse')).rejects.toThrow(LOCKED);
      // Another link is not locked by this one's guesses.
      expect((await listen(other.token, 'correct horse')).name).toBe('Night Drive');
      // 15 minutes later (the failures dated back), the right password opens it again.
      const id = await shareIdOf(owner, link.token);
      await cloud.asOwner((tx) => tx.query(`update public.share_password_failures set failed_at = failed_at - interval '16 minutes' where share_id = $1`, [id]));
      expect((await listen(link.token, 'correct horse')).name).toBe('Night Drive');
      expect(await audioGrant(link.token, 'correct horse')).toEqual({ objectPath: `${owner.sub}/${songId}/night.mp3`, allowDownload: false });
    });

    it('a link made before, with a salted SHA-256, still opens with its password', async () => {
      const owner = await createUser('pro');
      const songId = await songOf(owner);
      const link = await create(owner, songId);
      await cloud.asOwner((tx) =>
        tx.query(`update public.shares set password_salt = 'salt', password_hash = public.share_password_hash('salt', 'x') where token_hash = $1`, [createHash('sha256').update(link.token).digest('hex')]),
      );
      expect(await listen(link.token, 'y')).toEqual(REFUSED);
      expect((await listen(link.token, 'x')).name).toBe('Night Drive');
    });

    it('only the share-audio function (the service role) is told which object a link plays', async () => {
      const owner = await createUser('pro');
      const link = await create(owner, await songOf(owner));
      await expect(audioGrant(link.token, null, ANON)).rejects.toThrow(/permission denied/);
      await expect(audioGrant(link.token, null, owner)).rejects.toThrow(/permission denied/);
      expect(await audioGrant(link.token, null)).toMatchObject({ allowDownload: false });
    });
  });

  describe('the owner told apart', () => {
    it('a listener’s name cannot carry "(owner)", control, zero-width or bidirectional characters', async () => {
      const owner = await createUser('pro');
      const link = await create(owner, await songOf(owner));
      for (const name of ['Sam (owner)', 'Sam (OWNER)', 'Sam （owner）', 'Sam\u202e(renwo)', '\u2067Sam\u2069', 'Sam\u0007', 'Sam\u200b (owner)', 'Sam\u200f']) {
        await expect(comment(link.token, 'hi', { name }), JSON.stringify(name)).rejects.toThrow(/That name cannot be used/);
      }
      expect(await comment(link.token, 'hi', { name: 'Zoë Ownerson' })).toMatchObject({ name: 'Zoë Ownerson', fromOwner: false });
    });

    it('only the owner’s reply is marked as the owner’s, and nobody rewrites what a listener wrote', async () => {
      const owner = await createUser('pro');
      const link = await create(owner, await songOf(owner));
      await comment(link.token, 'Too loud', { name: 'Lee' });
      const id = await shareIdOf(owner, link.token);
      await cloud.asUser(owner, (tx) => tx.query('select public.share_reply($1, 1, $2)', [id, 'Fixed']));
      for (const change of [`body = 'I love it'`, `name = 'Someone else'`, 'at_s = 0', 'from_owner = true', `verdict = 'approved'`]) {
        await expect(cloud.asUser(owner, (tx) => tx.query(`update public.share_comments set ${change}`)), change).rejects.toThrow(/permission denied/);
      }
      await cloud.asUser(owner, (tx) => tx.query('update public.share_comments set resolved = true'));
      const comments = (await listen(link.token)).comments as { name: string; body: string; fromOwner: boolean; resolved: boolean }[];
      expect(comments.map(({ body, fromOwner, resolved }) => [body, fromOwner, resolved])).toEqual([
        ['Fixed', true, true],
        ['Too loud', false, true],
      ]);
    });
  });

  describe('the comment cap', () => {
    it('the owner sets how many comments a link takes; the page says when it is reached; nobody else may', async () => {
      const owner = await createUser('pro');
      const stranger = await createUser('pro');
      const link = await create(owner, await songOf(owner));
      const id = await shareIdOf(owner, link.token);
      const setCap = (who: JwtClaims, cap: number) => cloud.asUser(who, (tx) => tx.query('select public.share_set_comment_cap($1, $2)', [id, cap]));
      expect(await listen(link.token)).toMatchObject({ commentCap: 1000, commentsFull: false });
      await setCap(owner, 2);
      await comment(link.token, 'one');
      await comment(link.token, 'two');
      await expect(comment(link.token, 'three')).rejects.toThrow(/This link takes no more comments/);
      expect(await listen(link.token)).toMatchObject({ commentCap: 2, commentsFull: true });
      await expect(setCap(stranger, 5000)).rejects.toThrow(NOT_AVAILABLE);
      await expect(setCap(owner, 0)).rejects.toThrow(/1 to 10,000 comments/);
      await expect(setCap(owner, 10_001)).rejects.toThrow(/1 to 10,000 comments/);
      await expect(cloud.asClaims(ANON, (tx) => tx.query('select public.share_set_comment_cap($1, 5000)', [id]))).rejects.toThrow(/permission denied/);
      await setCap(owner, 3);
      expect(await comment(link.token, 'three')).toMatchObject({ body: 'three' });
    });
  });

  describe('links follow their song', () => {
    it('a song’s row deleted revokes its links; a twin merge moves them to the song kept and they open again', async () => {
      const owner = await createUser('pro');
      const merged = await songOf(owner, 'Night Drive (twin)');
      const kept = await songOf(owner, 'Night Drive');
      const link = await create(owner, merged);
      const revokedByOwner = await create(owner, merged);
      await cloud.asUser(owner, (tx) => tx.query('select public.share_revoke($1)', [revokedByOwner.token]));
      await comment(link.token, 'before the merge');
      await cloud.asUser(owner, (tx) => tx.query('delete from public.songs where id = $1', [merged]));
      await expect(listen(link.token)).rejects.toThrow(NOT_AVAILABLE);

      const move = (who: JwtClaims, from: string, to: string) => cloud.asUser(who, async (tx) => (await tx.query<{ moved: number }>('select public.share_move($1, $2) as moved', [from, to])).rows[0]!.moved);
      const stranger = await createUser('pro');
      await expect(move(stranger, merged, kept)).rejects.toThrow(/not in your cloud library/);
      expect(await move(stranger, merged, await songOf(stranger))).toBe(0);
      await expect(move(owner, merged, crypto.randomUUID())).rejects.toThrow(/not in your cloud library/);
      expect(await move(owner, merged, kept)).toBe(2);

      expect(await listen(link.token)).toMatchObject({ name: 'Night Drive (twin)', hasAudio: true });
      expect(((await listen(link.token)).comments as { body: string }[]).map((c) => c.body)).toEqual(['before the merge']);
      await expect(listen(revokedByOwner.token)).rejects.toThrow(NOT_AVAILABLE);
      expect((await cloud.asUser(owner, (tx) => rowsOf(tx, 'shares'))).map((row) => row.song_id)).toEqual([kept, kept]);
    });
  });
}

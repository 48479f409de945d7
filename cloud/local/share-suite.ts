// Listening links (issue 33), enforced by the database (cloud/migrations/0007_shares.sql): tried every way round as
// the API lets a client try it, signed in or not. Run on PGlite (rls.test.ts) and on PostgreSQL (postgres.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CloudDatabase, JwtClaims } from './database';
import { ANON, NOT_AVAILABLE, shareTestKit } from './share-test-kit';

export function describeShares(open: () => Promise<CloudDatabase>): void {
  let cloud: CloudDatabase;
  const { createUser, songOf, create, listen, comment, rowsOf } = shareTestKit(() => cloud, 'share');

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

    it('a revoked, expired, unknown or malformed link gives one plain answer; a wrong password is refused', async () => {
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
      expect(await listen(locked.token, 'wrong password')).toEqual({ refused: 'password', message: 'That password does not open this song.' });
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

  describe('the audio a link plays (cloud/migrations/0008)', () => {
    const storeObject = (name: string, updatedAt = 'now()') =>
      cloud.asOwner((tx) => tx.query(`insert into storage.objects (bucket_id, name, metadata, updated_at) values ('audio-files', $1, '{"size": 10}', ${updatedAt})`, [name]));
    const playing = (token: string) =>
      cloud.asOwner(async (tx) => (await tx.query<{ object_path: string | null }>('select public.share_audio_object(link) as object_path from public.share_open($1, null) link', [token])).rows[0]!.object_path);
    const createVersion = (owner: JwtClaims, songId: string, objectPath: string, waveform: unknown = [1, -2, 3]) =>
      cloud.asUser(owner, async (tx) => {
        const { rows } = await tx.query<{ link: { token: string } }>(
          'select public.share_create(p_song_id => $1, p_version_path => $2, p_version_time => $3, p_object_path => $4, p_waveform => $5) as link',
          [songId, '/music/Night Drive/Bounces/Night Drive v1.wav', 1_600_000_000_000, objectPath, JSON.stringify(waveform)],
        );
        return rows[0]!.link;
      });

    it('a link to the latest bounce follows the song: a bounce uploaded again under another name plays, with its date and waveform as they are now', async () => {
      const owner = await createUser('pro');
      const songId = await songOf(owner);
      const link = await create(owner, songId);
      expect(await playing(link.token)).toBe(`${owner.sub}/${songId}/night.mp3`);
      // The song goes up again under a new name; the app removes the old object; the sync writes the new row, whose
      // overview is text (two hex digits a signed byte, as the app keeps it).
      await storeObject(`${owner.sub}/${songId}/night_v2.mp3`, `now() + interval '1 minute'`);
      await cloud.asOwner(async (tx) => {
        await tx.query(`delete from storage.objects where name = $1`, [`${owner.sub}/${songId}/night.mp3`]);
        await tx.query(`update public.songs set data = jsonb_set(jsonb_set(data, '{file,modifiedTime}', '1700000999000'), '{meta,analysis,overview}', '"0aff80"') where id = $1`, [songId]);
      });
      // A version uploaded for another link does not become the latest bounce.
      await storeObject(`${owner.sub}/${songId}/versions/1600000000000-night_v1.mp3`, `now() + interval '2 minutes'`);
      expect(await playing(link.token)).toBe(`${owner.sub}/${songId}/night_v2.mp3`);
      expect(await listen(link.token)).toMatchObject({ versionTime: 1_700_000_999_000, waveform: [10, -1, -128], hasAudio: true });
    });

    it('a link to a chosen version plays its own object, whatever the song does next', async () => {
      const owner = await createUser('pro');
      const songId = await songOf(owner);
      const versionObject = `${owner.sub}/${songId}/versions/1600000000000-night_v1.mp3`;
      await storeObject(versionObject);
      const link = await createVersion(owner, songId, versionObject);
      await storeObject(`${owner.sub}/${songId}/night_v3.mp3`, `now() + interval '1 minute'`);
      expect(await playing(link.token)).toBe(versionObject);
      expect(await listen(link.token)).toMatchObject({ versionTime: 1_600_000_000_000, waveform: [1, -2, 3], hasAudio: true });
      // Its object gone (the song deleted for good): the page says there is no audio, and nothing else plays.
      await cloud.asOwner((tx) => tx.query(`delete from storage.objects where name = $1`, [versionObject]));
      expect(await playing(link.token)).toBeNull();
      expect(await listen(link.token)).toMatchObject({ hasAudio: false });
    });

    it('takes a version only from the caller’s own song’s versions folder, stored, with a waveform that is one', async () => {
      const owner = await createUser('pro');
      const other = await createUser('pro');
      const songId = await songOf(owner);
      const otherSong = await songOf(owner, 'Other');
      const theirs = await songOf(other);
      const stored = {
        another: `${other.sub}/${theirs}/versions/1-theirs.mp3`,
        otherSong: `${owner.sub}/${otherSong}/versions/1-other.mp3`,
        songFolder: `${owner.sub}/${songId}/night.mp3`,
        nested: `${owner.sub}/${songId}/versions/deeper/1-x.mp3`,
      };
      for (const name of [stored.another, stored.otherSong, stored.nested]) await storeObject(name);
      for (const objectPath of [...Object.values(stored), `${owner.sub}/${songId}/versions/never-uploaded.mp3`, `${owner.sub}/${songId}/versions/../../${theirs}/night.mp3`]) {
        await expect(createVersion(owner, songId, objectPath)).rejects.toThrow(/That version is not in your cloud/);
      }
      const version = `${owner.sub}/${songId}/versions/2-night.mp3`;
      await storeObject(version);
      for (const waveform of [{ a: 1 }, [1.5], [300], Array(481).fill(0), ['7']]) {
        await expect(createVersion(owner, songId, version, waveform)).rejects.toThrow(/That waveform is not one/);
      }
      expect(await cloud.asUser(owner, (tx) => rowsOf(tx, 'shares'))).toEqual([]);
      // The helpers are the functions' own: a caller cannot hand them a made-up link, nor open one without them.
      const madeUp = `row(gen_random_uuid(), $1::uuid, $2::uuid, 'h', null, null, false, 'x', null, null, null, null, now(), now(), null, 1000, false)::public.shares`;
      for (const helper of ['share_audio_object', 'share_waveform', 'share_version_time']) {
        await expect(cloud.asUser(other, (tx) => tx.query(`select public.${helper}(${madeUp})`, [owner.sub, songId]))).rejects.toThrow(/permission denied/);
      }
      await expect(cloud.asClaims(ANON, (tx) => tx.query(`select public.share_open($1, null)`, ['f'.repeat(64)]))).rejects.toThrow(/permission denied/);
    });
  });
}

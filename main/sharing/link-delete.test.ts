// A song deleted for good takes its links with it (issue 42), through the real local cloud: revoked here at once (the
// app says the link no longer opens, offline too) and in the cloud by the app's own `share_revoke`, made once it is
// online, before the song's deletion is ever pushed. Every path that deletes for good does it: a delete, a bulk
// delete, a pull's removal emptied after 30 days. And the comment poller files nothing under a song that is gone.
import { afterEach, describe, expect, it } from 'vitest';
import type { ShareComment, SongShare } from '../../common/cloud/shares';
import type { Song } from '../../common/songs/song';
import { accessToken, cloudClient, useProxiedCloud } from '../../cloud/local/test-support';
import { purgeRemovedBySync } from '../../db/repositories/removed-by-sync';
import { songComments } from '../../db/schema';
import { tempDir } from '../../db/test-support';
import { call, createTestCore, type TestCore } from '../test-support';

const env = useProxiedCloud();
const cores: TestCore[] = [];
afterEach(async () => {
  env.proxy.heal();
  await Promise.all(cores.splice(0).map((core) => core.close()));
  await env.pro.supabase.from('songs').delete().eq('user_id', env.pro.userId);
});

const DAY = 86_400_000;

/** A computer signed in as the pro user, its clock `clock.offset` ms ahead (changeable). */
async function device(clock = { offset: 0 }): Promise<TestCore> {
  const core = createTestCore(tempDir(), {
    cloud: () => ({ endpoint: { url: env.proxy.url, anonKey: env.cloud.anonKey, local: true }, starting: false }),
    now: () => Date.now() + clock.offset,
    sync: { requestTimeoutMs: 1500, schedule: { timers: false } },
    uploads: { timers: false },
    websiteOrigin: 'http://127.0.0.1:5174',
  });
  cores.push(core);
  await core.router.dispatch('sync:session', { session: { userId: env.pro.userId, accessToken: await accessToken(env.pro.supabase) } });
  return core;
}

const listener = () => cloudClient(env.cloud);
/** What a listener with the link sees: the song's name, or the one plain refusal. */
async function opens(token: string): Promise<string> {
  const { data, error } = await listener().rpc('share_listen', { p_token: token });
  return error ? error.message : (data as { name: string }).name;
}
const comment = (token: string, body: string) => listener().rpc('share_comment', { p_token: token, p_at_s: 3, p_name: 'Mo', p_body: body });
const commentRows = (core: TestCore) => core.db.orm.select().from(songComments).all();

/** A song added by hand (deleted for good, not hidden), in the cloud, shared, with a comment pulled back. */
async function sharedSong(core: TestCore, name: string, expiresInDays = 30): Promise<{ song: Song; token: string }> {
  const song = await call<Song>(core, 'db:add-song', { name });
  await call(core, 'sync:run');
  const { token } = await call<{ token: string }>(core, 'songs:share', { id: song.id, expiresInDays });
  expect((await comment(token, 'Lovely')).error).toBeNull();
  expect(await core.comments.pull()).toBe(1);
  return { song, token };
}

describe('a song deleted for good', () => {
  it.each([
    ['db:delete-song', (id: string) => ({ id })],
    ['songs:bulk-delete', (id: string) => ({ ids: [id] })],
  ] as const)('by %s: its links are revoked here at once, and in the cloud once online', async (channel, input) => {
    const core = await device();
    const { song, token } = await sharedSong(core, 'Gone Tune');
    env.proxy.breakDown('reset-before');
    await call(core, channel, input(song.id));

    // Offline: the app says the link no longer opens, and keeps none of its comments under a song that is gone.
    expect(await call<SongShare[]>(core, 'songs:shares', { id: song.id })).toEqual([expect.objectContaining({ token, state: 'revoked' })]);
    expect(commentRows(core)).toEqual([]);
    expect(await core.comments.settleLinks()).toEqual({ moved: 0, revoked: 0, waiting: 1 });
    expect(await opens(token)).toBe('Gone Tune');

    // Online: revoked in the cloud by the app, while the song's row is still there (its delete not pushed yet).
    env.proxy.heal();
    expect(await core.comments.settleLinks()).toEqual({ moved: 0, revoked: 1, waiting: 0 });
    expect(await opens(token)).toBe('This link is not available');
    expect((await env.pro.supabase.from('songs').select('id').eq('id', song.id)).data).toHaveLength(1);
  });

  it('by a pull’s removal emptied after 30 days: its links made here are revoked here', async () => {
    const clock = { offset: 10 * 60_000 };
    const a = await device();
    const b = await device(clock);
    // One song of five goes: under the brake that holds a pull removing more than 20%.
    for (const name of ['Keep 1', 'Keep 2', 'Keep 3', 'Keep 4']) await call(a, 'db:add-song', { name });
    const doomed = await call<Song>(a, 'db:add-song', { name: 'Doomed' });
    await call(a, 'sync:run');
    await call(b, 'sync:run');
    const { token } = await call<{ token: string }>(b, 'songs:share', { id: doomed.id, expiresInDays: 365 });
    await call(a, 'db:delete-song', { id: doomed.id });
    await call(a, 'sync:run');
    await call(b, 'sync:run');
    expect((await call<Song[]>(b, 'db:get-songs', { includeHidden: true })).find((song) => song.id === doomed.id)).toMatchObject({ hidden: true, removedBySyncAt: expect.any(Number) });
    env.proxy.breakDown('reset-before');
    // In Hidden, restorable: the link is as it was here.
    expect(await call<SongShare[]>(b, 'songs:shares', { id: doomed.id })).toEqual([expect.objectContaining({ token, state: 'open' })]);

    clock.offset += 31 * DAY;
    purgeRemovedBySync(b.db, b.db.now());
    expect((await call<Song[]>(b, 'db:get-songs', { includeHidden: true })).map((song) => song.name)).not.toContain('Doomed');
    expect(await call<SongShare[]>(b, 'songs:shares', { id: doomed.id })).toEqual([expect.objectContaining({ token, state: 'revoked' })]);
  });
});

describe('the comment poller', () => {
  it('files no comment under a song that is gone: its link’s comments are skipped, no row made', async () => {
    const core = await device();
    const { song, token } = await sharedSong(core, 'Short-lived');
    const other = await sharedSong(core, 'Still here');
    expect(await call(core, 'db:delete-song', { id: song.id })).toMatchObject({ outcome: 'deleted' });
    // Written before the cloud heard of the delete (nothing pushed, nothing revoked there yet).
    expect((await comment(token, 'Written after it went')).error).toBeNull();
    await comment(other.token, 'On the song that stays');

    expect(await core.comments.pull()).toBe(1);
    expect(commentRows(core).map((row) => [row.songId, row.body])).toEqual([
      [other.song.id, 'Lovely'],
      [other.song.id, 'On the song that stays'],
    ]);
    expect(await call<ShareComment[]>(core, 'songs:comments', { id: song.id })).toEqual([]);
  });
});

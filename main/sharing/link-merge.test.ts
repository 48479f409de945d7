// Links follow their song through a twin merge (issue 42), on two data folders (two computers of one user) and the
// real local cloud: the links and comments of the song merged away are the kept song's here, on the other computer
// and in the cloud (`share_move`), they still open, and new comments come back under the kept song. A move waits
// while the kept song is not in the cloud yet, and is made once it is.
import { afterEach, describe, expect, it } from 'vitest';
import type { ShareComment, SongShare } from '../../common/cloud/shares';
import type { Song } from '../../common/songs/song';
import type { SyncReport } from '../../common/cloud/sync';
import { accessToken, cloudClient, useProxiedCloud } from '../../cloud/local/test-support';
import { applyPulledSongs } from '../../db/repositories/pulled-records';
import { songComments, songShares } from '../../db/schema';
import { tempDir } from '../../db/test-support';
import { writeLibrary } from '../../fixtures/generators/library';
import { call, createTestCore, type TestCore } from '../test-support';

const env = useProxiedCloud();
const cores: TestCore[] = [];
afterEach(async () => {
  env.proxy.heal();
  await Promise.all(cores.splice(0).map((core) => core.close()));
  await env.pro.supabase.from('songs').delete().eq('user_id', env.pro.userId);
});

/** A computer: its own data folder and clock (`clockOffsetMs` ahead), signed in as the pro user. */
async function device(clockOffsetMs = 0): Promise<TestCore> {
  const core = createTestCore(tempDir(), {
    cloud: () => ({ endpoint: { url: env.proxy.url, anonKey: env.cloud.anonKey, local: true }, starting: false }),
    now: () => Date.now() + clockOffsetMs,
    sync: { requestTimeoutMs: 1500, schedule: { timers: false } },
    uploads: { timers: false },
    websiteOrigin: 'http://127.0.0.1:5174',
  });
  cores.push(core);
  await core.router.dispatch('sync:session', { session: { userId: env.pro.userId, accessToken: await accessToken(env.pro.supabase) } });
  return core;
}

async function scanned(core: TestCore, root: string): Promise<Song[]> {
  await core.start();
  await core.library.watchDirectory(root);
  await core.runner.whenIdle();
  // The poller's own timer and its settling when the account comes online stopped: this test settles by hand.
  core.comments.stop();
  return call<Song[]>(core, 'db:get-songs', { includeHidden: true });
}

const sync = (core: TestCore) => call<SyncReport>(core, 'sync:run');
const listener = () => cloudClient(env.cloud);
/** What a listener with the link sees: the song's name, or the one plain refusal. */
async function opens(token: string): Promise<string> {
  const { data, error } = await listener().rpc('share_listen', { p_token: token });
  return error ? error.message : (data as { name: string }).name;
}
async function cloudSongOf(token: string, core: TestCore): Promise<string | undefined> {
  const cloudId = core.db.orm.select().from(songShares).all().find((row) => row.token === token)?.cloudId;
  const { data } = await env.pro.supabase.from('shares').select('song_id').eq('id', cloudId ?? '');
  return (data as { song_id: string }[] | null)?.[0]?.song_id;
}
const rowsUnder = (core: TestCore, songId: string) => ({
  shares: core.db.orm.select().from(songShares).all().filter((row) => row.songId === songId).length,
  comments: core.db.orm.select().from(songComments).all().filter((row) => row.songId === songId).length,
});

describe('a twin merge', () => {
  it('gives the merged-away song’s links and comments to the song kept, on both computers and in the cloud', async () => {
    const root = tempDir('songshelf-library-');
    await writeLibrary(root, { projects: 1 });
    // Both scan the shared folder before they ever sync: A's song is the older, the one both will keep.
    const a = await device();
    const [kept] = await scanned(a, root);
    const b = await device(60_000);
    const [twin] = await scanned(b, root);
    expect(twin!.id > kept!.id).toBe(true);
    // B syncs first and shares its own song; a listener comments on it.
    await sync(b);
    const link = await call<{ token: string }>(b, 'songs:share', { id: twin!.id });
    expect((await listener().rpc('share_comment', { p_token: link.token, p_at_s: 5, p_name: 'Mo', p_body: 'Before the merge' })).error).toBeNull();
    expect(await b.comments.pull()).toBe(1);

    // A pulls B's song and merges it away; the delete reaches the cloud, whose trigger revokes the link with it.
    await sync(a);
    await sync(a);
    expect(await opens(link.token)).toBe('This link is not available');
    // B pulls the kept song: merged away here too, its link and comment now the kept song's.
    await sync(b);
    expect((await call<Song[]>(b, 'db:get-songs', { includeHidden: true })).map((song) => song.id)).toEqual([kept!.id]);
    expect(rowsUnder(b, twin!.id)).toEqual({ shares: 0, comments: 0 });
    expect(await call<ShareComment[]>(b, 'songs:comments', { id: kept!.id })).toEqual([expect.objectContaining({ body: 'Before the merge' })]);
    expect((await call<Song[]>(b, 'db:get-songs')).find((song) => song.id === kept!.id)?.meta.openComments).toBe(1);

    // In the cloud, the link moves to the kept song (whichever computer settles first) and opens again.
    await a.comments.settleLinks();
    await b.comments.settleLinks();
    expect(await cloudSongOf(link.token, b)).toBe(kept!.id);
    expect(await opens(link.token)).toBe((await call<Song[]>(b, 'db:get-songs'))[0]!.name);
    expect(await call<SongShare[]>(b, 'songs:shares', { id: kept!.id })).toEqual([expect.objectContaining({ token: link.token, state: 'open', comments: 1 })]);

    // A comment written after the merge is pulled under the kept song; the link is revoked from it.
    await listener().rpc('share_comment', { p_token: link.token, p_at_s: 9, p_name: 'Mo', p_body: 'After the merge' });
    expect(await b.comments.pull()).toBe(1);
    expect((await call<ShareComment[]>(b, 'songs:comments', { id: kept!.id })).map((comment) => comment.body)).toEqual(['Before the merge', 'After the merge']);
    expect(rowsUnder(b, twin!.id)).toEqual({ shares: 0, comments: 0 });
    expect(await call(b, 'songs:share-revoke', { token: link.token })).toEqual({ revoked: true });
    expect(await opens(link.token)).toBe('This link is not available');
  });

  it('waits to move the links in the cloud until the kept song is there, then moves them and opens them again', async () => {
    const root = tempDir('songshelf-library-');
    await writeLibrary(root, { projects: 1 });
    // B scans first (its song is the one kept) but has not synced; A scans, syncs, and shares its song.
    const b = await device();
    const [kept] = await scanned(b, root);
    const a = await device(60_000);
    const [twin] = await scanned(a, root);
    await sync(a);
    const link = await call<{ token: string }>(a, 'songs:share', { id: twin!.id });
    // B's pull brings A's song (as the sync's pull writes it): merged into B's, which the cloud does not hold yet.
    applyPulledSongs(b.db, [twin!]);
    expect((await call<Song[]>(b, 'db:get-songs', { includeHidden: true })).map((song) => song.id)).toEqual([kept!.id]);

    expect(await b.comments.settleLinks()).toEqual({ moved: 0, revoked: 0, waiting: 1 });
    expect(await cloudSongOf(link.token, a)).toBe(twin!.id);
    // The next sync sends the kept song up, and the delete of the twin, which revokes its link in the cloud.
    await sync(b);
    expect(await opens(link.token)).toBe('This link is not available');
    await b.comments.settleLinks();
    expect(await b.comments.settleLinks()).toEqual({ moved: 0, revoked: 0, waiting: 0 });
    expect(await cloudSongOf(link.token, a)).toBe(kept!.id);
    expect(await opens(link.token)).not.toBe('This link is not available');
  });
});

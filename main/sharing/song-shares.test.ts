// Sharing a song from the app (issue 33), through the real local cloud: the link made, listed, heard and commented
// on by a listener with no account, the comments read back, the link revoked; a free account and a song not yet in
// the cloud are refused by the cloud itself.
import { afterEach, describe, expect, it } from 'vitest';
import { commentsLine, DEFAULT_COMMENT_CAP, raisedCommentCap, type ShareComment, type SongShare } from '../../common/cloud/shares';
import type { Song } from '../../common/songs/song';
import { eq, sql } from 'drizzle-orm';
import { songShares } from '../../db/schema';
import { tempDir } from '../../db/test-support';
import { accessToken, cloudClient, useProxiedCloud, type SignedIn } from '../../cloud/local/test-support';
import { call, createTestCore, type TestCore } from '../test-support';

const env = useProxiedCloud();
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const cores: TestCore[] = [];
afterEach(async () => {
  await Promise.all(cores.splice(0).map((core) => core.close()));
});

/** A computer signed in as `user`, its clock `clockOffsetMs` off the cloud's. */
async function device(user: SignedIn, clockOffsetMs = 0): Promise<TestCore> {
  const core = createTestCore(tempDir(), {
    now: () => Date.now() + clockOffsetMs,
    cloud: () => ({ endpoint: { url: env.proxy.url, anonKey: env.cloud.anonKey, local: true }, starting: false }),
    sync: { requestTimeoutMs: 1500, schedule: { timers: false } },
    websiteOrigin: 'http://127.0.0.1:5174',
  });
  cores.push(core);
  await core.router.dispatch('sync:session', { session: { userId: user.userId, accessToken: await accessToken(user.supabase) } });
  return core;
}

describe('sharing a song from the app', () => {
  it('makes a link to a synced song, lists it, reads its comments, and revokes it', async () => {
    const core = await device(env.pro);
    const song = await call<Song>(core, 'db:add-song', { name: 'Shared Tune' });
    await call(core, 'sync:run');
    const link = await call<{ url: string; token: string; expiresAt: number }>(core, 'songs:share', { id: song.id, expiresInDays: 7, password: 'open sesame' });
    expect(link.url).toBe(`http://127.0.0.1:5174/s/${link.token}`);
    expect(link.expiresAt - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    expect(await call<SongShare[]>(core, 'songs:shares', { id: song.id })).toEqual([expect.objectContaining({ token: link.token, hasPassword: true, allowDownload: false, state: 'open' })]);

    const listener = cloudClient(env.cloud);
    const said = await listener.rpc('share_comment', { p_token: link.token, p_at_s: 12, p_name: 'Ana', p_body: 'Kick is great', p_password: 'open sesame' });
    expect(said.error).toBeNull();
    const notices: { title: string; body: string }[] = [];
    core.events.on('notify', (notice) => notices.push(notice));
    // Reading the comments pulls nothing (issue 44); the pull is its own command, and its reply carries what it filed.
    expect(await call<ShareComment[]>(core, 'songs:comments', { id: song.id })).toEqual([]);
    expect(await core.router.dispatch('songs:comments-pull', undefined)).toMatchObject({ ok: true, data: { fresh: 1 }, changes: { tables: expect.arrayContaining(['song_comments', 'songs']) } });
    expect(await call<ShareComment[]>(core, 'songs:comments', { id: song.id })).toEqual([expect.objectContaining({ atS: 12, name: 'Ana', body: 'Kick is great', resolved: false, fromOwner: false })]);
    // Nothing new since: a second pull files nothing, and tells the page nothing.
    expect(await core.router.dispatch('songs:comments-pull', undefined)).toEqual({ ok: true, data: { fresh: 0 } });
    // Back in the app: counted open (the column, comments:open), told once; a second within the hour is not told.
    expect((await call<Song[]>(core, 'db:get-songs')).find((candidate) => candidate.id === song.id)?.meta.openComments).toBe(1);
    expect((await call<{ rows: Song[] }>(core, 'songs:query', { search: 'comments:open' })).rows.map((row) => row.name)).toEqual(['Shared Tune']);
    expect(notices).toEqual([{ kind: 'info', title: 'New comments on Shared Tune', body: 'Ana: Kick is great' }]);
    await listener.rpc('share_comment', { p_token: link.token, p_at_s: 30, p_name: 'Ana', p_body: 'And the outro', p_password: 'open sesame' });
    expect(await core.comments.pull()).toBe(1);
    expect(notices).toHaveLength(1);
    expect((await call<{ rows: Song[] }>(core, 'songs:query', { search: 'comments:open' })).rows[0]?.meta.openComments).toBe(2);
    // The owner replies at a moment, and resolves a comment: the open count follows.
    const replied = await call<ShareComment[]>(core, 'songs:comment-reply', { id: song.id, atS: 12, body: 'Kept it' });
    expect(replied.find((comment) => comment.fromOwner)).toMatchObject({ atS: 12, body: 'Kept it' });
    const first = replied.find((comment) => comment.body === 'Kick is great')!;
    expect(await call(core, 'songs:comment-resolve', { commentId: first.id, resolved: true })).toEqual({ resolved: true });
    expect((await call<Song[]>(core, 'db:get-songs')).find((candidate) => candidate.id === song.id)?.meta.openComments).toBe(1);
    expect(((await listener.rpc('share_listen', { p_token: link.token, p_password: 'open sesame' })).data as { comments: ShareComment[] }).comments.map((comment) => [comment.body, comment.resolved])).toEqual([
      ['Kick is great', true],
      ['Kept it', false],
      ['And the outro', false],
    ]);

    expect(await call(core, 'songs:share-revoke', { token: link.token })).toEqual({ revoked: true });
    expect((await call<SongShare[]>(core, 'songs:shares', { id: song.id }))[0]?.state).toBe('revoked');
    expect((await listener.rpc('share_listen', { p_token: link.token, p_password: 'open sesame' })).error?.message).toBe('This link is not available');
  });

  it('pulls every comment of a link that holds more than a page of them', async () => {
    const core = await device(env.pro);
    const song = await call<Song>(core, 'db:add-song', { name: 'Busy Tune' });
    await call(core, 'sync:run');
    await call(core, 'songs:share', { id: song.id });
    const cloudId = core.db.orm.select({ cloudId: songShares.cloudId }).from(songShares).get()!.cloudId;
    await env.cloud.db.asService((tx) =>
      tx.query(`insert into public.share_comments (share_id, user_id, at_s, name, body) select $1, $2, g, 'Bot', 'note ' || g from generate_series(1, 1100) g`, [cloudId, env.pro.userId]),
    );
    expect(await core.comments.pull()).toBe(1100);
    expect((await call<ShareComment[]>(core, 'songs:comments', { id: song.id })).at(-1)).toMatchObject({ atS: 1100, body: 'note 1100' });
    expect((await call<Song[]>(core, 'db:get-songs')).find((candidate) => candidate.id === song.id)?.meta.openComments).toBe(1100);
  });

  it('counts a link’s comments against its cap, and raises the cap when the link is full', async () => {
    const core = await device(env.pro);
    const song = await call<Song>(core, 'db:add-song', { name: 'Popular Tune' });
    await call(core, 'sync:run');
    const { token } = await call<{ token: string }>(core, 'songs:share', { id: song.id });
    expect(await call<SongShare[]>(core, 'songs:shares', { id: song.id })).toEqual([expect.objectContaining({ comments: 0, commentCap: DEFAULT_COMMENT_CAP })]);
    expect(await call(core, 'songs:share-comment-cap', { token, cap: 2 })).toEqual({ commentCap: 2 });
    const listener = cloudClient(env.cloud);
    const say = (body: string) => listener.rpc('share_comment', { p_token: token, p_at_s: 1, p_name: 'Mo', p_body: body });
    expect((await say('one')).error).toBeNull();
    await call(core, 'songs:comment-reply', { id: song.id, atS: 1, body: 'the owner’s reply counts too' });
    expect((await say('three')).error?.message).toBe('This link takes no more comments.');

    await core.comments.pull();
    const [full] = await call<SongShare[]>(core, 'songs:shares', { id: song.id });
    expect(full).toMatchObject({ comments: 2, commentCap: 2, state: 'open' });
    expect(commentsLine(full!)).toEqual({ text: 'Comments full: 2 of 2', full: true });
    expect(await call(core, 'songs:share-comment-cap', { token, cap: raisedCommentCap(full!.commentCap)! })).toEqual({ commentCap: 1002 });
    expect((await say('three')).error).toBeNull();
    await core.comments.pull();
    expect(await call<SongShare[]>(core, 'songs:shares', { id: song.id })).toEqual([expect.objectContaining({ comments: 3, commentCap: 1002 })]);

    // Refused at the door: out of range, or a link this computer did not make.
    for (const cap of [0, 10_001, 1.5]) expect(await core.router.dispatch('songs:share-comment-cap', { token, cap })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(await core.router.dispatch('songs:share-comment-cap', { token: 'f'.repeat(64), cap: 10 })).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });

  it('refuses a password shorter than 8 characters before asking the cloud', async () => {
    const core = await device(env.pro);
    const song = await call<Song>(core, 'db:add-song', { name: 'Guarded Tune' });
    await call(core, 'sync:run');
    const asked = env.proxy.log.length;
    expect(await core.router.dispatch('songs:share', { id: song.id, password: 'letmein' })).toMatchObject({ ok: false, error: { code: 'invalid_input', message: expect.stringContaining('A password is 8 to 200 characters.') } });
    expect(env.proxy.log.slice(asked)).toEqual([]);
    expect(await call(core, 'songs:share', { id: song.id, password: 'letmein!' })).toMatchObject({ token: expect.any(String) });
  });

  // One clock decides whether a link opens: the cloud's. A computer whose clock is days off says what the cloud does.
  it.each([
    ['two days behind', -2 * DAY],
    ['two days ahead', 2 * DAY],
  ])('says a link is open or expired by the cloud’s clock, on a computer whose clock is %s', async (_, offset) => {
    const core = await device(env.pro, offset);
    const song = await call<Song>(core, 'db:add-song', { name: `Clock ${offset}` });
    await call(core, 'sync:run');
    const { token } = await call<{ token: string }>(core, 'songs:share', { id: song.id, expiresInDays: 1 });
    const listener = cloudClient(env.cloud);
    // Open by the cloud's clock, whatever this computer's says.
    expect((await listener.rpc('share_listen', { p_token: token })).error).toBeNull();
    expect(await call<SongShare[]>(core, 'songs:shares', { id: song.id })).toEqual([expect.objectContaining({ token, state: 'open' })]);

    // A day and an hour later by the cloud's clock (its end moved back by as much, here and there): expired.
    const cloudId = core.db.orm.select({ cloudId: songShares.cloudId }).from(songShares).where(eq(songShares.token, token)).get()!.cloudId;
    await env.cloud.db.asOwner((tx) => tx.query(`update public.shares set expires_at = expires_at - interval '25 hours' where id = $1`, [cloudId]));
    core.db.orm.update(songShares).set({ expiresAt: sql`${songShares.expiresAt} - ${25 * HOUR}` }).where(eq(songShares.token, token)).run();
    expect((await listener.rpc('share_listen', { p_token: token })).error?.message).toBe('This link is not available');
    expect(await call<SongShare[]>(core, 'songs:shares', { id: song.id })).toEqual([expect.objectContaining({ token, state: 'expired' })]);
    expect(await core.router.dispatch('songs:comment-reply', { id: song.id, atS: 1, body: 'still there?' })).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });

  it('is refused by the cloud for a free account and for a song not synced yet', async () => {
    const free = await device(env.free);
    const song = await call<Song>(free, 'db:add-song', { name: 'Free Tune' });
    const refused = await free.router.dispatch('songs:share', { id: song.id });
    expect(refused).toMatchObject({ ok: false, error: { message: expect.stringMatching(/Sharing a song is a Pro feature|not in your cloud library/) } });
    // A version is not sent up for an account that cannot share it.
    expect(await free.router.dispatch('songs:share', { id: song.id, versionPath: '/music/Free Tune/Free Tune v1.wav' })).toMatchObject({ ok: false, error: { message: 'Sharing a song is a Pro feature.' } });
    const pro = await device(env.pro);
    const local = await call<Song>(pro, 'db:add-song', { name: 'Not yet synced' });
    expect(await pro.router.dispatch('songs:share', { id: local.id })).toMatchObject({ ok: false, error: { message: 'That song is not in your cloud library: sync it first.' } });
    expect(await pro.router.dispatch('songs:share-revoke', { token: 'not a token' })).toMatchObject({ ok: false });
  });
});

// The spec's table API deletions (section 7: "delete by id or by data id; delete all views for a user"), through the
// real local cloud: a song's rows found by the id inside their data, whatever id the row has, and every view of the
// signed-in user; another user's rows, the same data id included, stay (row-level security and the user's id both).
import { afterEach, describe, expect, it } from 'vitest';
import type { Song } from '../../common/songs/song';
import { accessToken, upgradeToPro, useTestCloud, type SignedIn } from '../../cloud/local/test-support';
import { tempDir } from '../../db/test-support';
import { call, createTestCore, type TestCore } from '../test-support';

const env = useTestCloud(['ana.deletes@example.com', 'ben.deletes@example.com']);
let core: TestCore | null = null;

afterEach(async () => {
  await core?.close();
  core = null;
  for (const user of env.users) for (const table of ['songs', 'views']) await user.supabase.from(table).delete().eq('user_id', user.userId);
});

async function proComputer(user: SignedIn): Promise<TestCore> {
  await upgradeToPro(user.supabase);
  const computer = createTestCore(tempDir(), {
    cloud: () => ({ endpoint: { url: env.cloud.url, anonKey: env.cloud.anonKey, local: true }, starting: false }),
    sync: { requestTimeoutMs: 5000, schedule: { timers: false } },
  });
  await call(computer, 'sync:session', { session: { userId: user.userId, accessToken: await accessToken(user.supabase) } });
  return computer;
}

async function rowsOf(user: SignedIn, table: 'songs' | 'views'): Promise<{ id: string; user_id: string; data: { id: string } }[]> {
  const { data, error } = await user.supabase.from(table).select('id, user_id, data').order('id');
  if (error) throw error;
  return data as { id: string; user_id: string; data: { id: string } }[];
}

describe('deleting in the cloud as the spec’s service lists it', () => {
  it('a song by its data id: every row of the user holding it, whatever its row id; another user’s copy stays', async () => {
    const [ana, ben] = env.users as [SignedIn, SignedIn];
    core = await proComputer(ana);
    const song = await call<Song>(core, 'db:add-song', { name: 'Night Drive' });
    const kept = await call<Song>(core, 'db:add-song', { name: 'Blue Hour' });
    await call(core, 'sync:run');
    // A second row of the same song under another row id (another client's), and Ben's row holding the same data id.
    expect((await ana.supabase.from('songs').insert({ data: { id: song.id, name: 'Night Drive (copy)' } })).error).toBeNull();
    await upgradeToPro(ben.supabase);
    expect((await ben.supabase.from('songs').insert({ data: { id: song.id, name: 'Ben’s own' } })).error).toBeNull();
    expect((await rowsOf(ana, 'songs')).filter((row) => row.data.id === song.id)).toHaveLength(2);

    expect(await core.sync.deleteCloudSong(song.id)).toBe(2);
    expect((await rowsOf(ana, 'songs')).map((row) => row.data.id)).toEqual([kept.id]);
    expect((await rowsOf(ben, 'songs')).map((row) => [row.user_id, row.data.id])).toEqual([[ben.userId, song.id]]);
    // Here the song is as it was: this removes the cloud's rows only.
    expect(await call<Song[]>(core, 'db:get-songs', { ids: [song.id] })).toHaveLength(1);
  });

  it('all of the user’s views, and none of another user’s', async () => {
    const [ana, ben] = env.users as [SignedIn, SignedIn];
    core = await proComputer(ana);
    await call(core, 'db:add-view', { type: 'custom', title: 'Club tracks' });
    await call(core, 'db:add-view', { type: 'custom', title: 'Demos' });
    await call(core, 'sync:run');
    await upgradeToPro(ben.supabase);
    expect((await ben.supabase.from('views').insert({ data: { id: 'ben-view', title: 'Ben’s', type: 'custom' } })).error).toBeNull();
    expect(await rowsOf(ana, 'views')).toHaveLength(2);

    expect(await core.sync.deleteCloudViews()).toBe(2);
    expect(await rowsOf(ana, 'views')).toEqual([]);
    expect((await rowsOf(ben, 'views')).map((row) => row.user_id)).toEqual([ben.userId]);
  });

  it('nothing is deleted for a computer signed out, nor for a library that belongs to another account', async () => {
    const [ana, ben] = env.users as [SignedIn, SignedIn];
    core = await proComputer(ana);
    const song = await call<Song>(core, 'db:add-song', { name: 'Night Drive' });
    await call(core, 'sync:run');
    await call(core, 'sync:session', { session: { userId: ben.userId, accessToken: await accessToken(ben.supabase) } });
    await expect(core.sync.deleteCloudSong(song.id)).rejects.toMatchObject({ code: 'forbidden' });
    await expect(core.sync.deleteCloudViews()).rejects.toMatchObject({ code: 'forbidden' });
    await call(core, 'sync:session', { session: null });
    await expect(core.sync.deleteCloudSong(song.id)).rejects.toMatchObject({ code: 'forbidden' });
    expect((await rowsOf(ana, 'songs')).map((row) => row.data.id)).toEqual([song.id]);
  });
});

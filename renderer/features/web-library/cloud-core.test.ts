// The website's library (issue 20): the dashboard's contract answered from the cloud. A real desktop core syncs a
// library up through the real local cloud; the website's library reads it with supabase-js as the signed-in user,
// answers the table's queries by the app's rules, writes edits back, and the desktop pulls them.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accessToken, useProxiedCloud } from '../../../cloud/local/test-support';
import type { Api, Envelope } from '../../../common/bridge/ipc';
import { songToCloud } from '../../../common/cloud/cloud-records';
import { WATCH_LIST_REFRESH_WEB_MS } from '../../../common/constants';
import type { SongPage } from '../../../common/views/query';
import type { Song } from '../../../common/songs/song';
import type { View } from '../../../common/views/view';
import { tempDir } from '../../../db/test-support';
import { call, createTestCore, type TestCore } from '../../../main/test-support';
import { CloudLibrary, ONLY_IN_APP, WEB_ALL_SONGS_ID, WEB_HIDDEN_ID } from './cloud-core';

const env = useProxiedCloud();
const cores: TestCore[] = [];

afterEach(async () => {
  await Promise.all(cores.splice(0).map((core) => core.close()));
  for (const table of ['songs', 'views', 'custom_fields']) await env.pro.supabase.from(table).delete().eq('user_id', env.pro.userId);
  await env.pro.supabase.from('user_settings').delete().eq('id', env.pro.userId);
});

/** The musician's computer, signed in as the pro user, its sync run by hand. */
async function computer(): Promise<TestCore> {
  const core = createTestCore(tempDir(), {
    cloud: () => ({ endpoint: { url: env.proxy.url, anonKey: env.cloud.anonKey, local: true }, starting: false }),
    sync: { requestTimeoutMs: 3000, schedule: { timers: false } },
  });
  cores.push(core);
  await call(core, 'sync:session', { session: { userId: env.pro.userId, accessToken: await accessToken(env.pro.supabase) } });
  return core;
}

function memoryStorage() {
  const items = new Map<string, string>();
  return { items, getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value) };
}

function website(signedIn = env.pro, storage = memoryStorage()): Api {
  return new CloudLibrary({ supabase: signedIn.supabase, userId: signedIn.userId, storage }).api();
}

async function ok<T>(result: Promise<Envelope<T>>): Promise<T> {
  const answer = await result;
  if (!answer.ok) throw new Error(`${answer.error.code}: ${answer.error.message}`);
  return answer.data;
}

const names = (page: SongPage) => page.rows.map((song) => song.name);

/** A synced library of four songs: tempos, keys, tags and a hidden one, as the app writes them. */
async function syncedLibrary(core: TestCore): Promise<{ night: Song; blue: Song; harbour: Song; gone: Song }> {
  // A few milliseconds apart, so "newest first" has one answer.
  const add = async (song: Record<string, unknown>) => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    return call<Song>(core, 'db:add-song', song);
  };
  const songs = {
    night: await add({ name: 'Night Drive', tempo: '124', key: 'A minor', status: 'Mixing', tags: ['EP 2'] }),
    blue: await add({ name: 'Blue Hour', tempo: '90', key: 'C major', status: 'Writing', tags: ['demo'], notes: 'needs a bridge' }),
    harbour: await add({ name: 'Harbour Lights', tempo: '126 BPM', key: 'Am', status: 'Backlog' }),
    gone: await add({ name: 'Gone', tempo: '100' }),
  };
  await call(core, 'db:update-song', { id: songs.gone.id, patch: { hidden: true } });
  await call(core, 'sync:run');
  return songs;
}

describe('the website’s library', () => {
  it('shows the synced songs by the app’s rules: views, search operators, sort, pages', async () => {
    const core = await computer();
    await syncedLibrary(core);
    // A row another version (or a hostile client) wrote that is no song: skipped, never shown half.
    await env.pro.supabase.from('songs').insert({ data: { name: 42 } });
    const web = website();

    const views = await ok(web['db:get-views']());
    expect(views.map((view) => [view.id, view.title, view.type])).toEqual([
      [WEB_ALL_SONGS_ID, 'All Songs', 'custom'],
      [WEB_HIDDEN_ID, 'Hidden', 'hidden'],
    ]);
    const all = await ok(web['songs:query']({ viewId: WEB_ALL_SONGS_ID, search: '' }));
    // Newest first, as the app's default; the hidden song and the broken row are not there.
    expect(names(all)).toEqual(['Harbour Lights', 'Blue Hour', 'Night Drive']);
    expect(all.total).toBe(3);
    expect(names(await ok(web['songs:query']({ viewId: WEB_HIDDEN_ID, search: '' })))).toEqual(['Gone']);
    // "key:Am" finds "A minor" and "Am" alike; bpm reads "126 BPM" as a number.
    expect(names(await ok(web['songs:query']({ viewId: WEB_ALL_SONGS_ID, search: 'key:Am bpm:120-128', sort: { column: 'tempo', direction: 'Ascending' } })))).toEqual(['Night Drive', 'Harbour Lights']);
    expect(names(await ok(web['songs:query']({ viewId: WEB_ALL_SONGS_ID, search: 'bridge' })))).toEqual(['Blue Hour']);
    expect(names(await ok(web['songs:query']({ viewId: WEB_ALL_SONGS_ID, search: 'tag:"ep 2"' })))).toEqual(['Night Drive']);
    const second = await ok(web['songs:query']({ viewId: WEB_ALL_SONGS_ID, search: '', sort: { column: 'name', direction: 'Ascending' }, offset: 1, limit: 1 }));
    expect(second).toMatchObject({ total: 3, offset: 1 });
    expect(names(second)).toEqual(['Harbour Lights']);
    // A search operator with a value it cannot take is the app's clear error, not an empty table.
    const bad = await web['songs:query']({ viewId: WEB_ALL_SONGS_ID, search: 'bpm:fast' });
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
  });

  it('writes an edit to the cloud with its edit time, and the computer pulls it', async () => {
    const core = await computer();
    const { night } = await syncedLibrary(core);
    const web = website();
    const edited = await web['db:update-song']({ id: night.id, patch: { status: 'Mastering', tags: ['EP 2', 'single'] } });
    expect(edited).toMatchObject({ ok: true, data: { status: 'Mastering' }, changes: { tables: ['songs'] } });

    // Another browser (a fresh read) sees it, and so does the computer after its sync.
    const again = await ok(website()['db:get-songs']({ ids: [night.id] }));
    expect(again[0]).toMatchObject({ status: 'Mastering', tags: ['EP 2', 'single'] });
    expect(again[0]!.editedAt.status).toBeGreaterThan(night.modifiedAt - 1);
    await call(core, 'sync:run');
    const [pulled] = await call<Song[]>(core, 'db:get-songs', { ids: [night.id] });
    expect(pulled).toMatchObject({ status: 'Mastering', tags: ['EP 2', 'single'], name: 'Night Drive' });
  });

  it('moves many songs at once (bulk), and Hidden restores them', async () => {
    const core = await computer();
    const songs = await syncedLibrary(core);
    const web = website();
    expect(await ok(web['songs:bulk-update']({ ids: [songs.night.id, songs.blue.id], patch: { addTags: ['Live set'], priority: 'High' } }))).toEqual({ updated: 2 });
    expect(await ok(web['db:update-song']({ id: songs.blue.id, patch: { hidden: true } }))).toMatchObject({ hidden: true });
    const fresh = website();
    expect(names(await ok(fresh['songs:query']({ viewId: WEB_HIDDEN_ID, search: '', sort: { column: 'name', direction: 'Ascending' } })))).toEqual(['Blue Hour', 'Gone']);
    expect(names(await ok(fresh['songs:query']({ viewId: WEB_ALL_SONGS_ID, search: 'tag:"live set"' })))).toEqual(['Night Drive']);
    expect(await ok(fresh['tags:list']({ prefix: 'l' }))).toEqual([{ tag: 'Live set', count: 1 }]);
  });

  it('keeps what only the computer may change, and answers what only the app can do with a clear error', async () => {
    const core = await computer();
    const { night } = await syncedLibrary(core);
    const web = website();
    const fileChange = await web['db:update-song']({ id: night.id, patch: { file: { value: '/Users/x/evil.wav', localPath: '/Users/x/evil.wav', fileName: 'evil.wav', modifiedTime: null } } });
    expect(fileChange).toEqual({ ok: false, error: { code: 'not_allowed', message: ONLY_IN_APP } });
    expect(await web.watchDirectory({ path: '/tmp' })).toEqual({ ok: false, error: { code: 'not_allowed', message: ONLY_IN_APP } });
    expect(await web['songs:query']({ viewId: WEB_ALL_SONGS_ID, search: '', limit: 10_000_000 })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(await web['db:update-song']({ id: 'no-such-song', patch: { name: 'x' } })).toMatchObject({ ok: false, error: { code: 'not_found' } });
    const [row] = (await env.pro.supabase.from('songs').select('data').eq('id', night.id)).data as { data: Song }[];
    expect(row!.data.file).toBeNull();
  });

  it('attempts no upload: songs:upload answers the spec’s browser_environment skip, and nothing reaches the cloud’s storage', async () => {
    const core = await computer();
    const { night } = await syncedLibrary(core);
    const result = await ok(website()['songs:upload']({ id: night.id }));
    expect(result).toMatchObject({ uploadSuccess: false, skipReason: 'browser_environment', url: null, fileSize: 0 });
    const { data } = await env.pro.supabase.storage.from('audio-files').list(env.pro.userId);
    expect(data).toEqual([]);
    expect(await website()['songs:upload']({ id: 'no-such-song' })).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });

  it('shows the newer copy when another computer changed the song since the page read it', async () => {
    const core = await computer();
    const { night } = await syncedLibrary(core);
    const web = website();
    await ok(web['db:get-views']());
    // The other computer's later edit, as its sync writes it (dated an hour ahead).
    const later = { ...night, name: 'Night Drive (final)', modifiedAt: Date.now() + 3_600_000 };
    await env.pro.supabase.from('songs').upsert({ id: night.id, data: songToCloud(later), origin: 'other' }, { onConflict: 'id' });
    const refused = await web['db:update-song']({ id: night.id, patch: { status: 'Done' } });
    expect(refused).toMatchObject({ ok: false, error: { code: 'cloud_error', message: expect.stringContaining('changed on another computer') } });
    expect((await ok(web['db:get-songs']({ ids: [night.id] })))[0]).toMatchObject({ name: 'Night Drive (final)', status: 'Mixing' });
  });

  it('custom views travel both ways; the website’s own All Songs keeps its layout in the browser', async () => {
    const core = await computer();
    await syncedLibrary(core);
    const storage = memoryStorage();
    const web = website(env.pro, storage);
    const created = await ok(web['db:add-view']({ type: 'custom', title: 'Club tracks', activeFilters: [{ op: 'range', field: 'bpm', min: 120 }] }));
    expect(names(await ok(web['songs:query']({ viewId: created.id, search: '' })))).toEqual(['Harbour Lights', 'Night Drive']);
    await ok(web['db:update-view']({ id: created.id, patch: { sortConfig: { column: 'name', direction: 'Descending' } } }));
    await ok(web['db:update-view']({ id: WEB_ALL_SONGS_ID, patch: { columnWidths: { name: 300 } } }));
    expect(await web['db:update-view']({ id: WEB_ALL_SONGS_ID, patch: { title: 'Mine' } })).toMatchObject({ ok: false, error: { code: 'not_allowed' } });

    await call(core, 'sync:run');
    const onComputer = (await call<View[]>(core, 'db:get-views')).find((view) => view.id === created.id);
    expect(onComputer).toMatchObject({ title: 'Club tracks', sortConfig: { column: 'name', direction: 'Descending' } });
    // All Songs is each device's own: its layout stays in this browser, not in the cloud.
    expect(JSON.parse(storage.items.get(`songshelf.web-views.${env.pro.userId}`)!)).toEqual({ [WEB_ALL_SONGS_ID]: { columnWidths: { name: 300 } } });
    expect((await ok(website(env.pro, storage)['db:get-views']()))[0]!.columnWidths).toEqual({ name: 300 });

    expect(await ok(web['db:delete-view']({ id: created.id }))).toEqual({ id: created.id, nextPath: `/${WEB_ALL_SONGS_ID}` });
    expect((await env.pro.supabase.from('views').select('id').eq('id', created.id)).data).toEqual([]);
  });

  it('says "View not found in Supabase" for an update of a view another computer removed, and does not bring it back', async () => {
    const core = await computer();
    await syncedLibrary(core);
    const web = website();
    const created = await ok(web['db:add-view']({ type: 'custom', title: 'Club tracks' }));
    // Another computer (or tab) removes it from the cloud while this page still shows it.
    await env.pro.supabase.from('views').delete().eq('id', created.id);
    expect(await web['db:update-view']({ id: created.id, patch: { title: 'Club' } })).toEqual({ ok: false, error: { code: 'not_found', message: 'View not found in Supabase' } });
    expect((await env.pro.supabase.from('views').select('id').eq('id', created.id)).data).toEqual([]);
    // The page no longer lists it either.
    expect((await ok(web['db:get-views']())).map((view) => view.id)).not.toContain(created.id);
  });

  it('shows the folders the user’s computers watch, read again every 30 s: one added or removed elsewhere shows within 30 s', async () => {
    const core = await computer();
    const studio = tempDir('songshelf-web-folders-');
    await core.library.watchDirectory(studio);
    await call(core, 'sync:run');
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const library = new CloudLibrary({ supabase: env.pro.supabase, userId: env.pro.userId, storage: memoryStorage() });
    const web = library.api();
    const folders = async () => (await ok(web.getWatchedDirectories())).map((folder) => folder.path);
    expect(await folders()).toEqual([studio]);
    const told: unknown[] = [];
    web.on('db:changed', (changes) => told.push(changes));
    const stop = library.startWatchListRefresh();
    try {
      // Another computer adds a folder (its sync writes the settings).
      const laptop = '/Users/ana/Music/Laptop Projects';
      await env.pro.supabase.from('user_settings').upsert({ id: env.pro.userId, project_directories: [studio, laptop], changed_at: Date.now(), origin: 'laptop' }, { onConflict: 'id' });
      await vi.advanceTimersByTimeAsync(WATCH_LIST_REFRESH_WEB_MS - 1);
      expect(library.lastWatchListRead()).toBeNull();
      await vi.advanceTimersByTimeAsync(1);
      expect(await library.lastWatchListRead()).toBe(true);
      expect(told).toEqual([expect.objectContaining({ tables: ['directories'] })]);
      expect(await folders()).toEqual([studio, laptop]);

      // Nothing changed: nothing told.
      await vi.advanceTimersByTimeAsync(WATCH_LIST_REFRESH_WEB_MS);
      expect(await library.lastWatchListRead()).toBe(false);
      expect(told).toHaveLength(1);

      // Removed behind this page's back (the computer stopped watching it).
      await env.pro.supabase.from('user_settings').upsert({ id: env.pro.userId, project_directories: [laptop], changed_at: Date.now(), origin: 'laptop' }, { onConflict: 'id' });
      await vi.advanceTimersByTimeAsync(WATCH_LIST_REFRESH_WEB_MS);
      expect(await library.lastWatchListRead()).toBe(true);
      expect(await folders()).toEqual([laptop]);
      expect(told).toHaveLength(2);
    } finally {
      stop();
      vi.useRealTimers();
    }
    // Another account sees none of them; the website's folders can only be changed on a computer.
    expect(await ok(website(env.free).getWatchedDirectories())).toEqual([]);
    expect(await web.watchDirectory({ path: '/tmp' })).toMatchObject({ ok: false, error: { code: 'not_allowed' } });
  });

  it('another account’s library is its own: none of this user’s songs, and an edit of one finds nothing', async () => {
    const core = await computer();
    const { night } = await syncedLibrary(core);
    const other = website(env.free);
    expect(await ok(other['songs:query']({ viewId: WEB_ALL_SONGS_ID, search: '' }))).toEqual({ rows: [], total: 0, offset: 0 });
    expect(await other['db:update-song']({ id: night.id, patch: { name: 'Stolen' } })).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect((await ok(website()['db:get-songs']({ ids: [night.id] })))[0]!.name).toBe('Night Drive');
  });
});

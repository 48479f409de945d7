// Sync's trust rules (DESIGN.md "Trust rules"), between two data folders through the real local cloud: a pull
// that would remove much of the library (or finds the cloud empty) removes nothing and asks; removals that do
// happen go to Hidden for 30 days; and only the cloud's clock moves a pull's cursor.
import { afterEach, describe, expect, it } from 'vitest';
import type { CustomField } from '../../common/songs/custom-fields';
import type { AppNotification } from '../../common/projects/library';
import type { Song } from '../../common/songs/song';
import type { SyncReport, SyncStatus } from '../../common/cloud/sync';
import type { View } from '../../common/views/view';
import { tempDir } from '../../db/test-support';
import { accessToken, useProxiedCloud } from '../../cloud/local/test-support';
import { call, createTestCore, type TestCore } from '../test-support';

const env = useProxiedCloud();
const cores: TestCore[] = [];
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

afterEach(async () => {
  env.proxy.heal();
  await Promise.all(cores.splice(0).map((core) => core.close()));
  await emptyTheCloud();
});

/** Every row of ana's in the cloud deleted behind the app's back (a new project, a wrong endpoint, a bug). */
async function emptyTheCloud(): Promise<void> {
  for (const table of ['songs', 'views', 'custom_fields']) await env.pro.supabase.from(table).delete().eq('user_id', env.pro.userId);
  await env.pro.supabase.from('user_settings').delete().eq('id', env.pro.userId);
}

/** A device signed in as ana, with its own data folder and a clock the test can move (`clock.offset`). */
async function device(clock = { offset: 0 }): Promise<TestCore> {
  const core = createTestCore(tempDir(), {
    cloud: () => ({ endpoint: { url: env.proxy.url, anonKey: env.cloud.anonKey, local: true }, starting: false }),
    now: () => Date.now() + clock.offset,
    sync: { requestTimeoutMs: 1500, schedule: { timers: false } },
  });
  cores.push(core);
  const signed = await core.router.dispatch('sync:session', { session: { userId: env.pro.userId, accessToken: await accessToken(env.pro.supabase) } });
  expect(signed).toEqual({ ok: true, data: { signedIn: true }, changes: { tables: ['kv'], seq: expect.any(Number) } });
  return core;
}

const sync = (core: TestCore) => call<SyncReport>(core, 'sync:run');
const status = (core: TestCore) => call<SyncStatus>(core, 'sync:status');
const songs = (core: TestCore) => call<Song[]>(core, 'db:get-songs', { includeHidden: true });
const shown = async (core: TestCore) => (await songs(core)).filter((song) => !song.hidden);
const hidden = async (core: TestCore) => (await songs(core)).filter((song) => song.hidden);

async function addSongs(core: TestCore, count: number): Promise<Song[]> {
  const added: Song[] = [];
  for (let i = 0; i < count; i += 1) added.push(await call<Song>(core, 'db:add-song', { name: `Song ${String(i).padStart(2, '0')}` }));
  return added;
}

function notices(core: TestCore): AppNotification[] {
  const told: AppNotification[] = [];
  core.events.on('notify', (notice) => told.push(notice));
  return told;
}

async function cloudSongIds(): Promise<string[]> {
  const { data, error } = await env.pro.supabase.from('songs').select('id').eq('user_id', env.pro.userId);
  if (error) throw error;
  return (data as { id: string }[]).map((row) => row.id).sort();
}

/** Two devices with 50 synced songs; b's clock runs ten minutes ahead, past the 5-minute grace of new songs. */
async function twoDevicesWithFiftySongs() {
  const a = await device();
  const clockB = { offset: 10 * MINUTE };
  const b = await device(clockB);
  const library = await addSongs(a, 50);
  await sync(a);
  expect((await sync(b)).pulled).toBe(50);
  return { a, b, clockB, library };
}

describe('brakes on deletion', () => {
  it('a cloud that holds nothing removes nothing here: the songs stay, the user is told once, the status says why', async () => {
    const clock = { offset: 0 };
    const a = await device(clock);
    await addSongs(a, 50);
    await sync(a);
    clock.offset = 10 * MINUTE;
    await emptyTheCloud();
    const told = notices(a);

    expect(await sync(a)).toMatchObject({ skipped: null, deleted: 0 });
    expect(await shown(a)).toHaveLength(50);
    expect((await status(a)).heldRemovals).toEqual({ songs: 50, librarySongs: 50, views: 0, customFields: 0, cloudEmpty: true });
    expect(told).toEqual([{ kind: 'error', title: 'Sync removed nothing', body: expect.stringContaining('The cloud holds none of your 50 songs') }]);
    await sync(a);
    expect(told).toHaveLength(1);

    // The user keeps them: they go up again, and sync goes on as before.
    await call(a, 'sync:resolve-removals', { choice: 'keep' });
    expect(await cloudSongIds()).toHaveLength(50);
    expect((await status(a)).heldRemovals).toBeNull();
    expect(await shown(a)).toHaveLength(50);
  });

  it('a pull that would remove more than 20% of the songs removes nothing until the user says so', async () => {
    const { a, b, library } = await twoDevicesWithFiftySongs();
    for (const song of library.slice(0, 11)) await call(a, 'db:delete-song', { id: song.id });
    await sync(a);
    const told = notices(b);

    expect(await sync(b)).toMatchObject({ deleted: 0 });
    expect(await shown(b)).toHaveLength(50);
    expect((await status(b)).heldRemovals).toEqual({ songs: 11, librarySongs: 50, views: 0, customFields: 0, cloudEmpty: false });
    expect(told).toEqual([{ kind: 'error', title: 'Sync removed nothing', body: expect.stringContaining('The cloud would remove 11 of your 50 songs') }]);

    // The user agrees: they go to Hidden, marked, not deleted.
    expect(await call(b, 'sync:resolve-removals', { choice: 'remove' })).toMatchObject({ deleted: 11 });
    expect(await shown(b)).toHaveLength(39);
    expect((await hidden(b)).map((song) => song.id).sort()).toEqual(library.slice(0, 11).map((song) => song.id).sort());
    expect((await status(b)).heldRemovals).toBeNull();
  });

  it('a small removal from another device moves the song to Hidden, marked and restorable; 30 days later it is gone', async () => {
    const { a, b, clockB, library } = await twoDevicesWithFiftySongs();
    const [restored, forgotten] = library as [Song, Song];
    await call(a, 'db:delete-song', { id: restored.id });
    await call(a, 'db:delete-song', { id: forgotten.id });
    await sync(a);
    const told = notices(b);

    const removedAt = Date.now() + clockB.offset;
    expect(await sync(b)).toMatchObject({ deleted: 2 });
    expect(await shown(b)).toHaveLength(48);
    const inHidden = await hidden(b);
    expect(inHidden.map((song) => song.id).sort()).toEqual([restored.id, forgotten.id].sort());
    for (const song of inHidden) expect(song.removedBySyncAt).toBeGreaterThanOrEqual(removedAt);
    expect(told).toEqual([{ kind: 'info', title: 'Removed on another device', body: expect.stringContaining('Song 00, Song 01: moved to Hidden') }]);

    // Restored from Hidden: a normal song again, back in the cloud and on the other device.
    await call(b, 'db:update-song', { id: restored.id, patch: { hidden: false } });
    await sync(b);
    expect(await cloudSongIds()).toContain(restored.id);
    expect((await songs(b)).find((song) => song.id === restored.id)?.removedBySyncAt).toBeUndefined();
    await sync(a);
    expect((await songs(a)).map((song) => song.id)).toContain(restored.id);

    clockB.offset += 29 * DAY;
    await sync(b);
    expect((await hidden(b)).map((song) => song.id)).toEqual([forgotten.id]);
    clockB.offset += 2 * DAY;
    await sync(b);
    expect((await songs(b)).map((song) => song.id)).not.toContain(forgotten.id);
    expect(await shown(b)).toHaveLength(49);
  });

  it('custom views and fields removed by a pull are recorded with their data and named to the user', async () => {
    const { a, b } = await twoDevicesWithFiftySongs();
    const view = await call<View>(a, 'db:add-view', { type: 'custom', title: 'Mixing' });
    const field = await call<CustomField>(a, 'fields:add', { name: 'Mood', type: 'text' });
    await sync(a);
    await sync(b);
    await call(a, 'db:delete-view', { id: view.id });
    await call(a, 'fields:remove', { id: field.id });
    await sync(a);
    const told = notices(b);

    expect(await sync(b)).toMatchObject({ deleted: 2 });
    expect((await call<View[]>(b, 'db:get-views')).some((candidate) => candidate.id === view.id)).toBe(false);
    expect((await call<CustomField[]>(b, 'fields:list')).some((candidate) => candidate.id === field.id)).toBe(false);
    const recorded = b.db.sqlite.prepare('SELECT table_name AS tableName, record_id AS recordId, data FROM removed_by_sync ORDER BY table_name').all() as { tableName: string; recordId: string; data: string }[];
    expect(recorded.map((row) => ({ ...row, data: JSON.parse(row.data) as unknown }))).toEqual([
      { tableName: 'custom_fields', recordId: field.id, data: expect.objectContaining({ name: 'Mood' }) },
      { tableName: 'views', recordId: view.id, data: expect.objectContaining({ title: 'Mixing' }) },
    ]);
    expect(told).toEqual([{ kind: 'info', title: 'Removed on another device', body: expect.stringMatching(/view Mixing.*field Mood/) }]);
  });
});

describe("the cloud's clock", () => {
  it('a row written with a modified_at in 2100 gets the server’s time; later rows from another device still arrive', async () => {
    const a = await device();
    const b = await device();
    // A row as the app writes it, under another id, dated by its writer in 2100.
    const template = await call<Song>(a, 'db:add-song', { name: 'Template' });
    await sync(a);
    const written = await env.pro.supabase.from('songs').select('data').eq('id', template.id).single();
    const id = '0190a3b4-0000-7000-8000-00000000f00d';
    const future = '2100-01-01T00:00:00+00:00';
    const data = { ...(written.data as { data: Record<string, unknown> }).data, id, name: 'From 2100', modifiedAt: Date.now() };
    expect((await env.pro.supabase.from('songs').insert({ id, data, modified_at: future })).error).toBeNull();

    await sync(b);
    await call(a, 'db:add-song', { name: 'Later' });
    await sync(a);
    await sync(b);
    expect((await songs(b)).map((song) => song.name).sort()).toEqual(['From 2100', 'Later', 'Template']);

    const storedTime = async () => Date.parse(((await env.pro.supabase.from('songs').select('modified_at').eq('id', id).single()).data as { modified_at: string }).modified_at);
    expect(await storedTime()).toBeLessThan(Date.now() + MINUTE);
    const updated = await env.pro.supabase.from('songs').update({ data: { ...data, modifiedAt: Date.now() + 1 }, modified_at: future }).eq('id', id);
    expect(updated.error).toBeNull();
    expect(await storedTime()).toBeLessThan(Date.now() + MINUTE);
  });
});

describe('rows the cloud holds that are not songs', () => {
  it('a row nested 1,000 deep is skipped and reported; the pull goes on past it and later rows arrive', async () => {
    const a = await device();
    const b = await device();
    const template = await call<Song>(a, 'db:add-song', { name: 'Template' });
    await sync(a);
    const written = await env.pro.supabase.from('songs').select('data').eq('id', template.id).single();
    let deep: unknown = 'bottom';
    for (let level = 0; level < 1000; level += 1) deep = [deep];
    const id = '0190a3b4-0000-7000-8000-0000000dee90';
    const data = { ...(written.data as { data: Record<string, unknown> }).data, id, name: 'Too deep', custom: { mood: deep } };
    expect((await env.pro.supabase.from('songs').insert({ id, data })).error).toBeNull();
    await call(a, 'db:add-song', { name: 'After the deep one' });
    await sync(a);

    const first = await sync(b);
    expect(first).toMatchObject({ skipped: null, rejected: 1 });
    expect((await songs(b)).map((song) => song.name).sort()).toEqual(['After the deep one', 'Template']);
    await call(a, 'db:add-song', { name: 'Later still' });
    await sync(a);
    await sync(b);
    expect((await songs(b)).map((song) => song.name).sort()).toEqual(['After the deep one', 'Later still', 'Template']);
  });
});

// Sync between two data folders (two devices) of one user, through the real local cloud: push, pull, last writer
// wins, deletions, settings, the storage cap, and a network that fails in every way a proxy can make it fail.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PRO_STORAGE_CAP_BYTES } from '../../common/constants';
import type { CustomField } from '../../common/songs/custom-fields';
import type { Song } from '../../common/songs/song';
import type { SyncReport } from '../../common/cloud/sync';
import type { View } from '../../common/views/view';
import { writeAls } from '../../fixtures/generators/als';
import { writeLibrary } from '../../fixtures/generators/library';
import { tempDir, testClock } from '../../db/test-support';
import { accessToken, useProxiedCloud, type SignedIn } from '../../cloud/local/test-support';
import { snapshotSession } from '../versions/snapshots';
import { call, createTestCore, type TestCore } from '../test-support';

const env = useProxiedCloud();
// Ana (`env.pro`) is pro, Fay (`env.free`) free; the proxy sits between the app and the cloud.
const cores: TestCore[] = [];

afterEach(async () => {
  env.proxy.heal();
  await Promise.all(cores.splice(0).map((core) => core.close()));
  await env.pro.supabase.from('songs').delete().eq('user_id', env.pro.userId);
  await env.pro.supabase.from('views').delete().eq('user_id', env.pro.userId);
  await env.pro.supabase.from('custom_fields').delete().eq('user_id', env.pro.userId);
  await env.pro.supabase.from('user_settings').delete().eq('id', env.pro.userId);
});

/** A device: its own data folder and clock, on the cloud through the proxy, signed in as `user`. */
async function device(user: SignedIn = env.pro, clockOffsetMs = 0): Promise<TestCore> {
  const core = createTestCore(tempDir(), {
    cloud: () => ({ endpoint: { url: env.proxy.url, anonKey: env.cloud.anonKey, local: true }, starting: false }),
    now: () => Date.now() + clockOffsetMs,
    sync: { requestTimeoutMs: 1500, schedule: { timers: false } },
  });
  cores.push(core);
  const signed = await core.router.dispatch('sync:session', { session: { userId: user.userId, accessToken: await accessToken(user.supabase) } });
  expect(signed).toEqual({ ok: true, data: { signedIn: true }, changes: { tables: ['kv'], seq: expect.any(Number) } });
  return core;
}

const sync = (core: TestCore) => call<SyncReport>(core, 'sync:run');
const songs = (core: TestCore) => call<Song[]>(core, 'db:get-songs', { includeHidden: true });
const names = async (core: TestCore) => (await songs(core)).map((song) => song.name).sort();
const addSong = (core: TestCore, name: string) => call<Song>(core, 'db:add-song', { name });

/** Every song row of ana's in the cloud, page by page (a select answers at most 1000). */
async function cloudSongs(): Promise<{ id: string; data: { name: string } }[]> {
  const rows: { id: string; data: { name: string } }[] = [];
  for (;;) {
    const { data, error } = await env.pro.supabase.from('songs').select('id, data').eq('user_id', env.pro.userId).order('id').range(rows.length, rows.length + 999);
    if (error) throw error;
    rows.push(...(data as { id: string; data: { name: string } }[]));
    if (data.length < 1000) return rows;
  }
}

/** What the job runner does with a failed run: try again (here at once) until one succeeds. */
async function syncUntilItWorks(core: TestCore, attempts = 10): Promise<{ report: SyncReport; failures: string[] }> {
  const failures: string[] = [];
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    const result = await core.router.dispatch('sync:run', undefined);
    if (result.ok) return { report: result.data as SyncReport, failures };
    failures.push(result.error.message);
  }
  throw new Error(`sync never succeeded: ${failures.join('; ')}`);
}

describe('who syncs', () => {
  it('nobody signed in, or a free user: nothing leaves the device', async () => {
    const free = await device(env.free);
    await addSong(free, 'Free song');
    expect(await sync(free)).toMatchObject({ skipped: 'not_pro', pushed: 0, requests: 1 });
    const { data } = await env.free.supabase.from('songs').select('id');
    expect(data).toEqual([]);
    await call(free, 'sync:session', { session: null });
    expect(await sync(free)).toMatchObject({ skipped: 'signed_out', requests: 0 });
  });

  it('a token that is not the named user’s is refused', async () => {
    const core = await device();
    const result = await core.router.dispatch('sync:session', { session: { userId: env.free.userId, accessToken: await accessToken(env.pro.supabase) } });
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    const garbage = await core.router.dispatch('sync:session', { session: { userId: env.pro.userId, accessToken: 'not-a-jwt-but-long-enough' } });
    expect(garbage).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
  });

  it('the cached tier follows the cloud: pro after the first sync, free again on sign-out', async () => {
    const core = await device();
    expect(await call(core, 'db:get-subscription')).toMatchObject({ tier: 'free' });
    await sync(core);
    expect(await call(core, 'db:get-subscription')).toMatchObject({ tier: 'pro', status: 'active' });
    await call(core, 'sync:session', { session: null });
    expect(await call(core, 'db:get-subscription')).toMatchObject({ tier: 'free' });
  });
});

describe('the 5-second rule', () => {
  it('a sync asked for within 5 s of the last one’s end is skipped; one 5 s after it runs (spec section 9)', async () => {
    const clock = testClock(Date.now());
    const core = createTestCore(tempDir(), {
      cloud: () => ({ endpoint: { url: env.proxy.url, anonKey: env.cloud.anonKey, local: true }, starting: false }),
      now: clock.now,
      sync: { requestTimeoutMs: 1500, schedule: { timers: false } },
    });
    cores.push(core);
    await call(core, 'sync:session', { session: { userId: env.pro.userId, accessToken: await accessToken(env.pro.supabase) } });
    // The engine's own run, as the scheduler's job calls it (`sync:run` is the user's, which may force one).
    expect(await core.sync.engine.run()).toMatchObject({ skipped: null });
    const ended = (await call<{ lastSync: number }>(core, 'sync:status')).lastSync;
    expect(ended).toBe(clock.now());
    await addSong(core, 'Waiting');
    clock.set(ended + 4999);
    expect(await core.sync.engine.run()).toMatchObject({ skipped: 'too_soon', pushed: 0, requests: 0 });
    expect(await cloudSongs()).toEqual([]);
    clock.set(ended + 5000);
    expect(await core.sync.engine.run()).toMatchObject({ skipped: null, pushed: 1 });
    expect((await cloudSongs()).map((row) => row.data.name)).toEqual(['Waiting']);
  });
});

describe('two devices', () => {
  it('songs, custom views and settings pushed from one arrive on the other, once, in few requests', async () => {
    const a = await device();
    const b = await device();
    for (let i = 0; i < 1200; i += 1) await addSong(a, `Song ${String(i).padStart(4, '0')}`);
    const view = await call<View>(a, 'db:add-view', { type: 'custom', title: 'Mixing' });
    await call(a, 'db:update-user-settings', { projectDirectories: ['/Users/ana/Music/Projects'] });

    const pushed = await sync(a);
    // The tier, 2 upserts of songs (1000 a request), 1 of views, the settings, 4 pulls (fields, songs, views,
    // settings), the ids.
    expect(pushed).toMatchObject({ skipped: null, pushed: 1200 + 1 + 1, requests: 10 });
    expect(await cloudSongs()).toHaveLength(1200);

    const pulled = await sync(b);
    expect(pulled.pulled).toBe(1200 + 1 + 1);
    expect(await names(b)).toEqual(await names(a));
    expect((await call<View[]>(b, 'db:get-views')).find((candidate) => candidate.id === view.id)).toMatchObject({ title: 'Mixing' });
    expect(await call(b, 'db:get-user-settings')).toMatchObject({ projectDirectories: ['/Users/ana/Music/Projects'] });
    // b never set its folders: its first sync (which queues its whole library) must not empty a's list.
    const settings = await env.pro.supabase.from('user_settings').select('project_directories').eq('id', env.pro.userId).single();
    expect(settings.data).toEqual({ project_directories: ['/Users/ana/Music/Projects'] });
    // Nothing bounces back: a's own rows are not pulled again, b has nothing to push.
    expect(await sync(a)).toMatchObject({ pushed: 0, pulled: 0 });
    expect(await sync(b)).toMatchObject({ pushed: 0, pulled: 0 });
  });

  it('a sync tells the pages what it changed and nothing more: pushing an edit changes no song here; pulling it does there', async () => {
    const a = await device();
    const b = await device();
    const song = await addSong(a, 'Told once');
    await sync(a);
    await sync(b);
    await call(a, 'db:update-song', { id: song.id, patch: { tempo: '128' } });

    const pushed = await a.router.dispatch('sync:run', undefined);
    expect(pushed.ok && pushed.data).toMatchObject({ pushed: 1, pulled: 0 });
    expect(pushed.ok && pushed.changes?.tables.sort()).toEqual(['kv', 'sync_records']);

    const pulled = await b.router.dispatch('sync:run', undefined);
    expect(pulled.ok && pulled.data).toMatchObject({ pushed: 0, pulled: 1 });
    expect(pulled.ok && pulled.changes?.tables).toContain('songs');
    expect((await songs(b)).find((candidate) => candidate.id === song.id)?.tempo).toBe('128');
  });

  it('a board view, the focus list and its next steps (issue 32) made on one computer are the same on the other', async () => {
    const a = await device();
    const b = await device();
    const board = await call<View>(a, 'db:add-view', { type: 'custom', title: 'Finishing board', layout: 'board', sortConfig: { column: 'lastWorked', direction: 'Ascending' } });
    const song = await addSong(a, 'Pinned');
    await call(a, 'db:update-song', { id: song.id, patch: { focus: 1_700_000_000_000, nextStep: 'Sing the bridge' } });
    await sync(a);
    await sync(b);
    expect((await call<View[]>(b, 'db:get-views')).find((view) => view.id === board.id)).toMatchObject({ layout: 'board', sortConfig: { column: 'lastWorked', direction: 'Ascending' } });
    expect((await call<Song[]>(b, 'studio:focus')).map((pinned) => [pinned.name, pinned.nextStep])).toEqual([['Pinned', 'Sing the bridge']]);

    // Unpinned on the other computer: the later edit wins back on the first.
    await call(b, 'db:update-song', { id: song.id, patch: { focus: null } });
    await sync(b);
    await sync(a);
    expect(await call<Song[]>(a, 'studio:focus')).toEqual([]);
  });

  it('custom fields travel: added with values, renamed, and removed on one computer, the same on the other', async () => {
    const a = await device();
    const b = await device();
    const mood = await call<CustomField>(a, 'fields:add', { name: 'Mood', type: 'singleSelect', options: ['dark', 'bright'] });
    const song = await call<Song>(a, 'db:add-song', { name: 'Tune', custom: { [mood.id]: 'dark' } });
    // Both made a "Gear" column before they ever synced: each keeps both, the other's shown as "Gear 2".
    await call(a, 'fields:add', { name: 'Gear', type: 'text' });
    await call(b, 'fields:add', { name: 'gear', type: 'text' });
    await sync(a);
    await sync(b);
    await sync(a);
    const fieldsOf = async (core: TestCore) => (await call<CustomField[]>(core, 'fields:list')).map((field) => `${field.name}:${field.type}`).sort();
    expect(await fieldsOf(b)).toEqual(['Gear 2:text', 'Mood:singleSelect', 'gear:text']);
    expect(await fieldsOf(a)).toEqual(['Gear:text', 'Mood:singleSelect', 'gear 2:text']);
    expect((await songs(b)).find((candidate) => candidate.id === song.id)?.custom).toEqual({ [mood.id]: 'dark' });

    await call(b, 'fields:update', { id: mood.id, patch: { name: 'Feel', options: ['dark', 'bright', 'warm'] } });
    await sync(b);
    await sync(a);
    expect((await call<CustomField[]>(a, 'fields:list')).find((field) => field.id === mood.id)).toMatchObject({ name: 'Feel', options: ['dark', 'bright', 'warm'] });

    await call(a, 'fields:remove', { id: mood.id });
    await sync(a);
    await sync(b);
    expect((await call<CustomField[]>(b, 'fields:list')).some((field) => field.id === mood.id)).toBe(false);
    expect((await songs(b)).find((candidate) => candidate.id === song.id)?.custom).toEqual({});
  });

  it('the same song edited on both: the later edit wins on both, whichever device syncs first', async () => {
    const a = await device();
    const b = await device(env.pro, 60_000); // b's clock runs a minute ahead: its edits are the later ones
    const song = await addSong(a, 'Demo');
    await sync(a);
    await sync(b);
    await call(a, 'db:update-song', { id: song.id, patch: { name: 'Demo (a)' } });
    await call(b, 'db:update-song', { id: song.id, patch: { name: 'Demo (b)', notes: 'from b' } });
    await sync(b);
    const told: { title: string; body: string }[] = [];
    a.events.on('notify', (notice) => told.push(notice));
    await sync(a); // a pushes its older edit late: the cloud keeps b's, and a takes it, and says so
    expect(told).toEqual([{ kind: 'info', title: 'Newer changes from another device were kept', body: 'Demo (a): changed later on another device, so that version is kept here too.' }]);
    await sync(b);
    for (const core of [a, b]) expect((await songs(core)).find((candidate) => candidate.id === song.id)).toMatchObject({ name: 'Demo (b)', notes: 'from b' });
    expect((await cloudSongs()).map((row) => row.data.name)).toEqual(['Demo (b)']);
  });

  it('a song deleted on one device goes to Hidden on the other, marked; songs not yet in the cloud are kept', async () => {
    const a = await device();
    const b = await device(env.pro, 10 * 60_000); // ten minutes on: a's songs are past the 5-minute grace there
    const keep = await addSong(a, 'Keep');
    // One song of six: under the brake that holds a pull removing more than 20% (sync-trust.test.ts).
    for (const name of ['Keep 2', 'Keep 3', 'Keep 4']) await addSong(a, name);
    const doomed = await addSong(a, 'Doomed');
    await sync(a);
    await sync(b);
    await call(a, 'db:delete-song', { id: doomed.id });
    const fresh = await addSong(b, 'Written on b while a deleted');
    await sync(a);
    const report = await sync(b);
    expect(report.deleted).toBe(1);
    const kept = ['Keep', 'Keep 2', 'Keep 3', 'Keep 4', 'Written on b while a deleted'];
    expect((await songs(b)).filter((song) => !song.hidden).map((song) => song.name).sort()).toEqual(kept);
    expect((await songs(b)).find((song) => song.id === doomed.id)).toMatchObject({ hidden: true, removedBySyncAt: expect.any(Number) });
    expect((await songs(b)).map((song) => song.id)).toEqual(expect.arrayContaining([keep.id, fresh.id]));
    await sync(a);
    expect(await names(a)).toEqual(kept);
  });

  it('a corrupt row in the cloud is skipped; the rest of the pull goes on', async () => {
    const a = await device();
    await addSong(a, 'Good');
    await sync(a);
    await env.pro.supabase.from('songs').insert({ id: '0190a3b4-0000-7000-8000-00000000dead', data: { id: 42, name: null } });
    const b = await device();
    await sync(b);
    expect(await names(b)).toEqual(['Good']);
  });
});

describe('one project folder scanned on two computers', () => {
  const scanned = async (core: TestCore, root: string) => {
    await core.start();
    await core.library.watchDirectory(root);
    await core.runner.whenIdle();
    return songs(core);
  };

  it('becomes one song on both, with the later edit, its files pointing at it, and one row in the cloud', async () => {
    const root = tempDir('songshelf-library-');
    const library = await writeLibrary(root, { projects: 3 });
    // Both computers scan the shared folder before they ever sync: each makes its own song per project.
    const a = await device();
    const fromA = await scanned(a, root);
    const b = await device();
    const fromB = await scanned(b, root);
    expect(fromA).toHaveLength(library.expectedSongs);
    expect(fromB.filter((song) => fromA.some((other) => other.id === song.id))).toEqual([]);
    const edited = fromB.find((song) => song.projectPath === fromA[0]!.projectPath)!;
    await call(b, 'db:update-song', { id: edited.id, patch: { status: 'Mixing', notes: 'edited on B' } });

    await sync(a);
    await sync(b);
    await sync(b);
    await sync(a);

    const keepers = fromA.map((song) => song.id).sort();
    for (const core of [a, b]) {
      const now = await songs(core);
      expect(now.map((song) => song.id).sort()).toEqual(keepers);
      expect(now.find((song) => song.projectPath === edited.projectPath)).toMatchObject({ id: fromA[0]!.id, status: 'Mixing', notes: 'edited on B' });
    }
    expect((await cloudSongs()).map((row) => row.id).sort()).toEqual(keepers);
    // B's index of files now names the songs it kept: a rescan there finds them, and makes nothing new.
    const orphans = b.db.sqlite.prepare('SELECT count(*) AS n FROM files WHERE song_id IS NOT NULL AND song_id NOT IN (SELECT id FROM songs)').get() as { n: number };
    expect(orphans.n).toBe(0);
    await call(b, 'scanDirectory', { id: (await call<{ id: string }[]>(b, 'getWatchedDirectories'))[0]!.id });
    await b.runner.whenIdle();
    expect((await songs(b)).map((song) => song.id).sort()).toEqual(keepers);
  });

  it('a twin merge with snapshots on both sides keeps every snapshot under the surviving song', async () => {
    const root = tempDir('songshelf-library-');
    await writeLibrary(root, { projects: 1 });
    /** Songshelf's copy of a save (what a read of a saved session leaves), at `tempo`, saved `minute` minutes in. */
    const save = async (core: TestCore, songId: string, tempo: number, minute: number) => {
      const set = path.join(tempDir(), 'Song 00001.als');
      writeAls(set, { tempo });
      fs.utimesSync(set, 1_700_000_000 + minute * 60, 1_700_000_000 + minute * 60);
      return path.basename((await snapshotSession(core.dataDir, songId, set))!);
    };
    const kept = (core: TestCore, songId: string) => fs.readdirSync(path.join(core.dataDir, 'snapshots', songId)).sort();
    const a = await device();
    const [older] = await scanned(a, root);
    const onA = [await save(a, older!.id, 100, 1), await save(a, older!.id, 105, 2)];
    await sync(a);
    // B scanned the same project before it synced: its own song, with its own snapshots (one the same content as A's).
    const b = await device(env.pro, 60_000);
    const [newer] = await scanned(b, root);
    const onB = [await save(b, newer!.id, 105, 3), await save(b, newer!.id, 110, 4), await save(b, newer!.id, 115, 5)];

    await sync(b);
    await sync(a);

    expect((await songs(b)).map((song) => song.id)).toEqual([older!.id]);
    expect(kept(b, older!.id)).toEqual([...onB].sort());
    expect(fs.existsSync(path.join(b.dataDir, 'snapshots', newer!.id))).toBe(false);
    expect(kept(a, older!.id)).toEqual([...onA].sort());
    // The daily sweep leaves them there: the song they follow is in the library.
    await b.library.sweepSnapshots();
    expect(kept(b, older!.id)).toEqual([...onB].sort());
  });

  it('an edit made on the older copy is kept when the other computer scans the project later: the edit is on both', async () => {
    const root = tempDir('songshelf-library-');
    await writeLibrary(root, { projects: 1 });
    const a = await device();
    const [song] = await scanned(a, root);
    const mood = await call<CustomField>(a, 'fields:add', { name: 'Mood', type: 'text' });
    const edit = { status: 'Mixing', notes: 'edited on A', tempo: '97', custom: { [mood.id]: 'dark' } };
    await call(a, 'db:update-song', { id: song!.id, patch: edit });
    await sync(a);
    // B scans the same folder a minute later by its clock: its copy is the newer one, and holds only a scan's values.
    const b = await device(env.pro, 60_000);
    const fromB = await scanned(b, root);
    expect(fromB).toEqual([expect.objectContaining({ projectPath: song!.projectPath, status: 'Backlog', notes: '' })]);
    expect(fromB[0]!.modifiedAt).toBeGreaterThan((await songs(a))[0]!.modifiedAt);

    await sync(b);
    await sync(a);
    await sync(b);
    await sync(a);

    for (const core of [a, b]) expect(await songs(core)).toEqual([expect.objectContaining({ id: song!.id, ...edit })]);
    expect((await cloudSongs()).map((row) => row.data)).toEqual([expect.objectContaining({ id: song!.id, ...edit })]);
    // Settled: neither computer has anything left to send the other.
    expect(await sync(b)).toMatchObject({ pushed: 0, pulled: 0 });
    expect(await sync(a)).toMatchObject({ pushed: 0, pulled: 0 });
  });

  it('a song pulled before this computer scans the shared folder is the song its scan finds: no second song, its cloud audio kept', async () => {
    const root = tempDir('songshelf-library-');
    await writeLibrary(root, { projects: 1 });
    const a = await device();
    const [song] = await scanned(a, root);
    const uploaded = await call<{ url: string }>(a, 'songs:upload', { id: song!.id });
    await sync(a);
    // B watches the same folder (a shared drive: the same path here) and pulls before its first scan has run.
    const b = await device(env.pro, 60_000);
    await b.library.watchDirectory(root);
    await sync(b);
    expect(await songs(b)).toEqual([expect.objectContaining({ id: song!.id, projectPath: song!.projectPath, file: expect.objectContaining({ localPath: null }) })]);
    await b.start();
    await b.runner.whenIdle();
    expect(await songs(b)).toEqual([expect.objectContaining({ id: song!.id, file: { ...song!.file, value: uploaded.url } })]);
    await sync(b);
    await sync(a);
    expect(await songs(a)).toEqual([expect.objectContaining({ id: song!.id, file: { ...song!.file, value: uploaded.url } })]);
    expect((await cloudSongs()).map((row) => row.data)).toEqual([expect.objectContaining({ id: song!.id, file: expect.objectContaining({ value: uploaded.url }) })]);
  });
});

describe('the storage cap', () => {
  it('at 1 GiB new songs wait (nothing lost, nothing deleted for being missing) while edits go on', async () => {
    const a = await device();
    const known = await addSong(a, 'Known');
    await sync(a);
    await call(a, 'db:update-storage-usage', { bytesToAdd: PRO_STORAGE_CAP_BYTES });
    const waiting = await addSong(a, 'Waiting');
    await call(a, 'db:update-song', { id: known.id, patch: { notes: 'edited at the cap' } });
    await sync(a);
    expect((await cloudSongs()).map((row) => row.data.name)).toEqual(['Known']);
    expect((await cloudSongs())[0]!.data).toMatchObject({ notes: 'edited at the cap' });
    expect(await names(a)).toEqual(['Known', 'Waiting']);
    expect((await call<{ pending: number }>(a, 'sync:status')).pending).toBeGreaterThan(0);

    await call(a, 'db:update-storage-usage', { bytesToAdd: -PRO_STORAGE_CAP_BYTES });
    await sync(a);
    expect((await cloudSongs()).map((row) => row.id).sort()).toEqual([known.id, waiting.id].sort());
  });
});

describe('a network that fails', () => {
  it('500s, resets before and after the cloud did the work, and silence: retried until it heals, nothing lost or doubled', async () => {
    const a = await device();
    const b = await device();
    for (let i = 0; i < 30; i += 1) await addSong(a, `Take ${i}`);
    // The tier read fails, then the push is reset before, then after the cloud wrote it, then hangs, then a 500.
    env.proxy.plan('fail-500', 'pass', 'reset-before', 'pass', 'reset-after', 'pass', 'hang', 'pass', 'fail-500');
    const { report, failures } = await syncUntilItWorks(a);
    expect(failures.length).toBeGreaterThanOrEqual(4);
    expect(report.skipped).toBeNull();
    const rows = await cloudSongs();
    expect(rows).toHaveLength(30);
    expect(new Set(rows.map((row) => row.id)).size).toBe(30);
    expect((await call<{ pending: number; lastError: string | null }>(a, 'sync:status')).pending).toBe(0);

    env.proxy.breakDown('reset-before');
    expect((await b.router.dispatch('sync:run', undefined)).ok).toBe(false);
    expect(await songs(b)).toEqual([]);
    expect((await call<{ lastError: string | null }>(b, 'sync:status')).lastError).not.toBeNull();
    env.proxy.heal();
    await syncUntilItWorks(b);
    expect(await names(b)).toEqual(await names(a));
    expect(await names(b)).toHaveLength(30);
  });

  it('a pull cut off halfway goes on from where it stopped', async () => {
    const a = await device();
    for (let i = 0; i < 2500; i += 1) await addSong(a, `Loop ${i}`);
    await sync(a);
    const b = await device();
    let songPages = 0;
    env.proxy.rule((method, path) => (method === 'GET' && path.startsWith('/rest/v1/songs?') && ++songPages === 2 ? 'fail-500' : null));
    expect((await b.router.dispatch('sync:run', undefined)).ok).toBe(false);
    expect(await songs(b)).toHaveLength(1000);
    const { report } = await syncUntilItWorks(b);
    // The cursor kept its place: the second run reads the rest (and the overlap, already written, again).
    expect(report.pulled).toBe(1500);
    expect(await songs(b)).toHaveLength(2500);
  });
});

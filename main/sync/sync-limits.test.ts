// Sync within what the cloud takes (cloud/migrations/0005_plan.sql, the local cloud's 1 MiB request body): large
// songs go up in requests of bounded size, a song's lists read from its project are shortened to fit the row cap,
// and a song larger than the cap even so stays here, unsynced, without stopping the rest of the push.
import { afterEach, describe, expect, it } from 'vitest';
import { cloudDataBytes } from '../../common/cloud/cloud-data-size';
import { CLOUD_DATA_MAX_BYTES } from '../../common/constants';
import type { CustomField } from '../../common/songs/custom-fields';
import type { ProjectMeta } from '../../common/projects/project-meta';
import type { Song } from '../../common/songs/song';
import type { SyncReport, SyncStatus } from '../../common/cloud/sync';
import { inTransaction } from '../../db/handle';
import { getSong } from '../../db/repositories/songs';
import { mergeProjectMeta } from '../../db/repositories/scanned-songs';
import { rewriteSongs } from '../../db/repositories/song-writer';
import { tempDir } from '../../db/test-support';
import { accessToken, useProxiedCloud } from '../../cloud/local/test-support';
import { call, createTestCore, type TestCore } from '../test-support';

const env = useProxiedCloud();
const cores: TestCore[] = [];

afterEach(async () => {
  await Promise.all(cores.splice(0).map((core) => core.close()));
  await env.pro.supabase.from('songs').delete().eq('user_id', env.pro.userId);
  await env.pro.supabase.from('custom_fields').delete().eq('user_id', env.pro.userId);
});

async function device(): Promise<TestCore> {
  const core = createTestCore(tempDir(), {
    cloud: () => ({ endpoint: { url: env.cloud.url, anonKey: env.cloud.anonKey, local: true }, starting: false }),
    sync: { requestTimeoutMs: 5000, schedule: { timers: false } },
  });
  cores.push(core);
  await call(core, 'sync:session', { session: { userId: env.pro.userId, accessToken: await accessToken(env.pro.supabase) } });
  return core;
}

const sync = (core: TestCore) => call<SyncReport>(core, 'sync:run');
const addSong = (core: TestCore, input: Record<string, unknown>) => call<Song>(core, 'db:add-song', input);
async function cloudRows(): Promise<{ data: Song }[]> {
  const { data, error } = await env.pro.supabase.from('songs').select('data').eq('user_id', env.pro.userId);
  if (error) throw error;
  return data as { data: Song }[];
}

describe('sync within the cloud’s limits', () => {
  it('songs too large to send together go up in several requests', async () => {
    const core = await device();
    // About 300 KB each: five of them are more than one request body the cloud takes.
    for (let index = 0; index < 5; index += 1) await addSong(core, { name: `Long notes ${index}`, notes: '音'.repeat(100_000) });
    await sync(core);
    expect(await cloudRows()).toHaveLength(5);
  });

  it('a song whose project references thousands of samples goes up with its sample list shortened to fit', async () => {
    const core = await device();
    const song = await addSong(core, { name: 'Orchestral' });
    const samples = Array.from({ length: 20_000 }, (_, index) => `/Volumes/Samples/Orchestra/Strings/Violins ${index}.wav`);
    const meta: ProjectMeta = { daw: 'ableton', dawVersion: 'Ableton Live 12', tempo: 120, tempoAutomated: false, timeSignature: '4/4', key: null, sampleRate: 48_000, trackCount: 90, tracks: ['Strings'], samples, missingSamples: samples.slice(0, 3) };
    inTransaction(core.db, () => rewriteSongs(core.db, [mergeProjectMeta(getSong(core.db, song.id)!, meta, core.db.now())]));
    await sync(core);
    const [row] = await cloudRows();
    expect(cloudDataBytes(row!.data)).toBeLessThanOrEqual(CLOUD_DATA_MAX_BYTES);
    expect(row!.data.meta).toMatchObject({ tracks: ['Strings'], missingSamples: samples.slice(0, 3), sampleRate: 48_000 });
    expect((row!.data.meta.samples as string[]).length).toBeGreaterThan(1000);
    // Here the song keeps every sample its project names.
    expect(getSong(core.db, song.id)!.meta.samples).toHaveLength(20_000);
  });

  it('a song larger than the cloud takes stays here unsynced; the rest of the push goes on', async () => {
    const core = await device();
    const options = Array.from({ length: 200 }, (_, index) => `${index} ${'选'.repeat(95)}`);
    const fields: CustomField[] = [];
    for (let index = 0; index < 4; index += 1) fields.push(await call<CustomField>(core, 'fields:add', { name: `Moods ${index}`, type: 'multiSelect', options }));
    const custom = Object.fromEntries(fields.map((field) => [field.id, options]));
    const huge = await addSong(core, { name: 'Everything at once', notes: '音'.repeat(100_000), custom });
    await addSong(core, { name: 'Ordinary' });

    await sync(core);
    expect((await cloudRows()).map((row) => row.data.name)).toEqual(['Ordinary']);
    expect(getSong(core.db, huge.id)).toMatchObject({ name: 'Everything at once' });
    expect((await call<SyncStatus>(core, 'sync:status')).pending).toBe(1);
    // Later runs go on working.
    await addSong(core, { name: 'Later' });
    await sync(core);
    expect((await cloudRows()).map((row) => row.data.name).sort()).toEqual(['Later', 'Ordinary']);
  });

  it('a NUL character (typed, or read from a crafted project file) never stops a push: the cloud gets the text without it', async () => {
    const core = await device();
    const song = await addSong(core, { name: 'Nul\u0000name', notes: 'before\u0000after' });
    const meta: ProjectMeta = { daw: 'protools', dawVersion: 'Pro Tools 12', tempo: 120, tempoAutomated: false, timeSignature: '4/4', key: null, sampleRate: 48_000, trackCount: 1, tracks: ['Kick\u0000'], samples: [], missingSamples: [] };
    inTransaction(core.db, () => rewriteSongs(core.db, [mergeProjectMeta(getSong(core.db, song.id)!, meta, core.db.now())]));
    await addSong(core, { name: 'Plain' });
    expect(await sync(core)).toMatchObject({ skipped: null });
    const rows = (await cloudRows()).map((row) => row.data);
    expect(rows.map((row) => row.name).sort()).toEqual(['Nulname', 'Plain']);
    expect(rows.find((row) => row.name === 'Nulname')).toMatchObject({ notes: 'beforeafter', meta: { tracks: ['Kick'] } });
    expect(await call<SyncStatus>(core, 'sync:status')).toMatchObject({ pending: 0 });
  });
});

// The pro storage cap (spec section 6: "At or above that storage, uploads and new sync records are skipped"), through
// the real local cloud: at 1 GiB a song waiting for its audio to go up gets no sync record (it goes up with its audio
// once there is room), the user is told once, edits to songs the cloud has go on, and when room is made the songs the
// cap kept from sync are queued again, so nothing stays behind for good.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PRO_STORAGE_CAP_BYTES } from '../../common/constants';
import type { AppNotification } from '../../common/projects/library';
import type { SyncRecord } from '../../common/cloud/account';
import type { Song } from '../../common/songs/song';
import { accessToken, useProxiedCloud } from '../../cloud/local/test-support';
import { tempDir } from '../../db/test-support';
import { writeWav } from '../../workers/synthetic/wav';
import { call, createTestCore, type TestCore } from '../test-support';

const env = useProxiedCloud();
let core: TestCore | null = null;

afterEach(async () => {
  await core?.close();
  core = null;
  for (const table of ['songs', 'views', 'custom_fields']) await env.pro.supabase.from(table).delete().eq('user_id', env.pro.userId);
  await env.pro.supabase.from('user_settings').delete().eq('id', env.pro.userId);
});

async function proDevice(): Promise<TestCore> {
  core = createTestCore(tempDir(), {
    cloud: () => ({ endpoint: { url: env.proxy.url, anonKey: env.cloud.anonKey, local: true }, starting: false }),
    sync: { requestTimeoutMs: 3000, schedule: { timers: false } },
    // Uploads are asked for by the test alone: none goes up behind its back.
    uploads: { timers: false },
  });
  await call(core, 'sync:session', { session: { userId: env.pro.userId, accessToken: await accessToken(env.pro.supabase) } });
  return core;
}

const sync = (device: TestCore) => call(device, 'sync:run');
const cloudNames = async () => ((await env.pro.supabase.from('songs').select('data').eq('user_id', env.pro.userId)).data as { data: Song }[]).map((row) => row.data.name).sort();
const waitingFor = async (device: TestCore, id: string) => (await call<SyncRecord[]>(device, 'db:get-unsynced-changes')).filter((record) => record.recordId === id);

describe('the storage cap', () => {
  it('at 1 GiB a song waiting for its upload gets no sync record, the user is told once, edits go on; with room it goes up', async () => {
    const device = await proDevice();
    const notices: AppNotification[] = [];
    device.events.on('notify', (notice) => notices.push(notice));
    const known = await call<Song>(device, 'db:add-song', { name: 'Known' });
    await sync(device);
    await call(device, 'db:update-storage-usage', { bytesToAdd: PRO_STORAGE_CAP_BYTES });

    // A bounce found by a scan: a new song whose audio waits to go up (spec section 4: needsUploadRetry).
    const folder = path.join(tempDir('songshelf-cap-'), 'Projects');
    fs.mkdirSync(folder, { recursive: true });
    writeWav(path.join(folder, 'Night Drive.wav'), 0.1);
    await device.start();
    await device.library.watchDirectory(folder);
    await device.runner.whenIdle();
    const [found] = (await call<Song[]>(device, 'db:get-songs')).filter((song) => song.name === 'Night Drive');
    expect(found).toMatchObject({ needsUploadRetry: true });
    expect(await waitingFor(device, found!.id)).toEqual([]);
    await call(device, 'db:update-song', { id: known.id, patch: { notes: 'edited at the cap' } });

    await sync(device);
    await sync(device);
    expect(await cloudNames()).toEqual(['Known']);
    const [row] = (await env.pro.supabase.from('songs').select('data').eq('id', known.id)).data as { data: Song }[];
    expect(row!.data.notes).toBe('edited at the cap');
    const told = notices.filter((notice) => notice.title === 'Your cloud storage is full');
    expect(told).toEqual([expect.objectContaining({ kind: 'error', body: expect.stringContaining('1 GiB') })]);

    // Room is made: the song the cap kept from sync is queued and goes up (its audio follows by the upload repair).
    await call(device, 'db:update-storage-usage', { bytesToAdd: -PRO_STORAGE_CAP_BYTES });
    await sync(device);
    expect(await cloudNames()).toEqual(['Known', 'Night Drive']);
    expect(await waitingFor(device, found!.id)).toEqual([]);
    expect(notices.filter((notice) => notice.title === 'Your cloud storage is full')).toHaveLength(1);

    // Full again later: told again, once.
    await call(device, 'db:update-storage-usage', { bytesToAdd: PRO_STORAGE_CAP_BYTES });
    await sync(device);
    await sync(device);
    expect(notices.filter((notice) => notice.title === 'Your cloud storage is full')).toHaveLength(2);
  });
});

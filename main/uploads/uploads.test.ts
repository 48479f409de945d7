// Audio to the cloud through the real local cloud, real ffmpeg and a fault proxy: every skip reason the core can give
// (browser_environment belongs to an upload from a web page, which the website does not offer),
// the size limit and the storage cap, the timeout's message, the song's flags, the compressed copy cleaned up,
// removing a cloud file by its checked address, signed addresses that play, and the repair pass; one object per
// song (three projects' Mix.wav stay three), the older shared objects split without losing a file.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { writeWav } from '../../fixtures/generators/wav';
import { CLOUD_FILE_ERRORS, cloudFileUrl, parseCloudFileUrl } from '../../common/cloud/cloud-files';
import { MESSAGES } from '../../common/messages';
import type { Song } from '../../common/songs/song';
import type { UploadResult } from '../../common/cloud/upload-rules';
import { accessToken, useProxiedCloud, type SignedIn } from '../../cloud/local/test-support';
import { newId } from '../../db/ids';
import { tempDir } from '../../db/test-support';
import { listJobs } from '../jobs/queue';
import { createTestCore, trustFolder, type TestCore } from '../test-support';

const env = useProxiedCloud();
// Ana (`env.pro`) is pro, Fay (`env.free`) free; the proxy sits between the app and the cloud.
let core: TestCore;
let music: string;

afterEach(async () => {
  env.proxy.heal();
  await core.close();
  await env.cloud.db.asOwner((tx) => tx.query(`delete from storage.objects where bucket_id = 'audio-files' and starts_with(name, $1)`, [`${env.pro.userId}/`]));
});

async function device(options: { user?: SignedIn | null; storageCapBytes?: number; timeoutSeconds?: number; repairIntervalMs?: number } = {}): Promise<TestCore> {
  core = createTestCore(tempDir(), {
    cloud: () => ({ endpoint: { url: env.proxy.url, anonKey: env.cloud.anonKey, local: true }, starting: false }),
    sync: { requestTimeoutMs: 1500, schedule: { timers: false } },
    compression: { retryDelayMs: 10 },
    jobs: { backoff: { baseMs: 5, capMs: 10 } },
    uploads: {
      timers: false,
      ...(options.storageCapBytes ? { storageCapBytes: options.storageCapBytes } : {}),
      ...(options.timeoutSeconds ? { uploadTimeoutSeconds: () => options.timeoutSeconds! } : {}),
      ...(options.repairIntervalMs !== undefined ? { repairIntervalMs: options.repairIntervalMs } : {}),
    },
  });
  music = tempDir('songshelf-music-');
  trustFolder(core, music);
  const user = options.user === undefined ? env.pro : options.user;
  if (user) await core.router.dispatch('sync:session', { session: { userId: user.userId, accessToken: await accessToken(user.supabase) } });
  return core;
}

/** A song with this audio, as a scan leaves a new one: needsUploadRetry and the processing flag set. */
async function songWith(file: string): Promise<Song> {
  const added = await core.router.dispatch('db:add-song', { name: path.basename(file), file: { value: file, localPath: file, fileName: path.basename(file), modifiedTime: null } });
  if (!added.ok) throw new Error(added.error.message);
  const song = added.data as Song;
  const flagged = await core.router.dispatch('db:update-song', { id: song.id, patch: { needsUploadRetry: true, isBeingProcessedByHandleNewProject: true } });
  return flagged.ok ? (flagged.data as Song) : song;
}

async function upload(song: Song): Promise<UploadResult> {
  const result = await core.router.dispatch('songs:upload', { id: song.id });
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.data as UploadResult;
}

async function stored(song: Song): Promise<Song> {
  const result = await core.router.dispatch('db:get-songs', { ids: [song.id] });
  return (result.ok ? (result.data as Song[]) : [])[0]!;
}

/** Ana's audio objects, named within her folder (`{songId}/{name}`), read as the cloud's owner sees them, in name order. */
async function cloudObjects(): Promise<{ name: string; size: number }[]> {
  const folder = `${env.pro.userId}/`;
  const { rows } = await env.cloud.db.asOwner((tx) =>
    tx.query<{ name: string; size: unknown }>(
      `select name, metadata ->> 'size' as size from storage.objects where bucket_id = 'audio-files' and starts_with(name, $1) order by name collate "C"`,
      [folder],
    ),
  );
  return rows.map((row) => ({ name: row.name.slice(folder.length), size: Number(row.size) }));
}

/** The bytes a song plays here: its signed cloud address, fetched. */
async function playedBytes(song: Song): Promise<Buffer> {
  const signed = await core.router.dispatch('songs:cloud-audio-url', { id: song.id });
  if (!signed.ok) throw new Error(signed.error.message);
  return Buffer.from(await (await fetch((signed.data as { url: string }).url)).arrayBuffer());
}

describe('a successful upload', () => {
  it('a small WAV goes up as it is, to {userId}/{songId}/{sanitized name}; the song takes the cloud address and its flags clear', async () => {
    await device();
    const song = await songWith(writeWav(path.join(music, 'Night Drive: Take 2.wav'), 2));
    const result = await upload(song);
    expect(result).toMatchObject({ uploadSuccess: true, skipReason: null, fileName: 'Night Drive: Take 2.wav', sanitizedFileName: 'night_drive__take_2.wav', compressed: false, compressionRatio: null, format: 'wav' });
    expect(result.url).toBe(`${env.proxy.url}/storage/v1/object/public/audio-files/${env.pro.userId}/${song.id}/night_drive__take_2.wav`);
    expect(await cloudObjects()).toEqual([{ name: `${song.id}/night_drive__take_2.wav`, size: result.fileSize }]);
    expect(await stored(song)).toMatchObject({ file: { value: result.url, localPath: song.file!.localPath }, needsUploadRetry: false, isBeingProcessedByHandleNewProject: false });
    expect(await core.router.dispatch('db:get-storage-usage', undefined)).toEqual({ ok: true, data: { bytes: result.fileSize } });
    // The same file again: the result cache answers, nothing is sent.
    const requests = env.proxy.log.length;
    expect(await upload(song)).toEqual(result);
    expect(env.proxy.log.slice(requests).filter((entry) => entry.path.startsWith('/storage/v1/object/audio-files'))).toEqual([]);
  });

  it('a WAV over 5 MB is compressed to mp3 first, and the compressed copy is deleted after the upload', async () => {
    await device();
    const song = await songWith(writeWav(path.join(music, 'Long Bounce.wav'), 32, 44_100, 2));
    const result = await upload(song);
    expect(result).toMatchObject({ uploadSuccess: true, compressed: true, format: 'mp3' });
    expect(result.fileSize).toBeLessThan(result.originalFileSize / 5);
    expect(result.compressionRatio).toBeCloseTo(result.fileSize / result.originalFileSize, 5);
    expect(await cloudObjects()).toEqual([{ name: `${song.id}/long_bounce.wav`, size: result.fileSize }]);
    expect(fs.readdirSync(path.join(core.dataDir, 'compressed'))).toEqual([]);
  });

  it('the signed address of an uploaded song plays its bytes; removing it checks the address first', async () => {
    await device();
    const song = await songWith(writeWav(path.join(music, 'loop.wav'), 1));
    const { url } = await upload(song);
    const signed = await core.router.dispatch('songs:cloud-audio-url', { id: song.id });
    expect(signed.ok).toBe(true);
    const audio = await fetch((signed as { data: { url: string } }).data.url);
    expect(audio.status).toBe(200);
    expect(Buffer.from(await audio.arrayBuffer()).subarray(0, 4).toString('latin1')).toBe('RIFF');

    expect(await core.router.dispatch('cloud:remove-file', { url: '/Users/ana/loop.wav' })).toMatchObject({ ok: false, error: { message: CLOUD_FILE_ERRORS.invalidUrl } });
    expect(await core.router.dispatch('cloud:remove-file', { url: `${env.proxy.url}/storage/v1/object/public/avatars/${env.pro.userId}/loop.wav` })).toMatchObject({
      ok: false,
      error: { message: CLOUD_FILE_ERRORS.invalidBucket },
    });
    expect(await cloudObjects()).toHaveLength(1);
    expect(await core.router.dispatch('cloud:remove-file', { url: url! })).toEqual({ ok: true, data: { removed: true }, changes: { tables: ['kv'], seq: expect.any(Number) } });
    expect(await cloudObjects()).toEqual([]);
    expect(await core.router.dispatch('db:get-storage-usage', undefined)).toEqual({ ok: true, data: { bytes: 0 } });
    // Uploaded again after its object was removed, it goes up again: not answered from the remembered result.
    expect((await upload(song)).uploadSuccess).toBe(true);
    expect(await cloudObjects()).toHaveLength(1);
  });

  it('a run of uploads reads the plan and lists the folder once, and keeps the storage figure itself', async () => {
    await device();
    const bounces = [];
    for (let i = 0; i < 5; i += 1) bounces.push(await songWith(writeWav(path.join(music, `take ${i}.wav`), 1)));
    const requests = env.proxy.log.length;
    for (const song of bounces) expect(await upload(song)).toMatchObject({ uploadSuccess: true });
    const sent = env.proxy.log.slice(requests);
    expect(sent.filter((entry) => entry.path.startsWith('/rest/v1/subscriptions'))).toHaveLength(1);
    expect(sent.filter((entry) => entry.path.startsWith('/storage/v1/object/list-v2/audio-files'))).toHaveLength(1);
    expect(sent.filter((entry) => entry.method === 'POST' && entry.path.startsWith(`/storage/v1/object/audio-files/${env.pro.userId}/`))).toHaveLength(5);
    const inCloud = (await cloudObjects()).reduce((total, object) => total + object.size, 0);
    expect(await core.router.dispatch('db:get-storage-usage', undefined)).toEqual({ ok: true, data: { bytes: inCloud } });
  });

  it('a song deleted for good takes its uploaded audio with it', async () => {
    await device();
    const song = await songWith(writeWav(path.join(music, 'gone soon.wav'), 1));
    await upload(song);
    expect(await cloudObjects()).toHaveLength(1);
    expect(await core.router.dispatch('db:delete-song', { id: song.id })).toMatchObject({ ok: true, data: { outcome: 'deleted' } });
    await expect.poll(cloudObjects).toEqual([]);
  });

  it('a bulk deletion releases its songs\' cloud files in one request, but not a file another song still plays', async () => {
    await device();
    const songs = [];
    for (const name of ['one.wav', 'two.wav', 'three.wav']) {
      const song = await songWith(writeWav(path.join(music, name), 1));
      await upload(song);
      songs.push(await stored(song));
    }
    // A fourth song plays three.wav's cloud copy: that file must stay.
    const sharing = await core.router.dispatch('db:add-song', { name: 'three again', file: songs[2]!.file });
    if (!sharing.ok) throw new Error(sharing.error.message);
    const own = (song: Song) => `${song.id}/${song.file!.fileName}`;
    expect((await cloudObjects()).map((object) => object.name)).toEqual(songs.map(own).sort());
    const requests = env.proxy.log.length;
    expect(await core.router.dispatch('songs:bulk-delete', { ids: songs.map((song) => song.id) })).toEqual({ ok: true, data: { hidden: 0, deleted: 3 }, changes: { tables: ['songs', 'sync_records'], rows: { songs: expect.arrayContaining(songs.map((song) => song.id)) }, seq: expect.any(Number) } });
    await expect.poll(async () => (await cloudObjects()).map((object) => object.name)).toEqual([own(songs[2]!)]);
    const removals = env.proxy.log.slice(requests).filter((entry) => entry.method === 'DELETE' && entry.path.startsWith('/storage/v1/object/audio-files'));
    expect(removals).toHaveLength(1);
    await expect.poll(async () => core.router.dispatch('db:get-storage-usage', undefined)).toEqual({ ok: true, data: { bytes: (await cloudObjects())[0]!.size } });
  });
});

describe('one object per song', () => {
  /** Three projects, each bouncing its own audio to a file named Mix.wav. */
  async function threeMixes(): Promise<Song[]> {
    const songs: Song[] = [];
    for (const [i, project] of ['Harbour', 'Lanterns', 'Tidewater'].entries()) {
      fs.mkdirSync(path.join(music, project));
      songs.push(await songWith(writeWav(path.join(music, project, 'Mix.wav'), 0.2 + 0.1 * i)));
    }
    return songs;
  }
  const ownKey = (song: Song) => `${env.pro.userId}/${song.id}/mix.wav`;
  const bounce = (song: Song) => fs.readFileSync(song.file!.localPath!);

  it('three songs that each bounce Mix.wav upload to three objects and each plays its own bytes', async () => {
    await device();
    const songs = await threeMixes();
    for (const song of songs) expect(await upload(song)).toMatchObject({ uploadSuccess: true, fileName: 'Mix.wav', sanitizedFileName: 'mix.wav' });
    expect((await cloudObjects()).map((object) => object.name)).toEqual(songs.map((song) => `${song.id}/mix.wav`).sort());
    for (const song of songs) {
      expect((await stored(song)).file!.value).toBe(cloudFileUrl(env.proxy.url, 'audio-files', ownKey(song)));
      expect(await playedBytes(song)).toEqual(bounce(song));
    }
    // Another computer and the website know the song by its synced row, and read the object's key from its file value.
    expect(await core.router.dispatch('sync:run', undefined)).toMatchObject({ ok: true });
    await core.close();
    await device();
    expect(await core.router.dispatch('sync:run', undefined)).toMatchObject({ ok: true });
    const { data: rows } = await env.pro.supabase.from('songs').select('data').in('id', songs.map((song) => song.id));
    try {
      expect(rows).toHaveLength(3);
      for (const song of songs) {
        expect(await playedBytes(song)).toEqual(bounce(song));
        const row = rows!.find((candidate) => (candidate.data as Song).id === song.id)!.data as Song;
        const signed = await env.pro.supabase.storage.from('audio-files').createSignedUrl(parseCloudFileUrl(row.file!.value).path, 60);
        expect(Buffer.from(await (await fetch(signed.data!.signedUrl)).arrayBuffer())).toEqual(bounce(song));
      }
    } finally {
      await env.pro.supabase.from('songs').delete().eq('user_id', env.pro.userId);
    }
  });

  it('an old object shared by name is split on the next upload run: each song goes up to its own, the old one goes when no song plays it', async () => {
    await device();
    const songs = await threeMixes();
    // Before per-song keys: the three went to one object, the last upload's bytes, and all three play it.
    const shared = `${env.pro.userId}/mix.wav`;
    const sharedUrl = cloudFileUrl(env.proxy.url, 'audio-files', shared);
    await env.pro.supabase.storage.from('audio-files').upload(shared, bounce(songs[2]!), { contentType: 'audio/wav', upsert: true });
    for (const song of songs) {
      await core.router.dispatch('db:update-song', { id: song.id, patch: { file: { ...song.file!, value: sharedUrl }, needsUploadRetry: false, isBeingProcessedByHandleNewProject: false } });
    }
    // A fourth song plays it too, from another computer: its bounce is not on this one.
    const elsewhere = await core.router.dispatch('db:add-song', { name: 'Mix (laptop)', file: { value: sharedUrl, localPath: null, fileName: 'Mix.wav', modifiedTime: null } });
    if (!elsewhere.ok) throw new Error(elsewhere.error.message);
    await core.start();
    await core.router.dispatch('sync:run', undefined);
    (core.uploads as unknown as { lastRepairAt: number }).lastRepairAt = Number.NEGATIVE_INFINITY;
    try {
      expect(core.uploads.repair()).toBe(3);
      await core.runner.whenIdle();
      for (const song of songs) {
        expect(await stored(song)).toMatchObject({ file: { value: cloudFileUrl(env.proxy.url, 'audio-files', ownKey(song)) }, needsUploadRetry: false });
        expect(await playedBytes(song)).toEqual(bounce(song));
      }
      // The laptop's song still plays the old object: it stays.
      expect((await cloudObjects()).map((object) => object.name)).toEqual(['mix.wav', ...songs.map((song) => `${song.id}/mix.wav`)].sort());
      expect(await playedBytes(elsewhere.data as Song)).toEqual(bounce(songs[2]!));
      // Once no song plays it, it goes.
      expect(await core.router.dispatch('db:delete-song', { id: (elsewhere.data as Song).id })).toMatchObject({ ok: true, data: { outcome: 'deleted' } });
      await expect.poll(async () => (await cloudObjects()).map((object) => object.name)).toEqual(songs.map((song) => `${song.id}/mix.wav`).sort());
    } finally {
      await env.pro.supabase.from('songs').delete().eq('user_id', env.pro.userId);
    }
  });

  it('the storage in use counts every object once, in the per-song folders and any old shared one', async () => {
    // Already stored: an old shared object and another computer's songs' objects (sizes as the storage service writes them).
    const seeded = [`${env.pro.userId}/old mix.wav`, `${env.pro.userId}/${newId()}/mix.wav`, `${env.pro.userId}/${newId()}/take.wav`];
    await env.cloud.db.asOwner(async (tx) => {
      for (const [i, name] of seeded.entries()) {
        await tx.query(`insert into storage.objects (bucket_id, name, content, metadata) values ('audio-files', $1, $2, $3)`, [name, Buffer.alloc(10 * (i + 1)), { mimetype: 'audio/wav', size: 10 * (i + 1) }]);
      }
    });
    await device();
    const songs = await threeMixes();
    for (const song of songs) await upload(song);
    // A new bounce of the first song replaces its object: its old size no longer counts.
    writeWav(songs[0]!.file!.localPath!, 0.5);
    expect(await upload(songs[0]!)).toMatchObject({ uploadSuccess: true });
    const objects = await cloudObjects();
    const inCloud = objects.reduce((total, object) => total + object.size, 0);
    expect(await core.router.dispatch('db:get-storage-usage', undefined)).toEqual({ ok: true, data: { bytes: inCloud } });
    expect(objects).toHaveLength(6);
  });

  it('deleting a song removes only its own objects; the other songs keep playing theirs', async () => {
    await device();
    const songs = await threeMixes();
    for (const song of songs) await upload(song);
    expect(await core.router.dispatch('db:delete-song', { id: songs[1]!.id })).toMatchObject({ ok: true, data: { outcome: 'deleted' } });
    await expect.poll(async () => (await cloudObjects()).map((object) => object.name)).toEqual([songs[0]!, songs[2]!].map((song) => `${song.id}/mix.wav`).sort());
    for (const song of [songs[0]!, songs[2]!]) expect(await playedBytes(song)).toEqual(bounce(song));
  });
});

describe('every skip reason', () => {
  it('compressed_path_provided: our own _compressed.mp3 copies never go up', async () => {
    await device();
    const copy = path.join(music, 'take_compressed.mp3');
    fs.writeFileSync(copy, Buffer.alloc(1000, 1));
    expect(await upload(await songWith(copy))).toMatchObject({ uploadSuccess: false, skipReason: 'compressed_path_provided', url: null });
  });

  it('subscription_check_failed: signed out, or the tier cannot be read; the song keeps needsUploadRetry', async () => {
    await device({ user: null });
    const song = await songWith(writeWav(path.join(music, 'a.wav'), 1));
    expect(await upload(song)).toMatchObject({ skipReason: 'subscription_check_failed' });
    await core.router.dispatch('sync:session', { session: { userId: env.pro.userId, accessToken: await accessToken(env.pro.supabase) } });
    env.proxy.rule((method, url) => (url.startsWith('/rest/v1/subscriptions') ? 'fail-500' : null));
    expect(await upload(song)).toMatchObject({ skipReason: 'subscription_check_failed' });
    expect(await stored(song)).toMatchObject({ needsUploadRetry: true, isBeingProcessedByHandleNewProject: false });
  });

  it('free_tier_no_storage: a free user uploads nothing', async () => {
    await device({ user: env.free });
    expect(await upload(await songWith(writeWav(path.join(music, 'a.wav'), 1)))).toMatchObject({ skipReason: 'free_tier_no_storage' });
  });

  it('storage_check_failed and storage_check_error: the cloud refuses the storage list, or cannot be reached', async () => {
    await device();
    const song = await songWith(writeWav(path.join(music, 'a.wav'), 1));
    env.proxy.rule((method, url) => (url.startsWith('/storage/v1/object/list-v2/') ? 'fail-500' : null));
    expect(await upload(song)).toMatchObject({ skipReason: 'storage_check_failed' });
    env.proxy.rule((method, url) => (url.startsWith('/storage/v1/object/list-v2/') ? 'reset-before' : null));
    expect(await upload(song)).toMatchObject({ skipReason: 'storage_check_error' });
  });

  it('storage_limit_exceeded: at the cap nothing goes up, nor a file that would pass it', async () => {
    await device({ storageCapBytes: 40_000 });
    const first = await songWith(writeWav(path.join(music, 'first.wav'), 2)); // 32 KB
    expect(await upload(first)).toMatchObject({ uploadSuccess: true });
    const second = await songWith(writeWav(path.join(music, 'second.wav'), 1)); // 16 KB: 48 KB in all
    expect(await upload(second)).toMatchObject({ uploadSuccess: false, skipReason: 'storage_limit_exceeded' });
    await core.close();
    await device({ storageCapBytes: 30_000 }); // already past it
    expect(await upload(await songWith(writeWav(path.join(music, 'third.wav'), 0.1)))).toMatchObject({ skipReason: 'storage_limit_exceeded' });
    expect((await cloudObjects()).map((object) => object.name)).toEqual([`${first.id}/first.wav`]);
  });

  it('compression_failed: a WAV over 5 MB ffmpeg cannot read; the song keeps needsUploadRetry', async () => {
    await device();
    const broken = path.join(music, 'broken.wav');
    // It starts like a WAV (uploads read only audio, by content), then holds no chunk ffmpeg can read.
    const bytes = Buffer.alloc(6 * 1024 * 1024, 3);
    bytes.write('RIFF', 0, 'latin1');
    bytes.write('WAVE', 8, 'latin1');
    fs.writeFileSync(broken, bytes);
    const song = await songWith(broken);
    expect(await upload(song)).toMatchObject({ uploadSuccess: false, skipReason: 'compression_failed' });
    expect(await stored(song)).toMatchObject({ needsUploadRetry: true });
    expect(await cloudObjects()).toEqual([]);
  });

  it('size_exceeds_limit: over 50 MB after compression (an mp3 is not compressed); the retry flag clears, the file value empties', async () => {
    await device();
    const huge = path.join(music, 'live set.mp3');
    const bytes = Buffer.alloc(52_428_801, 0);
    bytes.write('ID3', 0, 'latin1'); // an MP3's tag: uploads read only audio, by content
    fs.writeFileSync(huge, bytes);
    const song = await songWith(huge);
    expect(await upload(song)).toMatchObject({ uploadSuccess: false, skipReason: 'size_exceeds_limit', fileSize: 52_428_801 });
    expect(await stored(song)).toMatchObject({ needsUploadRetry: false, file: { value: '', localPath: huge } });
    expect(await cloudObjects()).toEqual([]);
  });
});

describe('failures', () => {
  it('an upload that hangs times out with the spec’s message, and the song keeps needsUploadRetry', async () => {
    await device({ timeoutSeconds: 1 });
    const song = await songWith(writeWav(path.join(music, 'slow.wav'), 1));
    env.proxy.rule((method, url) => (method === 'POST' && url.startsWith('/storage/v1/object/audio-files/') ? 'hang' : null));
    expect(await core.router.dispatch('songs:upload', { id: song.id })).toMatchObject({ ok: false, error: { message: 'Upload timed out after 1 seconds.' } });
    expect(await stored(song)).toMatchObject({ needsUploadRetry: true });
  });

  it('an empty file: "No file data received."', async () => {
    await device();
    const empty = path.join(music, 'empty.wav');
    fs.writeFileSync(empty, '');
    expect(await core.router.dispatch('songs:upload', { id: (await songWith(empty)).id })).toMatchObject({ ok: false, error: { message: 'No file data received.' } });
  });
});

describe('the repair pass', () => {
  it('queues uploads for songs left with needsUploadRetry, at most once per 10 s, pro users only', async () => {
    await device();
    await core.start();
    const songs = [await songWith(writeWav(path.join(music, 'x.wav'), 0.2)), await songWith(writeWav(path.join(music, 'y.wav'), 0.2))];
    // Flagged on another computer and synced here: its file is not on this one, so there is nothing to upload.
    await songWith(path.join(music, 'elsewhere', 'z.wav'));
    expect(core.uploads.repair()).toBe(0); // the cached tier is still free: the first sync has not run
    await core.router.dispatch('sync:run', undefined);
    // Within 10 s of the refused pass nothing runs again.
    expect(core.uploads.repair()).toBe(0);
    (core.uploads as unknown as { lastRepairAt: number }).lastRepairAt = Number.NEGATIVE_INFINITY;
    expect(core.uploads.repair()).toBe(2);
    const uploads = () => listJobs(core.db).filter((job) => job.kind === 'upload');
    expect(uploads()).toHaveLength(2);
    for (let i = 0; i < 300 && uploads().some((job) => job.state !== 'succeeded'); i += 1) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(uploads().map((job) => job.state)).toEqual(['succeeded', 'succeeded']);
    for (const song of songs) expect(await stored(song)).toMatchObject({ needsUploadRetry: false });
    expect((await cloudObjects()).map((object) => object.name)).toEqual([`${songs[0]!.id}/x.wav`, `${songs[1]!.id}/y.wav`].sort());
  });

  it('an upload that fails every attempt is told to the user', async () => {
    await device();
    await core.start();
    await core.router.dispatch('sync:run', undefined);
    // A file ffmpeg cannot read fails each attempt (compression_failed keeps the flag; the job itself succeeds),
    // so take one the uploader cannot even open after it is queued.
    const flaky = writeWav(path.join(music, 'moved away.wav'), 0.2);
    const song = await songWith(flaky);
    const told: { title: string; body: string }[] = [];
    core.events.on('notify', (notice) => told.push(notice));
    (core.uploads as unknown as { lastRepairAt: number }).lastRepairAt = Number.NEGATIVE_INFINITY;
    await core.runner.stop();
    expect(core.uploads.repair()).toBeGreaterThanOrEqual(1);
    fs.rmSync(flaky);
    core.runner.start();
    const ours = () => listJobs(core.db).find((job) => job.kind === 'upload' && job.payload.includes(song.id));
    await expect.poll(() => ours()?.state, { timeout: 5000 }).toBe('failed');
    expect(told).toContainEqual(expect.objectContaining({ kind: 'error', title: 'Uploading moved away.wav failed' }));
    expect(await stored(song)).toMatchObject({ needsUploadRetry: true });
  });

  it('an upload of a song deleted before it ran fails once, with no retry and no "tried again later" notice', async () => {
    await device();
    await core.start();
    await core.router.dispatch('sync:run', undefined);
    const song = await songWith(writeWav(path.join(music, 'deleted.wav'), 0.2));
    const told: { title: string; body: string }[] = [];
    core.events.on('notify', (notice) => told.push(notice));
    (core.uploads as unknown as { lastRepairAt: number }).lastRepairAt = Number.NEGATIVE_INFINITY;
    await core.runner.stop();
    expect(core.uploads.repair()).toBeGreaterThanOrEqual(1);
    // A song added by hand, not from a project: deleted for good at once.
    expect(await core.router.dispatch('db:delete-song', { id: song.id })).toMatchObject({ ok: true, data: { outcome: 'deleted' } });
    core.runner.start();
    const ours = () => listJobs(core.db).find((job) => job.kind === 'upload' && job.payload.includes(song.id));
    await expect.poll(() => ours()?.state, { timeout: 5000 }).toBe('failed');
    expect(ours()).toMatchObject({ attempts: 1, lastError: MESSAGES.songNotFound });
    expect(told.filter((notice) => notice.body.includes('tried again later'))).toEqual([]);
  });
});

describe('what an upload may read', () => {
  /** A folder of this computer's that the user never gave Songshelf: their home, with a secret in it. */
  function home(): { secret: string; audio: string } {
    const folder = tempDir('songshelf-home-');
    fs.mkdirSync(path.join(folder, '.ssh'));
    fs.mkdirSync(path.join(folder, 'Desktop'));
    const secret = path.join(folder, '.ssh', 'id_rsa');
    fs.writeFileSync(secret, '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----\n');
    return { secret, audio: writeWav(path.join(folder, 'Desktop', 'voice memo.wav'), 0.2) };
  }

  it('a song pulled from another computer that names a file here (outside the watched folders) is never uploaded by the repair pass', async () => {
    await device();
    const { secret, audio } = home();
    const now = Date.now();
    const pulled = (file: string) => ({
      id: newId(now),
      name: path.basename(file),
      file: { value: file, localPath: file, fileName: path.basename(file), modifiedTime: null },
      projectPath: path.dirname(file),
      source: 'directory',
      needsUploadRetry: true,
      isBeingProcessedByHandleNewProject: true,
      createdAt: now,
      modifiedAt: now,
    });
    const rows = [pulled(secret), pulled(audio)];
    const { error } = await env.pro.supabase.from('songs').insert(rows.map((data) => ({ id: data.id, data, origin: 'another-computer' })));
    expect(error).toBeNull();
    try {
      await core.start();
      await core.router.dispatch('sync:run', undefined);
      for (const row of rows) {
        // A path of the other computer's, outside the folders watched here, is not kept at all (pulled-records.ts).
        expect(await stored(row as unknown as Song)).toMatchObject({ file: null, projectPath: null, needsUploadRetry: false, isBeingProcessedByHandleNewProject: false });
      }
      (core.uploads as unknown as { lastRepairAt: number }).lastRepairAt = Number.NEGATIVE_INFINITY;
      expect(core.uploads.repair()).toBe(0);
      await core.runner.whenIdle();
      expect(await cloudObjects()).toEqual([]);
    } finally {
      await env.pro.supabase.from('songs').delete().eq('user_id', env.pro.userId);
    }
  });

  it('audio outside the watched folders and the app’s data is refused, even when linked on this computer', async () => {
    await device();
    const { audio } = home();
    const song = await songWith(audio);
    expect(await core.router.dispatch('songs:upload', { id: song.id })).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(await stored(song)).toMatchObject({ needsUploadRetry: false });
    expect(await cloudObjects()).toEqual([]);
  });

  it('a file inside a watched folder whose content is not audio is refused, whatever its name says', async () => {
    await device();
    const fake = path.join(music, 'mix.wav');
    fs.copyFileSync(home().secret, fake);
    const song = await songWith(fake);
    expect(await core.router.dispatch('songs:upload', { id: song.id })).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(await stored(song)).toMatchObject({ needsUploadRetry: false });
    const notAudio = path.join(music, 'notes.txt');
    fs.writeFileSync(notAudio, 'RIFF....WAVE but a text file');
    expect(await core.router.dispatch('songs:upload', { id: (await songWith(notAudio)).id })).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(await cloudObjects()).toEqual([]);
  });
});

describe('the spec’s numbers for uploads', () => {
  const uploadJobs = () => listJobs(core.db).filter((job) => job.kind === 'upload');
  const songOf = (job: { payload: string }) => (JSON.parse(job.payload) as { songId: string }).songId;
  /** Uploads of audio that reached the proxy since `from` (the folder listing and signing are other paths). */
  const sentUploads = (from: number) =>
    env.proxy.log.slice(from).filter((entry) => entry.method === 'POST' && entry.path.startsWith(`/storage/v1/object/audio-files/${env.pro.userId}/`));

  it('no more than 3 uploads run at once (spec section 9)', async () => {
    await device({ timeoutSeconds: 2, repairIntervalMs: 0 });
    await core.start();
    await core.router.dispatch('sync:run', undefined);
    for (let i = 0; i < 6; i += 1) await songWith(writeWav(path.join(music, `at once ${i}.wav`), 0.2));
    // The first three uploads to reach the cloud hang until they time out: their jobs keep their places meanwhile.
    let held = 0;
    env.proxy.rule((method, url) => (method === 'POST' && url.startsWith('/storage/v1/object/audio-files/') && held++ < 3 ? 'hang' : null));
    const running = () => uploadJobs().filter((job) => job.state === 'running').length;
    let most = 0;
    core.events.on('jobs:changed', () => (most = Math.max(most, running())));
    expect(core.uploads.repair()).toBe(6);
    await expect.poll(() => held, { timeout: 5000 }).toBe(3);
    expect(running()).toBe(3);
    expect(uploadJobs().filter((job) => job.state === 'queued')).toHaveLength(3);
    await expect.poll(() => uploadJobs().map((job) => job.state), { timeout: 15_000 }).toEqual(Array(6).fill('succeeded'));
    expect(most).toBe(3);
    expect(await cloudObjects()).toHaveLength(6);
  }, 30_000);

  it('the newest 100 upload results are remembered; the 101st evicts the oldest, which is then sent again', async () => {
    await device();
    const songs: Song[] = [];
    for (let i = 0; i < 101; i += 1) songs.push(await songWith(writeWav(path.join(music, `take ${String(i).padStart(3, '0')}.wav`), 0.01)));
    for (const song of songs.slice(0, 100)) expect(await upload(song)).toMatchObject({ uploadSuccess: true });
    // 100 results: the oldest is still remembered, nothing is sent.
    let from = env.proxy.log.length;
    await upload(songs[0]!);
    expect(sentUploads(from)).toEqual([]);
    await upload(songs[100]!);
    from = env.proxy.log.length;
    for (const song of songs.slice(1)) await upload(song);
    expect(sentUploads(from)).toEqual([]);
    // The oldest was evicted by the 101st: it goes up again.
    from = env.proxy.log.length;
    expect(await upload(songs[0]!)).toMatchObject({ uploadSuccess: true });
    expect(sentUploads(from).map((entry) => entry.path)).toEqual([`/storage/v1/object/audio-files/${env.pro.userId}/${songs[0]!.id}/take_000.wav`]);
  }, 60_000);

  it('the repair pass skips the last 100 songs it handled, no more: past 100, the oldest are offered again', async () => {
    await device({ repairIntervalMs: 0 });
    await core.start();
    await core.router.dispatch('sync:run', undefined);
    // Nothing runs: every song keeps needsUploadRetry, and each pass's new jobs say which songs it offered.
    await core.runner.stop();
    for (let i = 0; i < 110; i += 1) await songWith(writeWav(path.join(music, `retry ${i}.wav`), 0.01));
    const offered: string[] = [];
    let seen = 0;
    while (offered.length < 110) {
      expect(core.uploads.repair()).toBeGreaterThan(0);
      const jobs = uploadJobs();
      offered.push(...jobs.slice(seen).map(songOf));
      seen = jobs.length;
    }
    expect(new Set(offered).size).toBe(110);
    // Every song offered once; the 100 offered last are remembered. Clear the queue so a new offer makes a new job.
    for (const job of uploadJobs()) core.runner.cancel(job.id);
    expect(core.uploads.repair()).toBe(10);
    expect(uploadJobs().slice(seen).map(songOf).sort()).toEqual(offered.slice(0, 10).sort());
  }, 30_000);

  it('a signed address to play cloud audio is valid for 3600 seconds (spec section 7 and 9)', async () => {
    await device();
    const song = await songWith(writeWav(path.join(music, 'signed.wav'), 0.2));
    await upload(song);
    const before = Math.floor(Date.now() / 1000);
    const signed = await core.router.dispatch('songs:cloud-audio-url', { id: song.id });
    const after = Math.floor(Date.now() / 1000);
    if (!signed.ok) throw new Error(signed.error.message);
    // The local cloud signs the expiry it was asked for into the token (cloud/local/signed-urls.ts).
    const token = new URL((signed.data as { url: string }).url).searchParams.get('token')!;
    const { exp } = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { exp: number };
    expect(exp - 3600).toBeGreaterThanOrEqual(before);
    expect(exp - 3600).toBeLessThanOrEqual(after);
  });

  it('the storage folder is listed 1000 objects a request (spec section 9): 1000 take one request, 1001 take two, and all count', async () => {
    // 1000 objects of 10 bytes in ana's folder, written by the cloud's owner (the upload path would take minutes).
    await env.cloud.db.asOwner((tx) =>
      tx.query(
        `insert into storage.objects (bucket_id, name, content, metadata)
         select 'audio-files', $1 || '/seeded ' || lpad(i::text, 4, '0') || '.wav', decode(repeat('00', 10), 'hex'), '{"mimetype": "audio/wav", "size": 10}'::jsonb
         from generate_series(1, 1000) as i`,
        [env.pro.userId],
      ),
    );
    try {
      const lists = (from: number) => env.proxy.log.slice(from).filter((entry) => entry.path === '/storage/v1/object/list-v2/audio-files');
      await device();
      let from = env.proxy.log.length;
      const first = await upload(await songWith(writeWav(path.join(music, 'first.wav'), 0.2)));
      expect(first).toMatchObject({ uploadSuccess: true });
      // 1000 answered in one page, which says no page follows.
      expect(lists(from)).toHaveLength(1);
      await core.close();

      // A new device reads the folder afresh: 1001 objects take a second page (at most 1000 a page).
      await device();
      from = env.proxy.log.length;
      const second = await upload(await songWith(writeWav(path.join(music, 'second.wav'), 0.2)));
      expect(second).toMatchObject({ uploadSuccess: true });
      expect(lists(from)).toHaveLength(2);
      expect(await core.router.dispatch('db:get-storage-usage', undefined)).toEqual({ ok: true, data: { bytes: 1000 * 10 + first.fileSize + second.fileSize } });
    } finally {
      await env.cloud.db.asOwner((tx) => tx.query(`delete from storage.objects where bucket_id = 'audio-files' and name like $1`, [`${env.pro.userId}/%`]));
    }
  }, 60_000);
});

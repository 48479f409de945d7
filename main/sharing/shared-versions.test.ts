// A chosen version of a song shared on its own (issue 33), through the real local cloud and real ffmpeg: the bounces a
// link may play, the chosen one sent up to its own object and heard by a listener with its date and waveform, every
// other file refused, a version removed when the last link playing it is revoked or has expired (found when a link is
// made, or by the hourly sweep), and the versions gone with their song.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ShareVersion } from '../../common/cloud/shares';
import type { Song } from '../../common/songs/song';
import { accessToken, cloudClient, useProxiedCloud } from '../../cloud/local/test-support';
import { tempDir } from '../../db/test-support';
import { getSongs } from '../../db/repositories/songs';
import { writeAls } from '../../fixtures/generators/als';
import { writeWav } from '../../fixtures/generators/wav';
import { call, createTestCore, trustFolder, type TestCore } from '../test-support';
import { NOT_A_VERSION } from './shared-versions';

const env = useProxiedCloud();
const cores: TestCore[] = [];
afterEach(async () => {
  await Promise.all(cores.splice(0).map((core) => core.close()));
});

const DAY = 86_400_000;

/** A file written with a modified time `daysAgo` days back. */
function written(file: string, daysAgo: number, write: (file: string) => void = (target) => writeWav(target, 3, 8000)): string {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  write(file);
  const time = new Date(Date.now() - daysAgo * DAY);
  fs.utimesSync(file, time, time);
  return file;
}

/** A computer signed in as the pro user, its clock `clockOffsetMs` off the cloud's. */
async function proDevice(clockOffsetMs = 0): Promise<{ core: TestCore; music: string }> {
  const core = createTestCore(tempDir(), {
    now: () => Date.now() + clockOffsetMs,
    cloud: () => ({
      endpoint: { url: env.proxy.url, anonKey: env.cloud.anonKey, local: true },
      starting: false,
    }),
    sync: { requestTimeoutMs: 1500, schedule: { timers: false } },
    uploads: { timers: false },
    websiteOrigin: 'http://127.0.0.1:5174',
  });
  cores.push(core);
  const music = fs.realpathSync(tempDir('songshelf-music-'));
  trustFolder(core, music);
  await core.router.dispatch('sync:session', {
    session: {
      userId: env.pro.userId,
      accessToken: await accessToken(env.pro.supabase),
    },
  });
  return { core, music };
}

const versionObjects = async (songId: string) =>
  (
    await env.cloud.db.asOwner((tx) =>
      tx.query<{ name: string }>(`select name from storage.objects where bucket_id = 'audio-files' and name like $1 order by name`, [
        `${env.pro.userId}/${songId}/versions/%`,
      ]),
    )
  ).rows.map((row) => row.name);

describe('sharing a chosen version of a song', () => {
  it('offers the project’s bounces, shares the one chosen as its own object, and plays it to a listener with its date and waveform', async () => {
    const { core, music } = await proDevice();
    const project = path.join(music, 'Night Drive Project');
    written(path.join(project, 'Night Drive.als'), 1, (file) => fs.writeFileSync(file, 'set'));
    const current = written(path.join(project, 'Night Drive.wav'), 1);
    const first = written(path.join(project, 'Bounced Files', 'Night Drive v1.wav'), 30);
    const second = written(path.join(project, 'Exports', 'Night Drive v2.mp3'), 10, (file) =>
      fs.copyFileSync(writeWav(path.join(music, 'tmp.wav'), 2, 8000), file),
    );
    fs.rmSync(path.join(music, 'tmp.wav'));
    // Not versions: the DAW's backups, our own compressed copies, a text file, a file beside the project (another song).
    written(path.join(project, 'Backup', 'Night Drive old.wav'), 40);
    written(path.join(project, 'Bounced Files', 'Night Drive v1_compressed.mp3'), 5, (file) => fs.writeFileSync(file, 'x'));
    written(path.join(project, 'notes.txt'), 5, (file) => fs.writeFileSync(file, 'notes'));
    const elsewhere = written(path.join(music, 'Other Song.wav'), 2);

    const song = await call<Song>(core, 'db:add-song', {
      name: 'Night Drive',
      projectPath: project,
      file: {
        value: current,
        localPath: current,
        fileName: 'Night Drive.wav',
        modifiedTime: null,
      },
    });
    const lone = await call<Song>(core, 'db:add-song', {
      name: 'Other Song',
      projectPath: elsewhere,
      file: {
        value: elsewhere,
        localPath: elsewhere,
        fileName: 'Other Song.wav',
        modifiedTime: null,
      },
    });
    expect(
      (
        await call<ShareVersion[]>(core, 'songs:share-versions', {
          id: song.id,
        })
      ).map(({ name, current: isCurrent, time }) => [name, isCurrent, Math.round((Date.now() - time) / DAY)]),
    ).toEqual([
      ['Night Drive.wav', true, 1],
      ['Night Drive v2.mp3', false, 10],
      ['Night Drive v1.wav', false, 30],
    ]);
    // A lone audio file has no other version: the files beside it are other songs.
    expect(
      (
        await call<ShareVersion[]>(core, 'songs:share-versions', {
          id: lone.id,
        })
      ).map((version) => version.name),
    ).toEqual(['Other Song.wav']);

    // A song not yet in the cloud cannot be shared: nothing goes up for it.
    expect(await core.router.dispatch('songs:share', { id: song.id, versionPath: first })).toMatchObject({ ok: false, error: { message: 'That song is not in your cloud library: sync it first.' } });
    expect(await versionObjects(song.id)).toEqual([]);
    await call(core, 'sync:run');
    // Anything but one of the song's bounces is refused before a byte goes up: another song's audio, a file outside
    // the library, a path that climbs out of the project.
    for (const versionPath of [elsewhere, '/etc/passwd', path.join(project, 'Bounced Files', '..', '..', 'Other Song.wav'), path.join(project, 'notes.txt')]) {
      expect(await core.router.dispatch('songs:share', { id: song.id, versionPath })).toMatchObject({ ok: false, error: { message: NOT_A_VERSION } });
    }
    expect(await versionObjects(song.id)).toEqual([]);

    const latest = await call<{ token: string }>(core, 'songs:share', {
      id: song.id,
    });
    const chosen = await call<{ token: string }>(core, 'songs:share', {
      id: song.id,
      versionPath: first,
    });
    const again = await call<{ token: string }>(core, 'songs:share', {
      id: song.id,
      versionPath: second,
      allowDownload: true,
    });
    const objects = await versionObjects(song.id);
    expect(objects).toEqual([
      `${env.pro.userId}/${song.id}/versions/${Math.round(fs.statSync(first).mtimeMs)}-night_drive_v1.wav`,
      `${env.pro.userId}/${song.id}/versions/${Math.round(fs.statSync(second).mtimeMs)}-night_drive_v2.mp3`,
    ]);

    const listener = cloudClient(env.cloud);
    const page = (await listener.rpc('share_listen', { p_token: chosen.token })).data as { versionTime: number; waveform: number[]; hasAudio: boolean };
    expect(page.versionTime).toBe(Math.round(fs.statSync(first).mtimeMs));
    expect(page.hasAudio).toBe(true);
    expect(page.waveform.length).toBeGreaterThan(100);
    const audio = await listener.functions.invoke<{ url: string }>('share-audio', { body: { token: chosen.token } });
    expect(audio.error).toBeNull();
    expect(Buffer.from(await (await fetch(audio.data!.url)).arrayBuffer())).toEqual(fs.readFileSync(first));
    const secondAudio = await listener.functions.invoke<{ url: string }>('share-audio', { body: { token: again.token } });
    expect(Buffer.from(await (await fetch(secondAudio.data!.url)).arrayBuffer())).toEqual(fs.readFileSync(second));
    // The link to the latest bounce has no audio until the song's own goes up; the versions are not it.
    expect(((await listener.rpc('share_listen', { p_token: latest.token })).data as { hasAudio: boolean }).hasAudio).toBe(false);
    await call(core, 'songs:upload', { id: song.id });
    expect(((await listener.rpc('share_listen', { p_token: latest.token })).data as { hasAudio: boolean }).hasAudio).toBe(true);
    const latestAudio = await listener.functions.invoke<{ url: string }>('share-audio', { body: { token: latest.token } });
    expect(Buffer.from(await (await fetch(latestAudio.data!.url)).arrayBuffer())).toEqual(fs.readFileSync(current));

    // A revoked link's version goes when no other link that opens plays it; a second link to the same bounce keeps it.
    const chosenTwice = await call<{ token: string }>(core, 'songs:share', { id: song.id, versionPath: first });
    expect(await versionObjects(song.id)).toEqual(objects);
    await call(core, 'songs:share-revoke', { token: again.token });
    expect(await versionObjects(song.id)).toEqual([objects[0]]);
    await call(core, 'songs:share-revoke', { token: chosen.token });
    expect(await versionObjects(song.id)).toEqual([objects[0]]);
    expect(((await listener.rpc('share_listen', { p_token: chosenTwice.token })).data as { hasAudio: boolean }).hasAudio).toBe(true);
    // Expired (by the cloud's clock, two days back): its version goes when the next link is made.
    await env.cloud.db.asService((tx) => tx.query(`update public.shares set expires_at = now() - interval '2 days' where token_hash = public.share_token_hash($1)`, [chosenTwice.token]));
    const later = await call<{ token: string }>(core, 'songs:share', { id: song.id, versionPath: second });
    expect(await versionObjects(song.id)).toEqual([objects[1]]);
    expect(((await listener.rpc('share_listen', { p_token: later.token })).data as { hasAudio: boolean }).hasAudio).toBe(true);
    // A link that just expires, with no link made or revoked after it: the hourly sweep frees its version.
    await env.cloud.db.asService((tx) => tx.query(`update public.shares set expires_at = now() - interval '2 days' where token_hash = public.share_token_hash($1)`, [later.token]));
    await core.versionSweep.sweep();
    expect(await versionObjects(song.id)).toEqual([]);

    // The song deleted for good takes its versions with it (the links then have no audio).
    const last = await call<{ token: string }>(core, 'songs:share', { id: song.id, versionPath: first });
    expect(await versionObjects(song.id)).toEqual([objects[0]]);
    for (let outcome = ''; outcome !== 'deleted';) outcome = (await call<{ outcome: string }>(core, 'db:delete-song', { id: song.id })).outcome;
    await vi.waitFor(async () => expect(await versionObjects(song.id)).toEqual([]), { timeout: 10_000 });
    expect(((await listener.rpc('share_listen', { p_token: last.token })).data as { hasAudio: boolean }).hasAudio).toBe(false);
  });
});

describe('the versions no link plays any more, by the cloud’s clock', () => {
  // A computer's clock days ahead once removed the version of a link still open (a day's margin was all it allowed).
  it('keeps a version while its link opens, and frees it an hour after its end, on a computer whose clock is two days ahead', async () => {
    const { core, music } = await proDevice(2 * DAY);
    const project = path.join(music, 'Ahead Project');
    written(path.join(project, 'Ahead.als'), 1, (file) => fs.writeFileSync(file, 'set'));
    const current = written(path.join(project, 'Ahead.wav'), 1);
    const bounce = written(path.join(project, 'Bounced Files', 'Ahead v1.wav'), 5);
    const song = await call<Song>(core, 'db:add-song', { name: 'Ahead', projectPath: project, file: { value: current, localPath: current, fileName: 'Ahead.wav', modifiedTime: null } });
    await call(core, 'sync:run');
    const link = await call<{ token: string }>(core, 'songs:share', { id: song.id, versionPath: bounce, expiresInDays: 1 });
    const objects = await versionObjects(song.id);
    expect(objects).toHaveLength(1);

    await core.versionSweep.sweep();
    expect(await versionObjects(song.id)).toEqual(objects);

    await env.cloud.db.asService((tx) => tx.query(`update public.shares set expires_at = now() - interval '1 hour' where token_hash = public.share_token_hash($1)`, [link.token]));
    await core.versionSweep.sweep();
    expect(await versionObjects(song.id)).toEqual([]);
  });
});

describe('the versions of a song in a folder of several songs’ sessions', () => {
  it('offers each song the bounces the scan gives it, whichever song keeps the folder’s path', async () => {
    const root = fs.realpathSync(tempDir('songshelf-music-'));
    const sketches = path.join(root, 'Sketches');
    written(path.join(sketches, 'Michelle.als'), 3, (file) => writeAls(file, { tempo: 100 }));
    written(path.join(sketches, 'Night Drive.als'), 2, (file) => writeAls(file, { tempo: 90 }));
    written(path.join(sketches, 'Night Drive 2.als'), 1, (file) => writeAls(file, { tempo: 92 }));
    written(path.join(sketches, 'Michelle.wav'), 3);
    written(path.join(sketches, 'Bounced Files', 'Michelle v1.wav'), 5);
    written(path.join(sketches, 'Night Drive_master.wav'), 1);
    written(path.join(sketches, 'Exports', 'Night Drive rough.wav'), 4);
    // Matches no song: the folder's main song keeps it, as the scan gives it.
    written(path.join(sketches, 'Untitled.wav'), 6);
    const core = createTestCore();
    cores.push(core);
    await core.start();
    await core.library.watchDirectory(root);
    await core.runner.whenIdle();
    const songs = getSongs(core.db);
    expect(songs.map((song) => [song.name, song.file?.fileName]).sort()).toEqual([
      ['Michelle', 'Michelle.wav'],
      ['Night Drive', 'Night Drive_master.wav'],
    ]);
    const offered = async (name: string) =>
      (await call<ShareVersion[]>(core, 'songs:share-versions', { id: (songs.find((song) => song.name === name) as Song).id })).map((version) => version.name);
    const main = songs.find((song) => song.projectPath === sketches) as Song;
    const other = songs.find((song) => song.projectPath !== sketches) as Song;
    // One of them keeps the folder's path, the other is known by its own session's path: both list only their own.
    expect(other.projectPath).toBe(path.join(sketches, `${other.name}.als`));
    expect(await offered('Michelle')).toEqual(['Michelle.wav', 'Michelle v1.wav', ...(main.name === 'Michelle' ? ['Untitled.wav'] : [])]);
    expect(await offered('Night Drive')).toEqual(['Night Drive_master.wav', 'Night Drive rough.wav', ...(main.name === 'Night Drive' ? ['Untitled.wav'] : [])]);
  });
});

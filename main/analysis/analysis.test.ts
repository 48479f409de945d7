// Hearing the songs' audio after a scan (issue 18): analysed once in the worker pool, kept by the file's
// fingerprint, so a re-scan analyses nothing and a moved bounce is not decoded again.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { analysisOf as heardIn, ANALYSIS_VERSION } from '../../common/audio/audio-analysis';
import type { Song } from '../../common/songs/song';
import { getSongs } from '../../db/repositories/songs';
import { tempDir } from '../../db/test-support';
import { synthGroove } from '../../fixtures/generators/audio-corpus';
import { writeSignalWav } from '../../fixtures/generators/wav';
import { inTransaction } from '../../db/handle';
import { insertSongs } from '../../db/repositories/song-writer';
import { execFileSync } from 'node:child_process';
import { ffmpegPath } from '../../workers/ffmpeg';
import { buildSong } from '../../db/repositories/songs';
import { listJobs } from '../jobs/queue';
import type { WorkerPool } from '../jobs/pool';
import { USER_QUIET_MS } from '../jobs/user-activity';
import { call } from '../test-support';
import { createTestCore, trustFolder, type TestCore } from '../test-support';
import { readWaveform } from './waveforms';

const cores: TestCore[] = [];
afterEach(async () => {
  await Promise.all(cores.splice(0).map((core) => core.close()));
});

async function startedCore(): Promise<TestCore> {
  const core = createTestCore(tempDir(), { library: { watch: false, periodicRescan: false, minScanGapMs: 0 } });
  cores.push(core);
  await core.start();
  return core;
}

/** As the table reads it: the stored overview is text (`storedAnalysis`), read back as numbers. */
const analysisOf = (song: Song | undefined) => (song ? (heardIn(song) ?? undefined) : undefined);
/** The analysis jobs' summaries, oldest first. */
const analyseJobResults = (core: TestCore) =>
  listJobs(core.db)
    .filter((job) => job.kind === 'analyse-audio')
    .sort((a, b) => a.id - b.id)
    .map((job) => JSON.parse(job.result ?? 'null') as unknown);

describe('the analysis of a song’s audio', () => {
  it('a bounce found by a scan is heard once: tempo, loudness, length and its waveform; a re-scan hears nothing again', async () => {
    const folder = tempDir('songshelf-bounces-');
    writeSignalWav(path.join(folder, 'Night Drive.wav'), synthGroove({ bpm: 128, pattern: 'four-on-floor', durationS: 12 }), 44_100, 2);
    const core = await startedCore();
    const { directory } = await core.library.watchDirectory(folder);
    await core.runner.whenIdle();

    const song = getSongs(core.db).find((candidate) => candidate.name === 'Night Drive');
    const analysis = analysisOf(song);
    expect(analysis).toMatchObject({ bpm: expect.closeTo(128, 0), durationS: expect.closeTo(12, 1), version: ANALYSIS_VERSION });
    expect(analysis?.lufs).toBeLessThan(-3);
    // Normalised to a -1 dBFS sample peak: the true peak lies between the samples, a little above.
    expect(analysis?.truePeak).toBeGreaterThan(-1.5);
    expect(analysis?.truePeak).toBeLessThan(1);
    expect(analysis?.overview).toHaveLength(240);
    expect((song?.meta.analysis as { overview: unknown }).overview).toEqual(expect.stringMatching(/^[0-9a-f]{480}$/));
    // A bounce with no project: the table's tempo is what was heard (the user's edit would win).
    expect(song?.tempo).toBe(String(analysis?.bpm));
    const waveform = await readWaveform(core.dataDir, analysis!.fingerprint);
    expect(waveform?.peaks.length).toBe(2 * Math.ceil((12 * 22_050) / 256));
    expect(analyseJobResults(core)).toEqual([{ analysed: 1, reused: 0, failed: [] }]);

    core.library.requestScan(directory.id);
    await core.runner.whenIdle();
    expect(analyseJobResults(core)).toHaveLength(1);
  });

  it('a song given its audio by hand (Add song, a dropped file, a new link) is heard too; audio outside the library is not read', async () => {
    const core = await startedCore();
    const folder = tempDir('songshelf-by-hand-');
    trustFolder(core, folder);
    const file = writeSignalWav(path.join(folder, 'By Hand.wav'), synthGroove({ bpm: 100, pattern: 'four-on-floor', durationS: 10 }), 44_100, 2);
    const outside = writeSignalWav(path.join(tempDir('songshelf-outside-'), 'Elsewhere.wav'), synthGroove({ bpm: 100, pattern: 'four-on-floor', durationS: 2 }), 44_100, 1);
    const linked = (target: string) => ({ value: target, localPath: target, fileName: path.basename(target), modifiedTime: null });
    const song = await call<Song>(core, 'db:add-song', { name: 'By Hand', file: linked(file) });
    const stranger = await call<Song>(core, 'db:add-song', { name: 'Elsewhere', file: linked(outside) });
    await vi.waitFor(() => expect(analysisOf(getSongs(core.db, { ids: [song.id] })[0])).toMatchObject({ bpm: expect.closeTo(100, 0), durationS: expect.closeTo(10, 1) }), { timeout: 60_000 });
    await core.runner.whenIdle();
    const heard = getSongs(core.db, { ids: [song.id] })[0]!;
    expect(heard.tempo).toBe('100');
    expect(heard.meta.audio).toMatchObject({ durationSeconds: expect.closeTo(10, 1), sampleRate: 44_100 });
    expect((await call<{ waveform: unknown }>(core, 'songs:waveform', { id: song.id })).waveform).not.toBeNull();
    // A file outside the watched folders and the app's files is never handed to a reader or a decoder.
    const readPaths = listJobs(core.db).flatMap((job) => (JSON.parse(job.payload) as { reads?: { path: string }[] }).reads ?? []).map((read) => read.path);
    expect(readPaths).toContain(file);
    expect(readPaths).not.toContain(outside);
    expect(getSongs(core.db, { ids: [stranger.id] })[0]?.meta.analysis).toBeUndefined();
    // Linked to another file, the song is heard again.
    const other = writeSignalWav(path.join(folder, 'By Hand v2.wav'), synthGroove({ bpm: 140, pattern: 'four-on-floor', durationS: 8 }), 44_100, 2);
    await call(core, 'db:update-song', { id: song.id, patch: { file: linked(other) } });
    await vi.waitFor(() => expect(analysisOf(getSongs(core.db, { ids: [song.id] })[0])).toMatchObject({ durationS: expect.closeTo(8, 1) }), { timeout: 60_000 });
  });

  it('a bounce renamed, or copied next to another project, is not decoded again', async () => {
    const folder = tempDir('songshelf-bounces-');
    const first = writeSignalWav(path.join(folder, 'Take 1.wav'), synthGroove({ bpm: 100, durationS: 8 }), 44_100);
    const core = await startedCore();
    const { directory } = await core.library.watchDirectory(folder);
    await core.runner.whenIdle();
    // As stored: the reused analysis is written in the same form, the overview as text.
    const before = getSongs(core.db).find((song) => song.name === 'Take 1')?.meta.analysis;
    expect(before).toMatchObject({ bpm: expect.closeTo(100, 0), overview: expect.stringMatching(/^[0-9a-f]{2,480}$/) });

    fs.renameSync(first, path.join(folder, 'Take 1 (final).wav'));
    core.library.requestScan(directory.id);
    await core.runner.whenIdle();
    const after = getSongs(core.db).find((song) => song.file?.fileName === 'Take 1 (final).wav')?.meta.analysis;
    expect(after).toEqual(before);
    expect(analyseJobResults(core).at(-1)).toEqual({ analysed: 0, reused: 1, failed: [] });
  });

  it('a file that is not audio is recorded with why, and not decoded at every scan', async () => {
    const folder = tempDir('songshelf-bounces-');
    fs.writeFileSync(path.join(folder, 'Broken.wav'), Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4000, 7)]));
    const core = await startedCore();
    await core.library.watchDirectory(folder);
    await core.runner.whenIdle();
    const song = getSongs(core.db).find((candidate) => candidate.name === 'Broken');
    expect(song?.meta.analysis).toMatchObject({ error: expect.stringMatching(/not a WAV file/) });
  });

  it('a Matroska file named like a WAV is never decoded: its job fails for good, once, saying it is not a WAV file', async () => {
    const folder = tempDir('songshelf-bounces-');
    const mkv = path.join(folder, 'mix.mkv');
    execFileSync(ffmpegPath(), ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=6', '-c:a', 'flac', mkv]);
    fs.renameSync(mkv, path.join(folder, 'mix.wav'));
    const core = await startedCore();
    await core.library.watchDirectory(folder);
    await core.runner.whenIdle();

    const song = getSongs(core.db).find((candidate) => candidate.name === 'mix');
    expect(song?.meta.analysis).toEqual({ error: expect.stringContaining('not a WAV file'), fingerprint: expect.any(String) });
    const jobs = listJobs(core.db).filter((job) => job.kind === 'analyse-audio');
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ state: 'failed', attempts: 1, lastError: expect.stringContaining('mix.wav is not a WAV file') });
  });

  it('the player gets the waveform of an analysed song; a fingerprint from elsewhere names no file', async () => {
    const folder = tempDir('songshelf-bounces-');
    writeSignalWav(path.join(folder, 'Drawn.wav'), synthGroove({ bpm: 120, durationS: 10 }), 44_100);
    const core = await startedCore();
    await core.library.watchDirectory(folder);
    await core.runner.whenIdle();
    const drawn = getSongs(core.db).find((song) => song.name === 'Drawn')!;
    const { waveform } = await call<{ waveform: { durationS: number; peaks: number[] } | null }>(core, 'songs:waveform', { id: drawn.id });
    expect(waveform?.durationS).toBeCloseTo(10, 1);
    expect(waveform?.peaks).toHaveLength(2 * Math.ceil((10 * 22_050) / 256));

    // As a song pulled from the cloud could be stored: its analysis names a path, not a fingerprint.
    fs.writeFileSync(path.join(core.dataDir, 'secret.dat'), 'not for the page');
    const pulled = { ...buildSong({ name: 'Pulled' }, Date.now()), meta: { analysis: { ...analysisOf(drawn), fingerprint: '../secret' } } };
    inTransaction(core.db, () => insertSongs(core.db, [pulled as never]));
    expect(await call(core, 'songs:waveform', { id: pulled.id })).toEqual({ waveform: null });
  });

  it('waits while the user works in a window, and hears the bounce once they pause', async () => {
    // The user's clock (the core's UserActivity reads performance.now) moves only when the test moves it: the user
    // acted "just now" however long the machine takes, and pauses when the test says so. Every other timer is real.
    vi.useFakeTimers({ toFake: ['performance'] });
    try {
      const folder = tempDir('songshelf-bounces-');
      writeSignalWav(path.join(folder, 'Busy Hands.wav'), synthGroove({ bpm: 110, durationS: 6 }), 44_100);
      const core = await startedCore();
      const analysed = () => getSongs(core.db).find((song) => song.name === 'Busy Hands')?.meta.analysis;
      const analysing = () => listJobs(core.db).some((job) => job.kind === 'analyse-audio' && job.state === 'running');
      // Watched, not replaced: the user's wait and the pool the library decodes in.
      const waits = vi.spyOn(core.runner.userActivity, 'quiet');
      const pool = vi.spyOn((core.library as unknown as { pool: WorkerPool }).pool, 'run');
      const decodes = () => pool.mock.calls.filter(([task]) => task.kind === 'analyse-audio').length;
      await call(core, 'jobs:user-active');
      await core.library.watchDirectory(folder);
      // The analysis comes to the bounce and waits for the user's pause: its decode is not even asked of the pool (a
      // job that did not wait would have asked it in the same turn as it called the wait).
      await vi.waitFor(() => expect(waits).toHaveBeenCalled(), { timeout: 20_000, interval: 20 });
      expect(decodes()).toBe(0);
      // The user keeps scrolling, a report every 200 ms (a page sends them at most every 500 ms), 1.4 s on: never
      // 1.5 s quiet, so the wait cannot end whatever the real time.
      for (let i = 0; i < 7; i++) {
        vi.advanceTimersByTime(200);
        await call(core, 'jobs:user-active');
      }
      expect(decodes()).toBe(0);
      expect(analysed()).toBeUndefined();
      expect(analysing()).toBe(true);

      // They pause: the analysis goes on and hears it.
      vi.advanceTimersByTime(USER_QUIET_MS);
      await core.runner.whenIdle();
      expect(decodes()).toBe(1);
      expect(analysed()).toMatchObject({ bpm: expect.closeTo(110, 0) });
    } finally {
      vi.useRealTimers();
    }
  });
});

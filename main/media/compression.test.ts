import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeWav } from '../../fixtures/generators/wav';
import { COMPRESSION_ERRORS, type CompressionResult } from '../../common/cloud/upload-rules';
import { tempDir } from '../../db/test-support';
import { ffmpegProcesses, ffmpegStarted } from '../../workers/ffmpeg-test-support';
import { createWorkerPool, type WorkerPool } from '../jobs/pool';
import { createTestCore, TEST_WORKER_FILE, trustFolder, type TestCore } from '../test-support';
import { AudioCompressor } from './compression';

let core: TestCore;
let music: string;
beforeEach(async () => {
  core = createTestCore(tempDir(), { compression: { retryDelayMs: 10 } });
  music = tempDir('songshelf-music-');
  trustFolder(core, music);
});
afterEach(() => core.close());

function startsWith(file: string, bytes: number[]): boolean {
  const head = fs.readFileSync(file).subarray(0, bytes.length);
  return bytes.every((byte, index) => head[index] === byte);
}

describe('compressAudio', () => {
  it('compresses a WAV over 5 MB to a 192k mp3 in the app folder, leaving the original alone', async () => {
    // 32 s of 44.1 kHz stereo: 5.6 MB.
    const bounce = writeWav(path.join(music, 'Night Drive.wav'), 32, 44_100, 2);
    const originalSize = fs.statSync(bounce).size;
    const result = await core.router.dispatch('compressAudio', { path: bounce });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const copy = result.data as CompressionResult;
    expect(copy).toMatchObject({ compressed: true, format: 'mp3', bitrate: '192k', originalSize });
    expect(path.dirname(copy.path)).toBe(path.join(core.dataDir, 'compressed'));
    expect(copy.path).toMatch(/night_drive-[0-9a-f]{8}_compressed\.mp3$/);
    expect(fs.statSync(copy.path).size).toBe(copy.size);
    // 192 kbit/s of 32 s is about 770 KB; the WAV is 5.6 MB.
    expect(copy.compressionRatio).toBeGreaterThan(0.1);
    expect(copy.compressionRatio).toBeLessThan(0.2);
    expect(startsWith(copy.path, [0x49, 0x44, 0x33]) || startsWith(copy.path, [0xff])).toBe(true);
    expect(fs.statSync(bounce).size).toBe(originalSize);
    expect(fs.readdirSync(path.dirname(copy.path)).filter((name) => name.endsWith('.part'))).toEqual([]);
  });

  it('skips a file under 5 MB and a file already in a compressed format', async () => {
    const small = writeWav(path.join(music, 'sketch.wav'), 2);
    const mp3 = path.join(music, 'demo.mp3');
    fs.writeFileSync(mp3, Buffer.alloc(6 * 1024 * 1024, 1));
    for (const file of [small, mp3]) {
      const result = await core.router.dispatch('compressAudio', { path: file });
      expect(result).toMatchObject({ ok: true, data: { path: file, compressed: false, compressionRatio: null, bitrate: null } });
    }
    expect(fs.existsSync(path.join(core.dataDir, 'compressed'))).toBe(false);
  });

  it('writes aac and ogg when asked, and refuses any other format with "Unsupported format"', async () => {
    const bounce = writeWav(path.join(music, 'loop.wav'), 32, 44_100, 2);
    const aac = await core.compressor.compress(bounce, { format: 'aac' });
    expect(aac.path).toMatch(/_compressed\.aac$/);
    expect(startsWith(aac.path, [0xff])).toBe(true);
    const ogg = await core.compressor.compress(bounce, { format: 'ogg' });
    expect(ogg.path).toMatch(/_compressed\.ogg$/);
    expect(startsWith(ogg.path, [...Buffer.from('OggS')])).toBe(true);
    const flac = await core.router.dispatch('compressAudio', { path: bounce, format: 'flac' });
    expect(flac).toEqual({ ok: false, error: { code: 'invalid_input', message: COMPRESSION_ERRORS.unsupportedFormat } });
  });

  it('tries a file ffmpeg cannot read twice, then answers "All compression attempts failed" and leaves nothing behind', async () => {
    const corrupt = path.join(music, 'broken.wav');
    fs.writeFileSync(corrupt, Buffer.alloc(6 * 1024 * 1024, 7));
    // The real pool, with each ffmpeg run it is given counted.
    const pool = createWorkerPool({ workerFile: TEST_WORKER_FILE, threads: 1 });
    const runs: string[] = [];
    const counting: WorkerPool = { ...pool, run: (task, signal) => (runs.push(task.kind), pool.run(task, signal)) };
    try {
      const compressor = new AudioCompressor(counting, core.dataDir, { retryDelayMs: 10 });
      const failed = await compressor.compress(corrupt).catch((error: unknown) => error);
      expect(failed).toMatchObject({ code: 'compression_failed', message: expect.stringMatching(new RegExp(`^${COMPRESSION_ERRORS.allAttemptsFailed} \\(${COMPRESSION_ERRORS.failed}`)) });
      expect(runs).toEqual(['compress-audio', 'compress-audio']);
      expect(fs.readdirSync(path.join(core.dataDir, 'compressed'))).toEqual([]);
    } finally {
      await pool.destroy();
    }
  });

  it('cancelling a compression stops its ffmpeg: none is left running once the call has settled', async () => {
    // Two minutes of 44.1 kHz stereo: seconds of encoding.
    const bounce = writeWav(path.join(music, 'Long Take.wav'), 120, 44_100, 2);
    const controller = new AbortController();
    const compressing = core.compressor.compress(bounce, { signal: controller.signal });
    await ffmpegStarted(bounce);
    controller.abort();
    await expect(compressing).rejects.toThrow(/abort/i);
    expect(ffmpegProcesses(bounce)).toEqual([]);
    expect(fs.readdirSync(path.join(core.dataDir, 'compressed'))).toEqual([]);
  });

  it('answers "Input file not accessible" for a file that is gone, and refuses files outside the library', async () => {
    await expect(core.compressor.compress(path.join(music, 'gone.wav'))).rejects.toThrow(COMPRESSION_ERRORS.inputNotAccessible);
    expect(await core.router.dispatch('compressAudio', { path: '/etc/passwd' })).toMatchObject({ ok: false, error: { code: 'forbidden' } });
  });
});

describe('deleteFile', () => {
  it('deletes a compressed copy, and refuses any other file whatever the path says', async () => {
    const bounce = writeWav(path.join(music, 'take.wav'), 32, 44_100, 2);
    const copy = await core.compressor.compress(bounce);
    expect(copy.compressed).toBe(true);
    expect(await core.router.dispatch('deleteFile', { path: copy.path })).toEqual({ ok: true, data: { deleted: true } });
    expect(fs.existsSync(copy.path)).toBe(false);
    expect(await core.router.dispatch('deleteFile', { path: copy.path })).toEqual({ ok: true, data: { deleted: false } });

    const escapes = [bounce, path.join(core.dataDir, 'compressed', '..', 'songshelf.db'), path.join(core.dataDir, 'compressed')];
    for (const target of escapes) {
      expect(await core.router.dispatch('deleteFile', { path: target })).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    }
    expect(fs.existsSync(bounce)).toBe(true);
  });
});

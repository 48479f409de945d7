import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeWav } from '../../fixtures/generators/wav';
import { COMPRESSION_ERRORS } from '../../common/cloud/upload-rules';
import { compressAudio } from './compress-audio';
import { execFileSync } from 'node:child_process';
import { ffmpegPath, runFfmpeg } from '../ffmpeg';
import { ffmpegProcesses, ffmpegStarted } from '../ffmpeg-test-support';

let folder: string;
beforeEach(() => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'songshelf-compress-'));
});
afterEach(() => fs.rmSync(folder, { recursive: true, force: true }));

/** Two minutes of 44.1 kHz stereo (21 MB): seconds of encoding, long enough to stop midway. */
function longBounce(): string {
  return writeWav(path.join(folder, 'long take.wav'), 120, 44_100, 2);
}

describe('compressAudio limits', () => {
  it('kills ffmpeg when the run passes its time limit, and answers why, leaving no partial file', async () => {
    const input = longBounce();
    const output = path.join(folder, 'out.mp3');
    const outcome = await compressAudio(input, output, '192k', 'mp3', { timeLimitMs: 300 });
    expect(outcome).toEqual({ ok: false, reason: COMPRESSION_ERRORS.failed, detail: 'ffmpeg ran longer than its time limit of 0.3 s and was stopped' });
    expect(ffmpegProcesses(folder)).toEqual([]);
    expect(fs.readdirSync(folder)).toEqual(['long take.wav']);
  });

  it('kills ffmpeg as soon as the run is cancelled', async () => {
    const input = longBounce();
    const controller = new AbortController();
    const running = compressAudio(input, path.join(folder, 'out.mp3'), '192k', 'mp3', { signal: controller.signal });
    await ffmpegStarted(folder);
    controller.abort();
    expect(await running).toEqual({ ok: false, reason: COMPRESSION_ERRORS.failed, detail: 'cancelled' });
    expect(ffmpegProcesses(folder)).toEqual([]);
    expect(fs.readdirSync(folder)).toEqual(['long take.wav']);
  });

  it('stops an output that reaches its cap and refuses it', async () => {
    const input = writeWav(path.join(folder, 'take.wav'), 32, 44_100, 2);
    const outcome = await compressAudio(input, path.join(folder, 'out.mp3'), '192k', 'mp3', { maxOutputBytes: 64 * 1024 });
    expect(outcome).toEqual({ ok: false, reason: COMPRESSION_ERRORS.failed, detail: 'the output reached its cap of 64 KB and was refused' });
    expect(fs.readdirSync(folder)).toEqual(['take.wav']);
  });

  it('a run within its limits writes the copy', async () => {
    const input = writeWav(path.join(folder, 'short.wav'), 4, 44_100, 2);
    const outcome = await compressAudio(input, path.join(folder, 'out.mp3'), '192k', 'mp3');
    expect(outcome).toMatchObject({ ok: true, value: { path: path.join(folder, 'out.mp3') } });
  });
});

describe('compressAudio inputs', () => {
  it('refuses a Matroska file named .wav before ffmpeg sees it, saying it is not a WAV file', async () => {
    const mkv = path.join(folder, 'mix.mkv');
    execFileSync(ffmpegPath(), ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=2', '-c:a', 'flac', mkv]);
    const disguised = path.join(folder, 'mix.wav');
    fs.renameSync(mkv, disguised);
    const outcome = await compressAudio(disguised, path.join(folder, 'out.mp3'), '192k', 'mp3');
    expect(outcome).toEqual({ ok: false, reason: COMPRESSION_ERRORS.failed, detail: expect.stringContaining('mix.wav is not a WAV file') });
    expect(fs.readdirSync(folder)).toEqual(['mix.wav']);
  });

  it('compresses FLAC, AIFF and MP3 bounces through their own demuxers', async () => {
    const wav = writeWav(path.join(folder, 'take.wav'), 2, 44_100, 2);
    for (const [name, codec] of [['take.flac', 'flac'], ['take.aif', 'pcm_s16be'], ['take.mp3', 'libmp3lame']] as const) {
      const input = path.join(folder, name);
      execFileSync(ffmpegPath(), ['-hide_banner', '-loglevel', 'error', '-i', wav, '-c:a', codec, ...(name.endsWith('.aif') ? ['-f', 'aiff'] : []), input]);
      expect(await compressAudio(input, path.join(folder, `${name}.ogg`), '128k', 'ogg'), name).toMatchObject({ ok: true });
    }
  });

  it('ffmpeg takes no input without its demuxer named and its protocols and codecs listed', () => {
    expect(() => runFfmpeg(['-i', path.join(folder, 'any.wav'), '-f', 'null', '-'], { timeLimitMs: 1000 })).toThrow(/missing -f, -protocol_whitelist, -codec_whitelist/);
  });
});

// Issue 42, item 6: a stream's rate and channels are judged by one rule before any decoder opens it, and again on
// what a decoder answers before anything is made for its samples; a decode's buffers stop at a bound. Every file
// here is real (written by the bundled ffmpeg or the WAV writer) with one header field changed, and each refusal is
// asserted by its own words, which only the rule (or the bound) gives: a decoder reached would have answered
// otherwise. An MP3 has no such case: its frame header names its rate from MPEG's table (8 to 48 kHz) and its
// channels as one or two, so no MP3 can declare what the rule refuses.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeWav } from '../../fixtures/generators/wav';
import { ffmpegPath } from '../ffmpeg';
import { decodeForAnalysis } from './decode';
import { wasmFrames } from './wasm-decoders';

const limits = { timeLimitMs: 60_000 };
const DECODERS = ['auto', 'ffmpeg'] as const;
const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'songshelf-bounds-'));

/** A file written by the bundled ffmpeg from its own test source (`lavfi`). */
function generate(file: string, source: string, options: string[]): string {
  execFileSync(ffmpegPath(), ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', source, ...options, file]);
  return file;
}

/** Changes `file`'s bytes in place, nothing else. */
function patch(file: string, change: (bytes: Buffer) => void): string {
  const bytes = fs.readFileSync(file);
  change(bytes);
  fs.writeFileSync(file, bytes);
  return file;
}

/** STREAMINFO's sample rate: 20 bits from byte 18 ('fLaC', the block header, then 10 bytes of block and frame sizes). */
function setStreamInfoRate(bytes: Buffer, rate: number): void {
  expect(bytes.toString('latin1', 0, 4)).toBe('fLaC');
  expect(bytes[4]! & 0x7f, 'STREAMINFO comes first').toBe(0);
  bytes[18] = (rate >> 12) & 0xff;
  bytes[19] = (rate >> 4) & 0xff;
  bytes[20] = (bytes[20]! & 0x0f) | ((rate & 0x0f) << 4);
}

/** The body's offset of the first chunk `id` of a RIFF or IFF file (ffmpeg writes `fmt ` and `COMM` first). */
function chunkBody(bytes: Buffer, id: string): number {
  const at = bytes.indexOf(id, 12, 'latin1');
  expect(at).toBeGreaterThan(0);
  return at + 8;
}

async function everyDecoder(file: string, extra: { maxSeconds?: number } = {}) {
  const outcomes = [];
  for (const decoder of DECODERS) outcomes.push(await decodeForAnalysis(file, { ...limits, ...extra, decoder }));
  return outcomes;
}

describe('a stream whose rate or channels no audio has is refused before it is decoded', () => {
  it.each([1, 2, 3, 4])('a FLAC whose STREAMINFO declares %i Hz, by every decoder, before either opens it', async (rate) => {
    const flac = generate(path.join(tempDir(), 'tone.flac'), 'sine=frequency=440:sample_rate=44100:duration=1', ['-ac', '2', '-c:a', 'flac']);
    patch(flac, (bytes) => setStreamInfoRate(bytes, rate));
    // Its frames still name 44.1 kHz, which both decoders would follow: only the check of the header answers this.
    const reason = `The FLAC file’s sample rate (${rate} Hz) is not one audio uses.`;
    expect(await everyDecoder(flac)).toEqual([
      { ok: false, reason },
      { ok: false, reason },
    ]);
  });

  it('a FLAC encoded at 2 Hz, refused by its header, and by the rate its decoder answers when its header lies', async () => {
    const dir = tempDir();
    // Ten minutes at 2 Hz, every frame naming 2 Hz: before, the loudness meter's segment was 0 frames and it grew for ever.
    const slow = generate(path.join(dir, 'slow.flac'), 'sine=frequency=0.2:sample_rate=2:duration=600', ['-ac', '2', '-c:a', 'flac']);
    const reason = 'The FLAC file’s sample rate (2 Hz) is not one audio uses.';
    expect(await everyDecoder(slow)).toEqual([
      { ok: false, reason },
      { ok: false, reason },
    ]);
    // STREAMINFO made to say 44.1 kHz: the header passes, and the WebAssembly decoder answers the frames' 2 Hz.
    const disguised = path.join(dir, 'disguised.flac');
    fs.copyFileSync(slow, disguised);
    patch(disguised, (bytes) => setStreamInfoRate(bytes, 44_100));
    expect(await decodeForAnalysis(disguised, limits)).toEqual({ ok: false, reason });
  });

  it.each([
    ['a WAV of 0 channels', 'stereo.wav', (bytes: Buffer) => bytes.writeUInt16LE(0, chunkBody(bytes, 'fmt ') + 2), 'The WAV file’s channel count (0) is not one audio uses: Songshelf analyses 1 to 32.'],
    // More than eight channels was handed to ffmpeg, which failed on it with words of its own.
    ['a WAV of 33 channels', 'stereo.wav', (bytes: Buffer) => bytes.writeUInt16LE(33, chunkBody(bytes, 'fmt ') + 2), 'The WAV file’s channel count (33) is not one audio uses: Songshelf analyses 1 to 32.'],
    // A-law is left to ffmpeg by the WAV reader, which so never looked at its rate.
    ['an a-law WAV at 2 Hz', 'alaw.wav', (bytes: Buffer) => bytes.writeUInt32LE(2, chunkBody(bytes, 'fmt ') + 4), 'The WAV file’s sample rate (2 Hz) is not one audio uses.'],
    // 2.0 as an 80-bit extended float: exponent 16384, the mantissa's integer bit alone.
    ['an AIFF at 2 Hz', 'tone.aiff', (bytes: Buffer) => Buffer.from('40008000000000000000', 'hex').copy(bytes, chunkBody(bytes, 'COMM') + 8), 'The AIFF file’s sample rate (2 Hz) is not one audio uses.'],
  ] as const)('%s, by every decoder', async (_case, name, change, reason) => {
    const dir = tempDir();
    const stereo = writeWav(path.join(dir, 'stereo.wav'), 1, 44_100, 2);
    if (name === 'alaw.wav') execFileSync(ffmpegPath(), ['-hide_banner', '-loglevel', 'error', '-i', stereo, '-c:a', 'pcm_alaw', '-ar', '8000', path.join(dir, name)]);
    if (name === 'tone.aiff') execFileSync(ffmpegPath(), ['-hide_banner', '-loglevel', 'error', '-i', stereo, '-c:a', 'pcm_s16be', path.join(dir, name)]);
    const file = patch(path.join(dir, name), change);
    expect(await everyDecoder(file)).toEqual([
      { ok: false, reason },
      { ok: false, reason },
    ]);
  });
});

describe('a decode stops at its bound', () => {
  it('audio longer than the decode takes is refused when it passes the bound, by every decoder', async () => {
    const file = writeWav(path.join(tempDir(), 'three-seconds.wav'), 3, 44_100, 2);
    const reason = 'The audio is longer than 1 second, the most Songshelf analyses in one file.';
    expect(await everyDecoder(file, { maxSeconds: 1 })).toEqual([
      { ok: false, reason },
      { ok: false, reason },
    ]);
    expect(await everyDecoder(file, { maxSeconds: 3 })).toMatchObject([{ ok: true }, { ok: true }]);
  });
});

describe('one decoder call answers a bounded amount of audio', () => {
  // A FLAC frame of constant subframes is about 14 bytes for up to 65,535 samples a channel: fed a megabyte at a
  // time, the decoder answered this half-megabyte hour of silence in one call of 158 million frames (1.8 GB of arrays).
  it('an hour of FLAC silence comes out of the WebAssembly decoder at most 8 of FLAC’s longest frames a call, all of it', async () => {
    const silence = generate(path.join(tempDir(), 'silence.flac'), 'anullsrc=r=44100:cl=stereo', ['-t', '3600', '-c:a', 'flac']);
    expect(fs.statSync(silence).size).toBeLessThan(600_000);
    let largestCall = 0;
    let frames = 0;
    const handle = await fs.promises.open(silence, 'r');
    try {
      const calls = wasmFrames(handle, 'flac', { first: null }, (answered) => (largestCall = Math.max(largestCall, answered)));
      for await (const chunk of calls) frames += chunk.frames;
    } finally {
      await handle.close();
    }
    expect(frames).toBe(3600 * 44_100);
    // The bound stated whatever the file: 8 x 65,535 frames, 16 MB of float32 at FLAC's most channels (8).
    expect(largestCall).toBeLessThanOrEqual(8 * 65_535);
  });
});

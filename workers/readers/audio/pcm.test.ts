// The WAV and AIFF readers against ffmpeg: every encoding they take, written by ffmpeg, reads as the same floats
// ffmpeg decodes from it; the encodings they leave to ffmpeg are named, and headers that cannot be right are refused
// (a rate or channel count by the one stream rule, in its words).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { STREAM_RATES } from '../../analysis/stream-format';
import { ffmpegPath } from '../../ffmpeg';
import { readAiffHeader } from './aiff-header';
import { pcmFrames } from './pcm-frames';
import type { PcmHeader } from './pcm-layout';
import { readWavHeader } from './wav-header';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'songshelf-pcm-'));

/** 0.3 s of a chirp with noise at `rate`, `channels` wide, written by ffmpeg with these output options. */
function made(name: string, options: string[], channels = 2, rate = 44_100): string {
  const file = path.join(dir, name);
  const source = `aevalsrc=0.9*sin(2*PI*(200+2000*t)*t)+0.05*random(0)|0.5*sin(2*PI*330*t):s=${rate}:d=0.3`;
  execFileSync(ffmpegPath(), ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', source, '-ac', String(channels), ...options, file]);
  return file;
}

/** What ffmpeg decodes: interleaved float32. */
function ffmpegFloats(file: string, demuxer: string): Float32Array {
  const bytes = execFileSync(ffmpegPath(), ['-hide_banner', '-loglevel', 'error', '-f', demuxer, '-i', file, '-f', 'f32le', '-c:a', 'pcm_f32le', 'pipe:1'], { maxBuffer: 1 << 26 });
  return new Float32Array(bytes.buffer, bytes.byteOffset, bytes.length / 4);
}

async function header(file: string): Promise<{ header: PcmHeader; samples: Float32Array | null }> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const size = (await handle.stat()).size;
    const header = file.endsWith('.wav') ? await readWavHeader(handle, size) : await readAiffHeader(handle, size);
    if (!header.ok) return { header, samples: null };
    const { channels, frames } = header.layout;
    const samples = new Float32Array(frames * channels);
    let done = 0;
    // A small chunk size, so that reading crosses many chunk borders.
    for await (const chunk of pcmFrames(handle, header.layout, 1000)) {
      for (let i = 0; i < chunk.frames; i++) for (let c = 0; c < channels; c++) samples[(done + i) * channels + c] = chunk.planar[c]![i]!;
      done += chunk.frames;
    }
    return { header, samples };
  } finally {
    await handle.close();
  }
}

describe('WAV and AIFF read in TypeScript', () => {
  it.each([
    ['WAV 8-bit unsigned', 'u8.wav', ['-c:a', 'pcm_u8'], 2, 'u8'],
    ['WAV 16-bit', 's16.wav', ['-c:a', 'pcm_s16le'], 2, 's16le'],
    ['WAV 24-bit', 's24.wav', ['-c:a', 'pcm_s24le'], 2, 's24le'],
    ['WAV 32-bit integer', 's32.wav', ['-c:a', 'pcm_s32le'], 2, 's32le'],
    ['WAV 32-bit float', 'f32.wav', ['-c:a', 'pcm_f32le'], 2, 'f32le'],
    ['WAV 64-bit float', 'f64.wav', ['-c:a', 'pcm_f64le'], 1, 'f64le'],
    ['WAV 24-bit, 5.1, WAVE_FORMAT_EXTENSIBLE', 'ext.wav', ['-c:a', 'pcm_s24le'], 6, 's24le'],
    ['RF64 (64-bit sizes in ds64)', 'rf64.wav', ['-c:a', 'pcm_s16le', '-rf64', 'always'], 2, 's16le'],
    ['AIFF 8-bit', 's8.aiff', ['-c:a', 'pcm_s8'], 2, 's8'],
    ['AIFF 16-bit', 's16.aiff', ['-c:a', 'pcm_s16be'], 2, 's16be'],
    ['AIFF 24-bit', 's24.aiff', ['-c:a', 'pcm_s24be'], 1, 's24be'],
    ['AIFF 32-bit', 's32.aiff', ['-c:a', 'pcm_s32be'], 2, 's32be'],
    ["AIFF-C 'sowt' (little-endian, as Logic writes it)", 'sowt.aiff', ['-c:a', 'pcm_s16le'], 2, 's16le'],
    ["AIFF-C 'fl32'", 'fl32.aiff', ['-c:a', 'pcm_f32be'], 2, 'f32be'],
    ["AIFF-C 'fl64'", 'fl64.aiff', ['-c:a', 'pcm_f64be'], 2, 'f64be'],
  ])('%s reads as ffmpeg decodes it', async (_kind, name, options, channels, encoding) => {
    const file = made(name, options as string[], channels as number);
    const read = await header(file);
    expect(read.header).toMatchObject({ ok: true, layout: { channels, sampleRate: 44_100, encoding, frames: 13_230 } });
    const reference = ffmpegFloats(file, name.endsWith('.wav') ? 'wav' : 'aiff');
    expect(read.samples!.length).toBe(reference.length);
    let worst = 0;
    for (let i = 0; i < reference.length; i++) worst = Math.max(worst, Math.abs(read.samples![i]! - reference[i]!));
    expect(worst).toBeLessThan(1e-7);
  });

  it('reads the AIFF sample rate from its 80-bit float, at rates other than 44.1 kHz', async () => {
    const read = await header(made('rate.aiff', ['-c:a', 'pcm_s16be'], 1, 96_000));
    expect(read.header).toMatchObject({ ok: true, layout: { sampleRate: 96_000, frames: 28_800 } });
  });

  it.each([
    ['an a-law WAV', 'alaw.wav', ['-c:a', 'pcm_alaw'], 'a-law WAV'],
    ['an ADPCM WAV', 'adpcm.wav', ['-c:a', 'adpcm_ms'], 'ADPCM WAV'],
    ['a mu-law AIFF-C', 'ulaw.aiff', ['-c:a', 'pcm_mulaw'], "AIFF-C 'ulaw' (8-bit)"],
  ])('leaves %s to ffmpeg, saying what it is', async (_kind, name, options, unsupported) => {
    expect((await header(made(name, options))).header).toEqual({ ok: false, unsupported });
  });

  it('refuses headers that cannot be right, and reads a truncated file as far as it goes', async () => {
    const whole = made('whole.wav', ['-c:a', 'pcm_s16le']);
    const good = fs.readFileSync(whole);
    const { header: wholeHeader } = await header(whole);
    const dataOffset = wholeHeader.ok ? wholeHeader.layout.dataOffset : 0;
    const write = (name: string, bytes: Buffer) => {
      fs.writeFileSync(path.join(dir, name), bytes);
      return path.join(dir, name);
    };
    const noData = Buffer.from(good.subarray(0, 36));
    expect((await header(write('no-data.wav', noData))).header).toEqual({ ok: false, reason: 'The WAV file has no data chunk.' });
    const zeroRate = Buffer.from(good);
    zeroRate.writeUInt32LE(0, 24);
    expect((await header(write('zero-rate.wav', zeroRate))).header).toMatchObject({ ok: false, reason: expect.stringContaining('sample rate (0 Hz)') });
    const cut = await header(write('cut.wav', good.subarray(0, dataOffset + 4 * 1000 + 3)));
    expect(cut.header).toMatchObject({ ok: true, layout: { frames: 1000 } });
  });
});

/** `file`'s bytes with the body of its first chunk `id` changed (ffmpeg writes `fmt ` and `COMM` before the samples). */
function patched(file: string, name: string, id: string, change: (bytes: Buffer, body: number) => void): string {
  const bytes = fs.readFileSync(file);
  change(bytes, bytes.indexOf(id, 12, 'latin1') + 8);
  fs.writeFileSync(path.join(dir, name), bytes);
  return path.join(dir, name);
}

/** An 80-bit extended float (AIFF's rate): the exponent, then the mantissa with its integer bit set. */
function extended(rate: number, bytes: Buffer, at: number): void {
  const exponent = Math.floor(Math.log2(rate));
  bytes.writeUInt16BE(16383 + exponent, at);
  bytes.writeBigUInt64BE(BigInt(rate) << BigInt(63 - exponent), at + 2);
}

describe('the readers hold a header to the one stream rule (stream-format.ts), in its words', () => {
  const wav = () => made('rule.wav', ['-c:a', 'pcm_s16le']);
  const aiff = () => made('rule.aiff', ['-c:a', 'pcm_s16be']);
  const rule = (kind: string, what: string) => ({ ok: false, reason: `The ${kind} file’s ${what}` });
  it.each([
    ['a WAV of 0 channels', () => patched(wav(), 'zero.wav', 'fmt ', (b, at) => b.writeUInt16LE(0, at + 2)), rule('WAV', 'channel count (0) is not one audio uses: Songshelf analyses 1 to 32.')],
    ['a WAV of 33 channels', () => patched(wav(), 'wide.wav', 'fmt ', (b, at) => b.writeUInt16LE(33, at + 2)), rule('WAV', 'channel count (33) is not one audio uses: Songshelf analyses 1 to 32.')],
    ['an a-law WAV at 2 Hz', () => patched(made('alaw-rule.wav', ['-c:a', 'pcm_alaw']), 'alaw-2.wav', 'fmt ', (b, at) => b.writeUInt32LE(2, at + 4)), rule('WAV', 'sample rate (2 Hz) is not one audio uses.')],
    ['a WAV just under the lowest rate', () => patched(wav(), 'low.wav', 'fmt ', (b, at) => b.writeUInt32LE(STREAM_RATES.min - 1, at + 4)), rule('WAV', 'sample rate (999 Hz) is not one audio uses.')],
    ['an AIFF of 0 channels', () => patched(aiff(), 'zero.aiff', 'COMM', (b, at) => b.writeInt16BE(0, at)), rule('AIFF', 'channel count (0) is not one audio uses: Songshelf analyses 1 to 32.')],
    ['an AIFF of -2 channels', () => patched(aiff(), 'negative.aiff', 'COMM', (b, at) => b.writeInt16BE(-2, at)), rule('AIFF', 'channel count (-2) is not one audio uses: Songshelf analyses 1 to 32.')],
    ['an AIFF just over the highest rate', () => patched(aiff(), 'high.aiff', 'COMM', (b, at) => extended(STREAM_RATES.max + 1, b, at + 8)), rule('AIFF', 'sample rate (768001 Hz) is not one audio uses.')],
  ])('refuses %s', async (_case, file, refusal) => {
    expect((await header(file())).header).toEqual(refusal);
  });

  it('takes the rule’s own bounds', async () => {
    const lowest = patched(made('rule-low.aiff', ['-c:a', 'pcm_s16be']), 'lowest.aiff', 'COMM', (b, at) => extended(STREAM_RATES.min, b, at + 8));
    expect((await header(lowest)).header).toMatchObject({ ok: true, layout: { sampleRate: STREAM_RATES.min } });
    const highest = patched(made('rule-high.wav', ['-c:a', 'pcm_s16le']), 'highest.wav', 'fmt ', (b, at) => b.writeUInt32LE(STREAM_RATES.max, at + 4));
    expect((await header(highest)).header).toMatchObject({ ok: true, layout: { sampleRate: STREAM_RATES.max } });
  });
});

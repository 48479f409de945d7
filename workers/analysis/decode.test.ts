import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ANALYSIS_SAMPLE_RATE, WAVEFORM_SAMPLES_PER_PIXEL } from '../../common/audio-analysis';
import { writeWav } from '../../fixtures/generators/wav';
import { execFileSync } from 'node:child_process';
import { ffmpegStarted } from '../ffmpeg-test-support';
import { decodeForAnalysis, parseLoudness } from './decode';

const limits = { timeLimitMs: 60_000 };
const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'songshelf-decode-'));

describe('one decode per file', () => {
  it('gives mono samples at the analysis rate, the whole length, the peaks, and the loudness of the file', async () => {
    // 3 s of a 440 Hz tone at 8000/32768 of full scale, stereo at 44.1 kHz: -12.25 dBFS peak, about -16 LUFS.
    const file = writeWav(path.join(tempDir(), 'tone.wav'), 3, 44_100, 2);
    const decoded = await decodeForAnalysis(file, limits);
    expect(decoded.ok).toBe(true);
    if (!decoded.ok) return;
    const { samples, sampleRate, durationS, peaks, loudness } = decoded.value;
    expect(sampleRate).toBe(ANALYSIS_SAMPLE_RATE);
    expect(durationS).toBeCloseTo(3, 2);
    expect(samples.length).toBeCloseTo(3 * ANALYSIS_SAMPLE_RATE, -2);
    // ffmpeg's stereo-to-mono downmix keeps the power: two equal channels come out √2 louder than one.
    expect(Math.max(...samples.subarray(0, 22_050))).toBeCloseTo((8000 / 32768) * Math.SQRT2, 2);
    expect(peaks.length).toBe(2 * Math.ceil(samples.length / WAVEFORM_SAMPLES_PER_PIXEL));
    expect(peaks[2]).toBeLessThan(-25);
    expect(peaks[3]).toBeGreaterThan(25);
    // Two channels of the tone: 3 dB above one.
    expect(loudness.integrated).toBeGreaterThan(-14);
    expect(loudness.integrated).toBeLessThan(-12.2);
    expect(loudness.truePeak).toBeCloseTo(-12.2, 0);
  });

  it('a file that is not audio answers why, and silence has no loudness', async () => {
    const dir = tempDir();
    const notAudio = path.join(dir, 'mix.wav');
    fs.writeFileSync(notAudio, 'not a wave at all, only text'.repeat(100));
    const refused = await decodeForAnalysis(notAudio, limits);
    expect(refused).toEqual({ ok: false, reason: expect.stringMatching(/^The audio could not be decoded/) });

    expect(parseLoudness('Summary:\n  Integrated loudness:\n    I:         -70.0 LUFS\n  Loudness range:\n    LRA:         0.0 LU\n  True peak:\n    Peak:       -inf dBFS')).toEqual({
      integrated: null,
      range: 0,
      truePeak: null,
    });
  });

  it('decodes at the lowest priority: the analysis is work nobody waits for', async () => {
    const file = writeWav(path.join(tempDir(), 'niced.wav'), 120, 44_100, 2);
    const controller = new AbortController();
    const decoding = decodeForAnalysis(file, { ...limits, signal: controller.signal });
    const [pid] = await ffmpegStarted('niced.wav');
    const nice = Number(execFileSync('ps', ['-o', 'ni=', '-p', String(pid)], { encoding: 'utf8' }).trim());
    controller.abort();
    await decoding;
    expect(nice).toBe(19);
  });

  it('a cancel stops ffmpeg and answers cancelled', async () => {
    const file = writeWav(path.join(tempDir(), 'long.wav'), 60, 44_100, 2);
    const controller = new AbortController();
    const decoding = decodeForAnalysis(file, { ...limits, signal: controller.signal });
    controller.abort();
    expect(await decoding).toEqual({ ok: false, reason: 'cancelled' });
  });
});

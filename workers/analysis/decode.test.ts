import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ANALYSIS_SAMPLE_RATE, WAVEFORM_SAMPLES_PER_PIXEL } from '../../common/audio/audio-analysis';
import { synthGroove } from '../../fixtures/generators/audio-corpus';
import { writeSignalWav, writeWav } from '../../fixtures/generators/wav';
import { ffmpegPath } from '../ffmpeg';
import { ffmpegStarted } from '../ffmpeg-test-support';
import { decodeForAnalysis, parseLoudness, type DecodedAudio } from './decode';

const limits = { timeLimitMs: 60_000 };
const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'songshelf-decode-'));

/** `source` encoded by the bundled ffmpeg into `name` with these options. */
function encode(source: string, name: string, options: string[]): string {
  const file = path.join(path.dirname(source), name);
  execFileSync(ffmpegPath(), ['-hide_banner', '-loglevel', 'error', '-y', '-i', source, ...options, file]);
  return file;
}

async function decoded(file: string, decoder: 'auto' | 'ffmpeg' = 'auto'): Promise<DecodedAudio> {
  const outcome = await decodeForAnalysis(file, { ...limits, decoder });
  if (!outcome.ok) throw new Error(`${path.basename(file)}: ${outcome.reason}`);
  return outcome.value;
}

describe('one decode per file', () => {
  it('gives mono samples at the analysis rate, the whole length, the peaks, and the loudness of the file', async () => {
    // 3 s of a 440 Hz tone at 8000/32768 of full scale, stereo at 44.1 kHz: -12.25 dBFS peak, about -16 LUFS.
    const file = writeWav(path.join(tempDir(), 'tone.wav'), 3, 44_100, 2);
    const { samples, sampleRate, durationS, peaks, loudness } = await decoded(file);
    expect(sampleRate).toBe(ANALYSIS_SAMPLE_RATE);
    expect(durationS).toBeCloseTo(3, 2);
    expect(samples.length).toBeCloseTo(3 * ANALYSIS_SAMPLE_RATE, -2);
    // Folded to mono as ffmpeg folds stereo: two equal channels come out √2 louder than one.
    expect(Math.max(...samples.subarray(0, 22_050))).toBeCloseTo((8000 / 32768) * Math.SQRT2, 2);
    expect(peaks.length).toBe(2 * Math.ceil(samples.length / WAVEFORM_SAMPLES_PER_PIXEL));
    expect(peaks[2]).toBeLessThan(-25);
    expect(peaks[3]).toBeGreaterThan(25);
    // Two channels of the tone: 3 dB above one.
    expect(loudness.integrated).toBeGreaterThan(-14);
    expect(loudness.integrated).toBeLessThan(-12.2);
    expect(loudness.truePeak).toBeCloseTo(-12.2, 0);
  });

  it('the memory-safe decoders hear what ffmpeg hears, in WAV, AIFF, FLAC and MP3, stereo and mono', async () => {
    const wav = writeSignalWav(path.join(tempDir(), 'groove.wav'), synthGroove({ bpm: 120, pattern: 'backbeat', bass: true, durationS: 8 }), 44_100, 2);
    const files = [
      wav,
      encode(wav, 'groove.aiff', ['-c:a', 'pcm_s24be']),
      encode(wav, 'groove-48k.flac', ['-ar', '48000', '-c:a', 'flac']),
      encode(wav, 'groove.mp3', ['-c:a', 'libmp3lame', '-q:a', '0']),
      // The MP3 decoder answers two channels for one: counted twice, a mono file would read 3 dB loud.
      encode(wav, 'groove-mono.mp3', ['-ac', '1', '-c:a', 'libmp3lame', '-q:a', '0']),
      encode(wav, 'groove-mono.flac', ['-ac', '1', '-c:a', 'flac']),
    ];
    for (const file of files) {
      const [ours, theirs] = [await decoded(file), await decoded(file, 'ffmpeg')];
      const name = path.basename(file);
      expect(Math.abs(ours.durationS - theirs.durationS), name).toBeLessThan(0.01);
      expect(Math.abs(ours.loudness.integrated! - theirs.loudness.integrated!), name).toBeLessThanOrEqual(0.1);
      expect(Math.abs(ours.loudness.range! - theirs.loudness.range!), name).toBeLessThanOrEqual(0.3);
      expect(Math.abs(ours.loudness.truePeak! - theirs.loudness.truePeak!), name).toBeLessThanOrEqual(0.3);
      // Sample for sample, the two resamplers (and MP3 decoders) apart by no more than noise 40 dB down, away
      // from the first and last few milliseconds, where each pads the file's edges its own way.
      let signal = 0;
      let difference = 0;
      for (let i = 100; i < Math.min(ours.samples.length, theirs.samples.length) - 100; i++) {
        signal += theirs.samples[i]! ** 2;
        difference += (ours.samples[i]! - theirs.samples[i]!) ** 2;
      }
      expect(10 * Math.log10(signal / difference), name).toBeGreaterThan(40);
    }
  });

  it('a file that is not audio is refused by its bytes, and silence has no loudness', async () => {
    const dir = tempDir();
    const notAudio = path.join(dir, 'mix.wav');
    fs.writeFileSync(notAudio, 'not a wave at all, only text'.repeat(100));
    expect(await decodeForAnalysis(notAudio, limits)).toEqual({ ok: false, refused: true, reason: expect.stringContaining('mix.wav is not a WAV file') });

    expect(parseLoudness('Summary:\n  Integrated loudness:\n    I:         -70.0 LUFS\n  Loudness range:\n    LRA:         0.0 LU\n  True peak:\n    Peak:       -inf dBFS')).toEqual({
      integrated: null,
      range: 0,
      truePeak: null,
    });
    const silence = writeSignalWav(path.join(dir, 'silence.wav'), new Float32Array(44_100 * 2), 44_100);
    expect((await decoded(silence)).loudness).toEqual({ integrated: null, range: 0, truePeak: null });
  });

  it('a disguised Matroska .wav is refused with "not a WAV file" and never decoded', async () => {
    // Real Matroska (what a native demuxer found by probing would happily read), named like a bounce.
    const dir = tempDir();
    const mkv = path.join(dir, 'mix.mkv');
    execFileSync(ffmpegPath(), ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=2', '-c:a', 'flac', mkv]);
    const disguised = path.join(dir, 'mix.wav');
    fs.renameSync(mkv, disguised);
    expect(await decodeForAnalysis(disguised, limits)).toEqual({ ok: false, refused: true, reason: expect.stringContaining('not a WAV file') });
  });

  it('an MP3 named .flac is refused too: the name picks the decoder, and the bytes must agree', async () => {
    const wav = writeWav(path.join(tempDir(), 'take.wav'), 1, 44_100, 2);
    const mp3 = encode(wav, 'take.mp3', ['-c:a', 'libmp3lame']);
    const misnamed = path.join(path.dirname(mp3), 'take.flac');
    fs.renameSync(mp3, misnamed);
    expect(await decodeForAnalysis(misnamed, limits)).toEqual({ ok: false, refused: true, reason: expect.stringContaining('take.flac is not a FLAC file') });
  });

  it('hands ffmpeg only what the safe decoders do not read, and ffmpeg decodes only the codecs it is allowed', async () => {
    const wav = writeWav(path.join(tempDir(), 'voice.wav'), 2, 44_100, 1);
    const alaw = await decoded(encode(wav, 'alaw.wav', ['-c:a', 'pcm_alaw']));
    expect(alaw.durationS).toBeCloseTo(2, 2);
    // ADPCM is audio ffmpeg can read, but not a codec a WAV bounce needs: its codec list refuses it.
    expect(await decodeForAnalysis(encode(wav, 'adpcm.wav', ['-c:a', 'adpcm_ms']), limits)).toEqual({ ok: false, reason: expect.stringMatching(/^The audio could not be decoded/) });
  });

  it('junk behind an MP3 or FLAC header gives a reason, not a crash', async () => {
    const dir = tempDir();
    const junk = Buffer.from(Array.from({ length: 200_000 }, (_, i) => (i * 7919) % 251));
    const mp3 = path.join(dir, 'junk.mp3');
    fs.writeFileSync(mp3, Buffer.concat([Buffer.from('ID3\x04\x00\x00\x00\x00\x00\x00', 'latin1'), junk]));
    const flac = path.join(dir, 'junk.flac');
    fs.writeFileSync(flac, Buffer.concat([Buffer.from('fLaC'), junk]));
    for (const file of [mp3, flac]) expect(await decodeForAnalysis(file, limits)).toEqual({ ok: false, reason: expect.any(String) });
  });

  it('ffmpeg, when it decodes, runs at the lowest priority: the analysis is work nobody waits for', async () => {
    const file = writeWav(path.join(tempDir(), 'niced.wav'), 120, 44_100, 2);
    const controller = new AbortController();
    const decoding = decodeForAnalysis(file, { ...limits, signal: controller.signal, decoder: 'ffmpeg' });
    const [pid] = await ffmpegStarted('niced.wav');
    const nice = Number(execFileSync('ps', ['-o', 'ni=', '-p', String(pid)], { encoding: 'utf8' }).trim());
    controller.abort();
    await decoding;
    expect(nice).toBe(19);
  });

  it('a cancel stops the decode, in this worker or in ffmpeg, and answers cancelled', async () => {
    const file = writeWav(path.join(tempDir(), 'long.wav'), 60, 44_100, 2);
    for (const decoder of ['auto', 'ffmpeg'] as const) {
      const controller = new AbortController();
      const decoding = decodeForAnalysis(file, { ...limits, signal: controller.signal, decoder });
      controller.abort();
      expect(await decoding).toEqual({ ok: false, reason: 'cancelled' });
    }
  });
});

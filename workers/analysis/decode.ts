/**
 * One decode per file: ffmpeg reads the audio once and, in the same run, measures its loudness (the `ebur128`
 * filter with true peak, EBU R128 / ITU-R BS.1770, on the file's own channels and rate) and writes it as mono
 * 32-bit float samples at `ANALYSIS_SAMPLE_RATE` to its standard output. Here the samples are read as they come:
 * the waveform's peaks and the duration from all of them, and the first `MAX_ANALYSED_SECONDS` kept for tempo and
 * key, so an hour-long recording takes the memory of ten minutes.
 */
import { ANALYSIS_SAMPLE_RATE, MAX_ANALYSED_SECONDS, WAVEFORM_SAMPLES_PER_PIXEL } from '../../common/audio-analysis';
import { runFfmpeg } from '../ffmpeg';
import { PeakCollector } from './peaks';

export interface Loudness {
  /** Integrated loudness, LUFS; null for silence. */
  integrated: number | null;
  /** Loudness range, LU. */
  range: number | null;
  /** True peak, dBTP; null for silence. */
  truePeak: number | null;
}

export interface DecodedAudio {
  /** Mono samples at `sampleRate`: the first `MAX_ANALYSED_SECONDS` of the file. */
  samples: Float32Array;
  sampleRate: number;
  /** The whole file's length, from its decoded samples. */
  durationS: number;
  /** Min/max pairs (signed 8-bit) of every `WAVEFORM_SAMPLES_PER_PIXEL` samples of the whole file. */
  peaks: Int8Array;
  loudness: Loudness;
}

export type DecodeOutcome = { ok: true; value: DecodedAudio } | { ok: false; reason: string };

export function decodeArgs(input: string): string[] {
  return [
    ...['-hide_banner', '-nostdin', '-nostats', '-loglevel', 'info', '-i', input, '-vn'],
    // Output 1: nothing written, the loudness measured (its summary goes to the log at the end).
    ...['-map', '0:a:0', '-filter:a', 'ebur128=peak=true:framelog=verbose', '-f', 'null', '-'],
    // Output 2: the samples, mono, resampled, on standard output.
    ...['-map', '0:a:0', '-ac', '1', '-ar', String(ANALYSIS_SAMPLE_RATE), '-f', 'f32le', 'pipe:1'],
  ];
}

export async function decodeForAnalysis(input: string, limits: { timeLimitMs: number; signal?: AbortSignal | undefined }): Promise<DecodeOutcome> {
  const collector = new SampleCollector(ANALYSIS_SAMPLE_RATE * MAX_ANALYSED_SECONDS, new PeakCollector(WAVEFORM_SAMPLES_PER_PIXEL));
  const exit = await runFfmpeg(decodeArgs(input), { ...limits, background: true, onStdout: (chunk) => collector.push(chunk) });
  if (exit.stopped === 'cancelled') return { ok: false, reason: 'cancelled' };
  if (exit.stopped === 'timed out') return { ok: false, reason: 'The file took too long to decode and was stopped.' };
  if (exit.code !== 0) return { ok: false, reason: decodeFailure(exit.stderr) };
  if (collector.count === 0) return { ok: false, reason: 'The file holds no audio.' };
  return {
    ok: true,
    value: {
      samples: collector.kept(),
      sampleRate: ANALYSIS_SAMPLE_RATE,
      durationS: collector.count / ANALYSIS_SAMPLE_RATE,
      peaks: collector.peaks(),
      loudness: parseLoudness(exit.stderr),
    },
  };
}

/** ffmpeg's last words, without its banner: what it could not read. */
function decodeFailure(stderr: string): string {
  const last = stderr.trim().split('\n').filter((line) => line.trim() !== '').at(-1) ?? '';
  return `The audio could not be decoded${last ? `: ${last.replace(/^\[[^\]]*\]\s*/, '').slice(0, 200)}` : '.'}`;
}

/** The figures of the `ebur128` summary ("I: -23.0 LUFS", "LRA: 5.1 LU", "Peak: -1.2 dBFS"); `-inf` is silence. */
export function parseLoudness(log: string): Loudness {
  const summary = log.slice(log.lastIndexOf('Summary:'));
  const figure = (pattern: RegExp): number | null => {
    const value = pattern.exec(summary)?.[1];
    if (value === undefined) return null;
    const number = Number(value);
    return Number.isFinite(number) ? number : null;
  };
  const integrated = figure(/\bI:\s+(-?[\d.]+|-inf)\s+LUFS/);
  return {
    // -70 LUFS is the meter's floor: below the absolute gate there is nothing to measure.
    integrated: integrated !== null && integrated <= -70 ? null : integrated,
    range: figure(/\bLRA:\s+(-?[\d.]+)\s+LU\b/),
    truePeak: figure(/\bPeak:\s+(-?[\d.]+|-inf)\s+dBFS/),
  };
}

/** Reads float32 samples from chunks of any length, keeping the first `keep` and the peaks of all. */
class SampleCollector {
  count = 0;
  private carry = Buffer.alloc(0);

  constructor(
    private readonly keep: number,
    private readonly peakCollector: PeakCollector,
  ) {}

  /** Grown as samples come, up to `keep`: a 20-second bounce does not take ten minutes of memory. */
  private buffer = new Float32Array(1 << 18);

  push(chunk: Buffer): void {
    const bytes = this.carry.length > 0 ? Buffer.concat([this.carry, chunk]) : chunk;
    const whole = bytes.length - (bytes.length % 4);
    this.carry = Buffer.from(bytes.subarray(whole));
    for (let offset = 0; offset < whole; offset += 4) this.add(bytes.readFloatLE(offset));
  }

  private add(sample: number): void {
    if (this.count < this.keep) {
      if (this.count === this.buffer.length) {
        const grown = new Float32Array(Math.min(this.keep, this.buffer.length * 2));
        grown.set(this.buffer);
        this.buffer = grown;
      }
      this.buffer[this.count] = sample;
    }
    this.count += 1;
    this.peakCollector.add(sample);
  }

  kept(): Float32Array {
    return this.buffer.slice(0, Math.min(this.count, this.keep));
  }

  peaks(): Int8Array {
    return this.peakCollector.peaks();
  }
}

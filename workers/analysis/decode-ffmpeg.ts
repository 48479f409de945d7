/**
 * The analysis's decode by ffmpeg, for what the memory-safe decoders do not read (`decode.ts` chooses): a WAV or
 * AIFF in a-law or mu-law, more than six channels... and the benchmark's yardstick. ffmpeg reads the checked file
 * once (its kind's demuxer and codecs only: `ffmpegInputArgs`) and, in the same run, measures its loudness (the
 * `ebur128` filter with true peak, EBU R128 / ITU-R BS.1770) and writes it as mono 32-bit float samples at
 * `ANALYSIS_SAMPLE_RATE` to its standard output. The rate and channels its header declares were judged before
 * (`decode.ts`); the samples it writes are bounded by the longest audio a decode takes, and ffmpeg is stopped as
 * soon as they would pass it.
 */
import { ANALYSIS_SAMPLE_RATE, MAX_ANALYSED_SECONDS, WAVEFORM_SAMPLES_PER_PIXEL } from '../../common/audio/audio-analysis';
import type { AudioInput } from '../audio-input';
import { ffmpegInputArgs, runFfmpeg } from '../ffmpeg';
import { DECODE_CANCELLED, DECODE_TOO_LONG, MAX_DECODED_SECONDS, NO_AUDIO, tooMuchAudio, type DecodeLimits, type DecodeOutcome, type Loudness } from './decoded-audio';
import { PeakCollector } from './peaks';
import { SampleCollector } from './sample-collector';

function decodeArgs(input: AudioInput): string[] {
  return [
    ...['-hide_banner', '-nostdin', '-nostats', '-loglevel', 'info', ...ffmpegInputArgs(input), '-vn'],
    // Output 1: nothing written, the loudness measured (its summary goes to the log at the end).
    ...['-map', '0:a:0', '-filter:a', 'ebur128=peak=true:framelog=verbose', '-f', 'null', '-'],
    // Output 2: the samples, mono, resampled, on standard output.
    ...['-map', '0:a:0', '-ac', '1', '-ar', String(ANALYSIS_SAMPLE_RATE), '-f', 'f32le', 'pipe:1'],
  ];
}

export async function decodeWithFfmpeg(input: AudioInput, limits: DecodeLimits): Promise<DecodeOutcome> {
  const maxSeconds = limits.maxSeconds ?? MAX_DECODED_SECONDS;
  const collector = new SampleCollector(
    { keep: ANALYSIS_SAMPLE_RATE * MAX_ANALYSED_SECONDS, limit: Math.ceil(ANALYSIS_SAMPLE_RATE * maxSeconds) },
    new PeakCollector(WAVEFORM_SAMPLES_PER_PIXEL),
  );
  // Stops ffmpeg when its samples pass the bound, as a cancel does; the caller's cancel still reaches it through this.
  const stop = new AbortController();
  const cancel = () => stop.abort();
  limits.signal?.addEventListener('abort', cancel, { once: true });
  if (limits.signal?.aborted) stop.abort();
  let tooMuch = false;
  const onStdout = (chunk: Buffer) => {
    if (tooMuch || collector.pushBytes(chunk)) return;
    tooMuch = true;
    stop.abort();
  };
  const exit = await runFfmpeg(decodeArgs(input), { timeLimitMs: limits.timeLimitMs, signal: stop.signal, background: true, onStdout });
  limits.signal?.removeEventListener('abort', cancel);
  if (tooMuch) return { ok: false, reason: tooMuchAudio(maxSeconds) };
  if (exit.stopped === 'cancelled') return { ok: false, reason: DECODE_CANCELLED };
  if (exit.stopped === 'timed out') return { ok: false, reason: DECODE_TOO_LONG };
  if (exit.code !== 0) return { ok: false, reason: decodeFailure(exit.stderr) };
  if (collector.count === 0) return { ok: false, reason: NO_AUDIO };
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

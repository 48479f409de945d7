/** What one decode of a file gives the analysis, whichever decoder made it (`decode.ts` chooses). */

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

/** `refused`: the file's bytes are not what its name says; it was never decoded, and trying again cannot help. */
export type DecodeOutcome = { ok: true; value: DecodedAudio } | { ok: false; reason: string; refused?: boolean };

export interface DecodeLimits {
  timeLimitMs: number;
  signal?: AbortSignal | undefined;
  /** The longest audio the decode takes, in seconds; default `MAX_DECODED_SECONDS`. */
  maxSeconds?: number | undefined;
}

/**
 * The longest audio one decode takes: 24 hours, more than any recording a musician's library holds. Every buffer a
 * decode grows is bounded by it times the rate (the loudness meter's 100 ms segments, the waveform's peaks, the
 * samples), so a small file that decodes into days (a FLAC of silence is half a MB an hour) is refused once it
 * passes it, rather than followed until the time limit with memory growing all the way.
 */
export const MAX_DECODED_SECONDS = 24 * 60 * 60;

export const DECODE_CANCELLED = 'cancelled';
export const DECODE_TOO_LONG = 'The file took too long to decode and was stopped.';
export const NO_AUDIO = 'The file holds no audio.';

export function tooMuchAudio(maxSeconds: number): string {
  const length = maxSeconds >= 3600 ? `${maxSeconds / 3600} hours` : maxSeconds === 1 ? '1 second' : `${maxSeconds} seconds`;
  return `The audio is longer than ${length}, the most Songshelf analyses in one file.`;
}

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
}

export const DECODE_CANCELLED = 'cancelled';
export const DECODE_TOO_LONG = 'The file took too long to decode and was stopped.';
export const NO_AUDIO = 'The file holds no audio.';

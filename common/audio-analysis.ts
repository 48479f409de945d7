/**
 * What Songshelf hears in a song's audio (issue 18): tempo and key with their confidence, loudness (EBU R128), the
 * length, and the waveform's peaks. Analysed in the worker pool from one decode of the file, kept by the file's
 * content fingerprint (a moved or renamed file is not analysed again), and nothing leaves the computer.
 */

/** Samples per second the analysis decodes to: enough for onsets and for pitch up to 2 kHz, at a quarter of the CD rate's cost. */
export const ANALYSIS_SAMPLE_RATE = 22_050;
/** Tempo and key look at the first ten minutes; loudness, length and the waveform cover the whole file. */
export const MAX_ANALYSED_SECONDS = 600;
/** The stored waveform's resolution: about 86 pixels a second (the player zooms out from it). */
export const WAVEFORM_SAMPLES_PER_PIXEL = 256;
/** Pixels of the table's small waveform. */
export const WAVEFORM_OVERVIEW_PIXELS = 120;
/**
 * The analysis's version: raised when a method changes, so results of an older one are analysed again. Results
 * of this version for an unchanged file are kept.
 */
export const ANALYSIS_VERSION = 1;

/** What the worker answers: the analysis, and the waveform's peaks for the player (kept beside, not in the row). */
export interface AnalysedAudio {
  analysis: AudioAnalysis;
  /** Min/max pairs (signed 8-bit) of every `WAVEFORM_SAMPLES_PER_PIXEL` samples at `ANALYSIS_SAMPLE_RATE`. */
  peaks: Int8Array;
}

export interface AudioAnalysis {
  /** Beats per minute, one decimal; null when no steady beat was found. */
  bpm: number | null;
  /** 0 to 1. */
  bpmConfidence: number;
  /** One of the 24 keys, spelled as the key picker does ("Eb major", "F# minor"); null for no tonal centre. */
  key: string | null;
  keyConfidence: number;
  /** Integrated loudness (LUFS); null for silence. */
  lufs: number | null;
  /** Loudness range (LU). */
  loudnessRange: number | null;
  /** True peak (dBTP). */
  truePeak: number | null;
  durationS: number;
  /** The table's small waveform: `WAVEFORM_OVERVIEW_PIXELS` min/max pairs, signed 8-bit. */
  overview: number[];
  version: number;
}

/**
 * What Songshelf hears in a song's audio (issue 18): tempo and key with their confidence, loudness (EBU R128), the
 * length, and the waveform's peaks. Analysed in the worker pool from one decode of the file, kept by the file's
 * content fingerprint (a moved or renamed file is not analysed again), and nothing leaves the computer.
 */
import { canonicalKey } from '../songs/music-keys';

/** Samples per second the analysis decodes to: enough for onsets and for pitch up to 2 kHz, at a quarter of the CD rate's cost. */
export const ANALYSIS_SAMPLE_RATE = 22_050;
/** Tempo and key look at the first ten minutes; loudness, length and the waveform cover the whole file. */
export const MAX_ANALYSED_SECONDS = 600;
/** The stored waveform's resolution: about 86 pixels a second (the player zooms out from it). */
export const WAVEFORM_SAMPLES_PER_PIXEL = 256;
/** Pixels of the table's small waveform. */
export const WAVEFORM_OVERVIEW_PIXELS = 120;
/**
 * A tempo or key heard with less confidence than these stays in the analysis's own columns and does not fill the
 * song's Tempo or Key. Measured on the corpus: grooves' tempo confidence is 0.46 or more for 95% of them; a key's
 * is 0.6 to 0.97 for chords and 0.3 to 0.8 for drums and bass (a drum loop has no key worth writing down).
 */
export const FILL_TEMPO_CONFIDENCE = 0.3;
export const FILL_KEY_CONFIDENCE = 0.75;
/**
 * Below this key confidence the key heard is shown as uncertain (issue 46: every file with notes gets a key, an
 * uncertain one marked, never hidden). Issue 31's floor, where the analysis used to name no key: the sampled
 * instruments' wrong keys scored 0.41 to 0.43, the lowest right one 0.44 to 0.46.
 */
export const UNCERTAIN_KEY_CONFIDENCE = 0.45;
/** Pairs the player's waveform is sent with: as fine as a wide window's pixels. */
export const WAVEFORM_PLAYER_PIXELS = 2000;
/**
 * The analysis's version: raised when a method changes, so results of an older one are analysed again (3: issue 31's
 * tempo octaves, no tempo without a pulse, no key below its confidence floor; 4: issue 46's quarter-note tempo of
 * compound meters, a key for every file with notes, the ending weighed; 5: a straight groove no longer doubled past
 * 160 BPM, only a swung one). Results of this version for an unchanged file are kept.
 */
export const ANALYSIS_VERSION = 5;

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
  /**
   * A second reading the signal nearly chose (issue 31: the table shows "87 | 174"): twice or half `bpm`, or, for a
   * beat that divides in three (6/8, 12/8), the dotted-quarter beat itself, two thirds of `bpm` (issue 46).
   */
  bpmAlternative?: number;
  /** One of the 24 keys, spelled as the key picker does ("Eb major", "F# minor"); null for no notes (drums, noise). */
  key: string | null;
  /** 0 to 1; below UNCERTAIN_KEY_CONFIDENCE the key is shown as uncertain. */
  keyConfidence: number;
  /** The runner-up key where it scored nearly as well as `key` (the relative, the fifth): what a project may settle. */
  keyAlternative?: string;
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

/** The player's waveform: min/max pairs (signed 8-bit) over the song's whole length. */
export interface PlayerWaveform {
  durationS: number;
  peaks: number[];
}

/**
 * A song's analysis as `analysisOf` reads it: the analysis and the file's fingerprint. The row keeps it with the
 * overview as text (`storedAnalysis`).
 */
export type SongAnalysis = AudioAnalysis & {
  fingerprint: string;
  /**
   * Where the song's project states a tempo and the analysis heard an octave of it (⅓x to 3x), `bpm` is the
   * project's octave (issue 31) and this is what the signal itself gave; absent otherwise.
   */
  heardBpm?: number;
  /** The felt pulse half or twice the project's: a true half-time (or double-time) feel, named as such. */
  feel?: 'half-time' | 'double-time';
  /** Where the project states a key that is the analysis's second reading, `key` is the project's and this is the first. */
  heardKey?: string;
};

/** The octaves of a heard tempo a project may support, the plain one first; ×2 and ÷2 are a feel, the others a misreading. */
const OCTAVES: readonly { factor: number; feel?: 'half-time' | 'double-time' }[] = [
  { factor: 1 },
  { factor: 2, feel: 'half-time' },
  { factor: 0.5, feel: 'double-time' },
  { factor: 3 },
  { factor: 1 / 3 },
  { factor: 1.5 },
  { factor: 2 / 3 },
];

/**
 * The tempo the analysis gives a song whose project states one (issue 31): among the heard tempo's octaves, the one
 * the project supports (within 4%), with the feel a half or double pulse is; null where none is near the project's.
 */
export function projectOctave(heard: number, project: number): { bpm: number; feel?: 'half-time' | 'double-time' } | null {
  const octave = OCTAVES.find(({ factor }) => Math.abs(heard * factor - project) <= SAME_TEMPO * project);
  return octave ? { bpm: Math.round(heard * octave.factor * 10) / 10, ...(octave.feel ? { feel: octave.feel } : {}) } : null;
}

/**
 * The analysed tempo as the song shows, sorts and filters it: the project's octave where it states a tempo. The
 * second reading goes first where the project states it (a 6/8 typed in dotted quarters: heard 90, or 60).
 */
export function songAudioBpm(first: number | null, meta: Record<string, unknown>, alternative: number | null = null): { bpm: number | null; heardBpm?: number; feel?: 'half-time' | 'double-time'; second?: number } {
  const project = typeof meta.tempo === 'number' && meta.tempo > 0 ? meta.tempo : null;
  const takeSecond = first !== null && alternative !== null && project !== null && Math.abs(alternative - project) <= SAME_TEMPO * project && Math.abs(first - project) > SAME_TEMPO * project;
  const heard = takeSecond ? alternative : first;
  // The reading the song does not show.
  const second = takeSecond ? (first ?? undefined) : (alternative ?? undefined);
  const octave = heard !== null && project !== null ? projectOctave(heard, project) : null;
  const rest = { ...(octave?.feel ? { feel: octave.feel } : {}), ...(second !== undefined ? { second } : {}) };
  if (heard === null || !octave || octave.bpm === first) return { bpm: first, ...rest };
  return { bpm: octave.bpm, heardBpm: first as number, ...rest };
}

/**
 * What a song shows of what its audio was heard as, its project's tempo and key considered (`songAudioBpm`,
 * `songAudioKey`): the table's columns (`db/rows/song-columns.ts`) and `analysisOf` read it alike. `raw` is the
 * stored analysis, from the cloud too: only figures and keys that read as such count.
 */
export function heardReadings(raw: Record<string, unknown>, meta: Record<string, unknown>): { tempo: ReturnType<typeof songAudioBpm>; key: ReturnType<typeof songAudioKey> } {
  const figure = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);
  const first = figure(raw.bpm);
  const alternative = figure(raw.bpmAlternative);
  // Only a second reading an octave from the first, or a compound beat's (two thirds), is one.
  const second = first !== null && alternative !== null && SECOND_READINGS.some((factor) => Math.abs(alternative - first * factor) <= 0.01 * first * factor) ? alternative : null;
  return { tempo: songAudioBpm(first, meta, second), key: songAudioKey(keyOf(raw.key), keyOf(raw.keyAlternative), meta) };
}

/**
 * A song's analysis, if it has one that reads as one. `meta` also comes from the cloud, written by other computers
 * (or anyone with the account's key): every figure is checked before the table shows it.
 */
export function analysisOf(song: { meta: Record<string, unknown> }): SongAnalysis | null {
  const value = song.meta.analysis;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const raw = value as Record<string, unknown>;
  const figure = (name: string): number | null => (typeof raw[name] === 'number' && Number.isFinite(raw[name]) ? raw[name] : null);
  const overview = overviewOf(raw.overview);
  const durationS = figure('durationS');
  if (durationS === null) return null;
  const { tempo: heard, key: keys } = heardReadings(raw, song.meta);
  const bpm = heard.bpm;
  return {
    bpm,
    ...(heard.heardBpm !== undefined ? { heardBpm: heard.heardBpm } : {}),
    ...(heard.feel ? { feel: heard.feel } : {}),
    bpmConfidence: figure('bpmConfidence') ?? 0,
    ...(heard.second !== undefined ? { bpmAlternative: heard.second } : {}),
    key: keys.key,
    ...(keys.heardKey ? { heardKey: keys.heardKey } : {}),
    keyConfidence: figure('keyConfidence') ?? 0,
    ...(keys.alternative ? { keyAlternative: keys.alternative } : {}),
    lufs: figure('lufs'),
    loudnessRange: figure('loudnessRange'),
    truePeak: figure('truePeak'),
    durationS,
    overview,
    version: figure('version') ?? 0,
    fingerprint: typeof raw.fingerprint === 'string' ? raw.fingerprint : '',
  };
}

/** The factors from a tempo to its second readings (issue 31's octaves, issue 46's compound beat). */
const SECOND_READINGS = [2, 0.5, 2 / 3];

/** A key as meta holds it, if it is one of the 24 (in the app's spelling). */
function keyOf(value: unknown): string | null {
  return typeof value === 'string' && value.length <= 20 ? canonicalKey(value) : null;
}

/**
 * The analysed key as the song shows it (issue 46): where the project states a key that the analysis heard as its
 * second reading (the relative, a fifth away), the project's; otherwise the first. The other is kept beside.
 */
export function songAudioKey(first: string | null, alternative: string | null, meta: Record<string, unknown>): { key: string | null; heardKey?: string; alternative?: string } {
  const project = keyOf(meta.key);
  if (first !== null && alternative !== null && project === alternative && first !== project) return { key: alternative, heardKey: first, alternative: first };
  return { key: first, ...(alternative !== null ? { alternative } : {}) };
}

/** Whether the key heard should be shown as uncertain. */
export function keyIsUncertain(analysis: Pick<AudioAnalysis, 'key' | 'keyConfidence'> & { heardKey?: string }): boolean {
  return analysis.key !== null && analysis.heardKey === undefined && analysis.keyConfidence < UNCERTAIN_KEY_CONFIDENCE;
}

/**
 * What `meta.analysis` keeps: the analysis with the file's fingerprint, its overview as text, two hex digits a value
 * (the signed 8-bit value as a byte: -1 is "ff"). Every page of the table parses the `meta` of its 100 songs, and
 * the overview as a JSON array of 240 numbers was three quarters of that work (4.3 us a song's `meta`; 1.1 us with
 * the text), and of what a page weighs on its way to the window. Rows written before, or by an older version on
 * another computer, hold the array: `analysisOf` reads both. The other way round, an older version shows no small
 * waveform for a song analysed here and synced to it (its reader takes only the array); nothing else differs.
 */
export function storedAnalysis(analysis: AudioAnalysis, fingerprint: string): Omit<SongAnalysis, 'overview'> & { overview: string } {
  let text = '';
  for (const value of analysis.overview) text += (value & 0xff).toString(16).padStart(2, '0');
  return { ...analysis, overview: text, fingerprint };
}

const OVERVIEW_TEXT = new RegExp(`^(?:[0-9a-f]{2}){0,${2 * WAVEFORM_OVERVIEW_PIXELS}}$`);

/** The overview as `storedAnalysis` keeps it, or as an array (older rows); [] for anything else. */
function overviewOf(stored: unknown): number[] {
  if (typeof stored === 'string') {
    if (!OVERVIEW_TEXT.test(stored)) return [];
    const values: number[] = [];
    // Read on every render of a row's analysis columns: digit by digit, no substrings (the text is checked above).
    for (let at = 0; at < stored.length; at += 2) values.push((((hexDigit(stored.charCodeAt(at)) << 4) | hexDigit(stored.charCodeAt(at + 1))) << 24) >> 24);
    return values;
  }
  const valid = Array.isArray(stored) && stored.length <= 2 * WAVEFORM_OVERVIEW_PIXELS && stored.every((n) => Number.isInteger(n) && n >= -128 && n <= 127);
  return valid ? (stored as number[]) : [];
}

/** The value of a lowercase hex digit's character code. */
function hexDigit(code: number): number {
  return code <= 57 ? code - 48 : code - 87;
}

/** "3:07"; "1:02:05" past an hour; empty when unknown. */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return '';
  const whole = Math.round(seconds);
  const [hours, minutes, secs] = [Math.floor(whole / 3600), Math.floor((whole % 3600) / 60), whole % 60];
  const mm = hours > 0 ? String(minutes).padStart(2, '0') : String(minutes);
  return `${hours > 0 ? `${hours}:` : ''}${mm}:${String(secs).padStart(2, '0')}`;
}

/** Tempos within this share of each other are the same tempo (the tempo benchmark's 4%). */
export const SAME_TEMPO = 0.04;

/**
 * Min/max pairs folded into `pixels` pairs (as many as there are, for a shorter file): min of the mins, max of the
 * maxes, so a coarser view is exact. The table's small waveform is folded once, when the audio is analysed; the
 * player folds the stored waveform to its width.
 */
export function foldPeaks(peaks: ArrayLike<number>, pixels: number): number[] {
  const pairs = Math.floor(peaks.length / 2);
  const width = Math.min(pixels, pairs);
  const folded: number[] = [];
  for (let pixel = 0; pixel < width; pixel++) {
    const from = Math.floor((pixel * pairs) / width);
    const to = Math.max(from + 1, Math.floor(((pixel + 1) * pairs) / width));
    let min = 127;
    let max = -128;
    for (let pair = from; pair < to; pair++) {
      min = Math.min(min, peaks[pair * 2]!);
      max = Math.max(max, peaks[pair * 2 + 1]!);
    }
    folded.push(min, max);
  }
  return folded;
}

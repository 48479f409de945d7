/**
 * Musical keys as musicians write them ("Am", "A minor", "Amin", "a-minor", "F#m", "Gb major", "C") and the
 * one rule for when two spellings name the same key: same tonic pitch (A# is Bb) and same mode. The app
 * stores keys as "C major", "F# minor" (music.ts); older or hand-typed values may be short forms.
 */
import { NOTE_NAMES } from './music';

export type KeyMode = 'major' | 'minor';

export interface MusicalKey {
  /** 0 = C, 1 = C#/Db, ... 11 = B. */
  pitchClass: number;
  mode: KeyMode;
}

const NATURALS: Record<string, number> = { c: 0, d: 2, e: 4, f: 5, g: 7, a: 9, b: 11 };

const KEY_PATTERN = /^([a-g])\s*(#|♯|b|♭|sharp|flat)?\s*[-_]?\s*(m|min|minor|maj|major)?$/i;

/** The key a text names, or null when it names none. No mode given means major ("C" is C major). */
export function parseKey(text: string): MusicalKey | null {
  const match = KEY_PATTERN.exec(text.trim());
  if (!match) return null;
  const [, letter = '', accidental = '', mode = ''] = match;
  const shift = /^(#|♯|sharp)$/i.test(accidental) ? 1 : accidental === '' ? 0 : -1;
  return {
    pitchClass: ((NATURALS[letter.toLowerCase()] ?? 0) + shift + 12) % 12,
    mode: /^m(in(or)?)?$/i.test(mode) && mode !== 'M' ? 'minor' : 'major',
  };
}

/** The app's own spelling: "A minor", "Bb major". */
export function keyName(key: MusicalKey): string {
  return `${NOTE_NAMES[key.pitchClass] ?? 'C'} ${key.mode}`;
}

/** Every name of each pitch: its sharp and flat spellings (B# is C, Fb is E), ASCII and typographic. */
const PITCH_SPELLINGS: readonly string[][] = [
  ['C', 'B#'],
  ['C#', 'Db'],
  ['D'],
  ['D#', 'Eb'],
  ['E', 'Fb'],
  ['F', 'E#'],
  ['F#', 'Gb'],
  ['G'],
  ['G#', 'Ab'],
  ['A'],
  ['A#', 'Bb'],
  ['B', 'Cb'],
].map((names) => names.flatMap((name) => (name.length === 1 ? [name] : [name, name.replace('#', '♯').replace('b', '♭')])));

/**
 * The stored values that name this key, for an equality that ignores case: "A minor", "Am", "Amin", "A min",
 * "Bb minor"... Short majors are "C" and "Cmaj" only: "CM" would equal "Cm" once case is ignored.
 */
export function keySpellings(key: MusicalKey): string[] {
  const suffixes = key.mode === 'major' ? [' major', '', 'maj', ' maj'] : [' minor', 'm', 'min', ' min'];
  return (PITCH_SPELLINGS[key.pitchClass] ?? []).flatMap((note) => suffixes.map((suffix) => `${note}${suffix}`));
}


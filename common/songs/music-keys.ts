/**
 * The one home of musical keys. The app spells a key one way, the way the key picker offers it: sharps for
 * C# and F#, flats for Eb, Ab and Bb ("Eb major", "F# minor"). Every reader names keys through `keyName`, the
 * search and the song query read any spelling through `parseKey` ("Am", "A minor", "Amin", "a-minor", "F#m",
 * "Gb major", "D♯", "C"), and migration 0012 rewrote the spellings older versions stored (`keyRespellings`).
 * Two spellings name the same key when they have the same tonic pitch (A# is Bb) and the same mode.
 */

export type KeyMode = 'major' | 'minor';

export interface MusicalKey {
  /** 0 = C, 1 = C#/Db, ... 11 = B. */
  pitchClass: number;
  mode: KeyMode;
}

/** Each pitch as the app spells it: sharps for C#/F#, flats for the others, as most DAWs and charts do. */
const NOTE_NAMES = ['C', 'C#', 'D', 'Eb', 'E', 'F', 'F#', 'G', 'Ab', 'A', 'Bb', 'B'] as const;

const MODES: readonly KeyMode[] = ['major', 'minor'];

/** The keys the picker offers, in the app's spelling: "C major", "C minor", "C# major", … "B minor". */
export const KEYS: readonly string[] = NOTE_NAMES.flatMap((_, pitchClass) => MODES.map((mode) => keyName({ pitchClass, mode })));

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

/** The app's spelling of a pitch class (taken modulo 12): 3 is "Eb". For scales other than major and minor. */
export function noteName(pitchClass: number): string {
  return NOTE_NAMES[((Math.trunc(pitchClass) % 12) + 12) % 12] ?? 'C';
}

/** The app's own spelling: "A minor", "Bb major". */
export function keyName(key: MusicalKey): string {
  return `${noteName(key.pitchClass)} ${key.mode}`;
}

/** Any spelling of a key in the app's spelling ("D# major" is "Eb major"), or null when the text names none. */
export function canonicalKey(text: string): string | null {
  const key = parseKey(text);
  return key && keyName(key);
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

/**
 * Every other full name of each key ("D# major", "A♯ minor", "Cb major") to the app's spelling: what readers
 * and older versions stored. Migration 0012 holds this table written out; a test keeps the two equal.
 */
export function keyRespellings(): Map<string, string> {
  const respellings = new Map<string, string>();
  PITCH_SPELLINGS.forEach((spellings, pitchClass) => {
    for (const mode of MODES) {
      const name = keyName({ pitchClass, mode });
      for (const note of spellings) if (`${note} ${mode}` !== name) respellings.set(`${note} ${mode}`, name);
    }
  });
  return respellings;
}

/**
 * The song facts a Logic package states in `Alternatives/NNN/MetaData.plist` and
 * `Resources/ProjectInformation.plist`, each checked for type and range: a value of the wrong kind becomes
 * null rather than a guess.
 */
import { keyName, parseKey } from '../../../common/songs/music-keys';
import type { PlistDict, PlistValue } from './plist-value';

export interface LogicSongFields {
  tempo: number | null;
  key: string | null;
  timeSignature: string | null;
  sampleRate: number | null;
  trackCount: number | null;
}

/** Logic's tempo range is 5 to 990 BPM. */
const MIN_TEMPO = 5;
const MAX_TEMPO = 990;
const PLAUSIBLE_SAMPLE_RATES = { min: 8_000, max: 768_000 };
const MAX_SIGNATURE_NUMERATOR = 99;
const SIGNATURE_DENOMINATORS = new Set([1, 2, 4, 8, 16, 32, 64]);
const MAX_TRACKS = 100_000;

export function songFields(metaData: PlistDict): LogicSongFields {
  return {
    tempo: tempoOf(metaData.get('BeatsPerMinute')),
    key: songKey(metaData.get('SongKey'), metaData.get('SongGenderKey')),
    timeSignature: timeSignatureOf(metaData.get('SongSignatureNumerator'), metaData.get('SongSignatureDenominator')),
    sampleRate: integerIn(metaData.get('SampleRate'), PLAUSIBLE_SAMPLE_RATES.min, PLAUSIBLE_SAMPLE_RATES.max),
    trackCount: integerIn(metaData.get('NumberOfTracks'), 0, MAX_TRACKS),
  };
}

/** "Logic Pro X 10.4.4 (4981.1)" -> "Logic Pro X 10.4.4": the build number in brackets is not the version. */
export function savedByOf(projectInformation: PlistDict): string | null {
  const lastSavedFrom = projectInformation.get('LastSavedFrom');
  if (typeof lastSavedFrom !== 'string') return null;
  const version = lastSavedFrom.replace(/\s*\([^()]*\)\s*$/, '').trim();
  return version === '' ? null : version;
}

/** Older Logic versions store an integer, newer ones a real: both arrive here as a number. */
function tempoOf(value: PlistValue | undefined): number | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return null;
  return value >= MIN_TEMPO && value <= MAX_TEMPO ? value : null;
}

const NOTE_NAME = /^[A-G][#♯b♭]?$/;

/**
 * The key, from two strings: `SongKey` is the tonic's note name ("C", "F#", "Bb") and `SongGenderKey` the
 * mode ("major" or "minor"). Both fixtures store "C" + "major" (EXPECTED.md: C major), which fixes the
 * meaning of the two fields. `SignatureKey` (7 in both fixtures) looks like the key signature offset by
 * seven (7 = no sharps or flats) but one observed value cannot confirm that, so it is not read. Any other
 * shape (a number, an unknown mode) gives null rather than a guessed key. Spelled as the app spells keys
 * ("D#" + "major" is "Eb major").
 */
function songKey(tonic: PlistValue | undefined, mode: PlistValue | undefined): string | null {
  if (typeof tonic !== 'string' || typeof mode !== 'string') return null;
  const note = NOTE_NAME.test(tonic.trim()) ? parseKey(tonic) : null;
  const modeName = mode.trim().toLowerCase();
  if (!note || (modeName !== 'major' && modeName !== 'minor')) return null;
  return keyName({ pitchClass: note.pitchClass, mode: modeName });
}

function timeSignatureOf(numerator: PlistValue | undefined, denominator: PlistValue | undefined): string | null {
  const top = integerIn(numerator, 1, MAX_SIGNATURE_NUMERATOR);
  const bottom = integerIn(denominator, 1, 64);
  if (top === null || bottom === null || !SIGNATURE_DENOMINATORS.has(bottom)) return null;
  return `${top}/${bottom}`;
}

function integerIn(value: PlistValue | undefined, min: number, max: number): number | null {
  if (typeof value !== 'number' || !Number.isInteger(value)) return null;
  return value >= min && value <= max ? value : null;
}

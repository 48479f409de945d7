/**
 * Turns the raw strings of a scan into ProjectMeta's fields: the Live version, the tempo and whether it is
 * automated, the time signature, and the key where Live 12 says it can be trusted (FORMATS.md).
 */
import { keyName, noteName } from '../../../common/songs/music-keys';
import { countPlugins, type PluginUse } from '../../../common/projects/plugins';
import type { AlsFacts } from './als-facts';
import { SetRejected } from './set-rejected';

export interface SetFields {
  dawVersion: string | null;
  /** Null when the set states none (no main track, or a Live 8/9 tempo with no events): the rest still counts. */
  tempo: number | null;
  tempoAutomated: boolean;
  timeSignature: string | null;
  key: string | null;
  trackCount: number | null;
  tracks: string[];
  trackIds: string[];
  devices: string[];
  plugins: PluginUse[];
  clipCount: number;
  arrangementBeats: number | null;
}

/**
 * Live 12 stores the scale as an index into its scale list. Published copies of the list agree up to Super
 * Locrian and disagree after it, so a higher index is not trusted: the key is left empty.
 */
const LIVE_12_SCALES = [
  'Major',
  'Minor',
  'Dorian',
  'Mixolydian',
  'Lydian',
  'Phrygian',
  'Locrian',
  'Whole Tone',
  'Half-whole Dim.',
  'Whole-half Dim.',
  'Minor Blues',
  'Minor Pentatonic',
  'Major Pentatonic',
  'Harmonic Minor',
  'Harmonic Major',
  'Dorian #4',
  'Phrygian Dominant',
  'Melodic Minor',
  'Lydian Augmented',
  'Lydian Dominant',
  'Super Locrian',
];
const FIRST_VERSION_WITH_TRUSTED_KEY = 12;
/** Live's denominators are 1 to 16; the encoding has room for 2^6 at most before it stops making sense. */
const MAX_DENOMINATOR_EXPONENT = 6;
const NUMERATORS_PER_DENOMINATOR = 99;

export function setFields(facts: AlsFacts): SetFields {
  if (!facts.sawLiveSet) throw new SetRejected('not an Ableton Live set (no LiveSet element)');
  return {
    dawVersion: facts.creator,
    ...tempoOf(facts),
    timeSignature: timeSignatureOf(facts.timeSignatureManual ?? facts.timeSignatureStartEvent),
    key: (liveMajorVersion(facts) ?? 0) >= FIRST_VERSION_WITH_TRUSTED_KEY && facts.inKey === 'true' ? keyOf(facts) : null,
    trackCount: facts.sawTracks ? facts.trackNames.length : null,
    tracks: facts.trackNames,
    trackIds: facts.trackIds,
    devices: facts.devices,
    plugins: countPlugins(facts.plugins),
    clipCount: facts.clipCount,
    arrangementBeats: facts.arrangementEnd > 0 ? facts.arrangementEnd : null,
  };
}

function tempoOf(facts: AlsFacts): { tempo: number | null; tempoAutomated: boolean } {
  const raw = facts.tempoManual ?? facts.tempoStartEvent;
  // Issue 19: a set whose tempo is nowhere is still a version of the song, with its tracks and samples.
  if (raw === null) return { tempo: null, tempoAutomated: false };
  const tempo = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(tempo)) throw new SetRejected(`tempo is not a number ("${raw.slice(0, 20)}")`);
  const envelopeVaries = facts.envelopes.some(
    (envelope) => envelope.varies && envelope.pointeeId !== null && envelope.pointeeId === facts.tempoTargetId,
  );
  // An envelope holding only the song-start event is what Live writes for an unautomated tempo.
  return { tempo, tempoAutomated: envelopeVaries || facts.tempoEventsVary };
}

/** 201 -> "4/4": numerator = v % 99 + 1, denominator = 2^floor(v / 99). */
export function timeSignatureOf(raw: string | null): string | null {
  if (raw === null || !/^\d{1,4}$/.test(raw)) return null;
  const value = Number(raw);
  const exponent = Math.floor(value / NUMERATORS_PER_DENOMINATOR);
  if (exponent > MAX_DENOMINATOR_EXPONENT) return null;
  return `${(value % NUMERATORS_PER_DENOMINATOR) + 1}/${2 ** exponent}`;
}

/** From MinorVersion ("12.0_12117"), else from Creator ("Ableton Live 12.1d1"). */
function liveMajorVersion(facts: AlsFacts): number | null {
  const match = /^(\d+)\./.exec(facts.minorVersion ?? '') ?? /Live (\d+)/.exec(facts.creator ?? '');
  return match?.[1] ? Number(match[1]) : null;
}

/** Root 0-11 from C; Name a scale index (12.1+) or the scale's name (12.0 betas). Spelled as the app spells keys. */
function keyOf(facts: AlsFacts): string | null {
  const root = facts.scaleRoot !== null && /^\d{1,2}$/.test(facts.scaleRoot) ? Number(facts.scaleRoot) : null;
  const name = facts.scaleName;
  if (root === null || root > 11 || name === null) return null;
  const scale = /^\d{1,3}$/.test(name) ? LIVE_12_SCALES[Number(name)] : name;
  if (scale === undefined || scale === '') return null;
  if (scale === 'Major' || scale === 'Minor') return keyName({ pitchClass: root, mode: scale === 'Major' ? 'major' : 'minor' });
  return `${noteName(root)} ${scale}`;
}

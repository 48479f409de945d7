/**
 * Tempo, meter and key from a session's rulers. Layouts from the ptformat fork of Tadas Dailyda
 * (skirsdeda/ptformat-objc, LGPL-2.1), which read them from sessions made for the purpose; our fixtures
 * confirm the tempo layout (120 BPM, one event, in six of seven sessions) but hold no meter or key event.
 * A map whose layout does not check out gives null: these are niceties, not a reason to lose the session.
 *
 * Each map's content starts with its type (2 bytes), a label ("Tempo", "Meter"), and at offset 13 an event
 * count; events follow at offset 17. Positions are in ticks from 10^12 (Pro Tools' zero); all numbers are in
 * the session's byte order.
 */
import { keyName } from '../../../common/songs/music-keys';
import { childBlocks, type Block } from './block-tree';
import { CONTENT_TYPE } from './content-types';
import type { SessionBytes } from './session-bytes';

export interface TimeMaps {
  tempo: number | null;
  tempoAutomated: boolean;
  timeSignature: string | null;
  key: string | null;
}

const EVENT_COUNT_OFFSET = 13;
const FIRST_EVENT_OFFSET = 17;
/** A tempo event: 34 bytes ("Const", "TMS" and counters), position (8), 2 bytes, tempo (double), beat length (8), 1 byte. */
const TEMPO_EVENT_BYTES = 61;
const TEMPO_OFFSET_IN_EVENT = 44;
const BEAT_LENGTH_OFFSET_IN_EVENT = 52;
/** Ticks per thirty-second note: every beat length Pro Tools writes is a whole number of them. */
const TICKS_PER_THIRTY_SECOND = 120_000n;
const PRO_TOOLS_TEMPO_RANGE = { min: 5, max: 999 };
/** A meter event: position (8), bar number (4), numerator (4), denominator (4), 16 more bytes. */
const METER_EVENT_BYTES = 36;
/** A key signature: content type (2), position (8), major flag, sharps flag, number of sharps or flats. */
const KEY_SIGNATURE_BYTES = 13;

export function timeMapsOf(
  session: SessionBytes,
  tempoMap: Block | undefined,
  meterMap: Block | undefined,
  keySignatures: Block | undefined,
): TimeMaps {
  const tempos = tempoMap ? tempoEvents(session, tempoMap) : null;
  const firstTempo = tempos?.[0] ?? null;
  return {
    tempo: firstTempo,
    tempoAutomated: tempos !== null && tempos.some((tempo) => tempo !== firstTempo),
    timeSignature: meterMap ? firstMeter(session, meterMap) : null,
    key: keySignatures ? firstKey(session, keySignatures) : null,
  };
}

/** The tempos in ruler order, or null if the map does not have the layout we know. */
function tempoEvents(session: SessionBytes, map: Block): number[] | null {
  const count = eventCount(session, map, TEMPO_EVENT_BYTES);
  if (count === null) return null;
  const tempos: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const event = map.contentStart + FIRST_EVENT_OFFSET + index * TEMPO_EVENT_BYTES;
    const tempo = session.f64(event + TEMPO_OFFSET_IN_EVENT, map.end);
    const beatLength = session.u64(event + BEAT_LENGTH_OFFSET_IN_EVENT, map.end);
    const plausible = tempo >= PRO_TOOLS_TEMPO_RANGE.min && tempo <= PRO_TOOLS_TEMPO_RANGE.max;
    if (!plausible || beatLength === 0n || beatLength % TICKS_PER_THIRTY_SECOND !== 0n) return null;
    tempos.push(tempo);
  }
  return tempos;
}

function firstMeter(session: SessionBytes, map: Block): string | null {
  const count = eventCount(session, map, METER_EVENT_BYTES);
  if (count === null || count === 0) return null;
  const event = map.contentStart + FIRST_EVENT_OFFSET;
  const numerator = session.u32(event + 12, map.end);
  const denominator = session.u32(event + 16, map.end);
  const powerOfTwo = denominator > 0 && (denominator & (denominator - 1)) === 0;
  if (numerator < 1 || numerator > 99 || !powerOfTwo || denominator > 64) return null;
  return `${numerator}/${denominator}`;
}

/** The event count, if the block is long enough to hold that many events of `eventBytes`. */
function eventCount(session: SessionBytes, map: Block, eventBytes: number): number | null {
  if (map.end - map.contentStart < FIRST_EVENT_OFFSET) return null;
  const count = session.u32(map.contentStart + EVENT_COUNT_OFFSET, map.end);
  return FIRST_EVENT_OFFSET + count * eventBytes <= map.end - map.contentStart ? count : null;
}

/** Each sharp moves the major tonic up a fifth (7 semitones), each flat down one; a minor key is 3 below. */
const FIFTH = 7;
const RELATIVE_MINOR = 9;

/** The key at the start of the key ruler, named from its signature: minor with three sharps is "F# minor". */
function firstKey(session: SessionBytes, list: Block): string | null {
  const first = childBlocks(session, list, CONTENT_TYPE.keySignature).next();
  if (first.done || first.value.end - first.value.contentStart < KEY_SIGNATURE_BYTES) return null;
  const start = first.value.contentStart;
  const isMajor = session.u8(start + 10);
  const isSharp = session.u8(start + 11);
  const accidentals = session.u8(start + 12);
  if (isMajor > 1 || isSharp > 1 || accidentals > 7) return null;
  const tonic = (isSharp ? FIFTH : -FIFTH) * accidentals + (isMajor ? 0 : RELATIVE_MINOR);
  return keyName({ pitchClass: ((tonic % 12) + 12) % 12, mode: isMajor ? 'major' : 'minor' });
}

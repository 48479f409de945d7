/**
 * A song's comments as markers for the DAW (issue 33): a CSV (time, name, comment), an Audacity label track, and a
 * Standard MIDI File with a marker event at each comment's time, which Live, Logic and Pro Tools import. The MIDI
 * file states its tempo (the song's, else 120 BPM) so its ticks land on the comments' seconds.
 */
import type { ShareComment } from '../cloud/shares';

type Marked = Pick<ShareComment, 'atS' | 'name' | 'body'>;

const sorted = (comments: readonly Marked[]) => [...comments].sort((a, b) => a.atS - b.atS);
const label = (comment: Marked) => `${comment.name}: ${comment.body}`.replace(/\s+/g, ' ').trim();

function csvCell(text: string): string {
  // A cell a spreadsheet would read as a formula is quoted as text.
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function markersCsv(comments: readonly Marked[]): string {
  const rows = sorted(comments).map((comment) => [comment.atS.toFixed(3), csvCell(comment.name), csvCell(comment.body)].join(','));
  return ['time_s,name,comment', ...rows].join('\r\n') + '\r\n';
}

/** Audacity's label track: start and end in seconds, tab, the label; a point label ends where it starts. */
export function audacityLabels(comments: readonly Marked[]): string {
  return sorted(comments).map((comment) => `${comment.atS.toFixed(6)}\t${comment.atS.toFixed(6)}\t${label(comment).replace(/\t/g, ' ')}\n`).join('');
}

/** Ticks per quarter note of the MIDI file. */
export const MARKER_TICKS_PER_QUARTER = 480;

export function markersMidi(comments: readonly Marked[], bpm: number | null = null): Uint8Array {
  const tempo = bpm !== null && Number.isFinite(bpm) && bpm >= 20 && bpm <= 400 ? bpm : 120;
  const microsPerQuarter = Math.round(60_000_000 / tempo);
  const ticksPerSecond = (MARKER_TICKS_PER_QUARTER * 1_000_000) / microsPerQuarter;
  const track: number[] = [];
  // The tempo at tick 0, then one marker (meta event 06) per comment.
  track.push(0, 0xff, 0x51, 0x03, (microsPerQuarter >> 16) & 0xff, (microsPerQuarter >> 8) & 0xff, microsPerQuarter & 0xff);
  let previous = 0;
  for (const comment of sorted(comments)) {
    const tick = Math.max(previous, Math.round(comment.atS * ticksPerSecond));
    const text = utf8(label(comment).slice(0, 500));
    track.push(...variableLength(tick - previous), 0xff, 0x06, ...variableLength(text.length), ...text);
    previous = tick;
  }
  track.push(0, 0xff, 0x2f, 0x00);
  const header = [0x4d, 0x54, 0x68, 0x64, 0, 0, 0, 6, 0, 0, 0, 1, (MARKER_TICKS_PER_QUARTER >> 8) & 0xff, MARKER_TICKS_PER_QUARTER & 0xff];
  const length = track.length;
  return Uint8Array.from([...header, 0x4d, 0x54, 0x72, 0x6b, (length >>> 24) & 0xff, (length >>> 16) & 0xff, (length >>> 8) & 0xff, length & 0xff, ...track]);
}

/** A MIDI variable-length quantity: 7 bits a byte, the high bit set on all but the last. */
function variableLength(value: number): number[] {
  const bytes = [value & 0x7f];
  for (let rest = value >>> 7; rest > 0; rest >>>= 7) bytes.unshift((rest & 0x7f) | 0x80);
  return bytes;
}

/** UTF-8 bytes (common/ has no TextEncoder: it runs where neither the DOM's nor Node's types are). */
function utf8(text: string): number[] {
  const bytes: number[] = [];
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code < 0x80) bytes.push(code);
    else if (code < 0x800) bytes.push(0xc0 | (code >> 6), 0x80 | (code & 63));
    else if (code < 0x10000) bytes.push(0xe0 | (code >> 12), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63));
    else bytes.push(0xf0 | (code >> 18), 0x80 | ((code >> 12) & 63), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63));
  }
  return bytes;
}

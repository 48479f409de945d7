import { describe, expect, it } from 'vitest';
import { audacityLabels, MARKER_TICKS_PER_QUARTER, markersCsv, markersMidi } from './comment-markers';

const comments = [
  { atS: 92.5, name: 'Lee', body: 'Vocal too loud, "really"' },
  { atS: 4, name: 'Mo', body: '=SUM(A1) snare\nbright' },
];
const unicode = [{ atS: 150.25, name: 'Zoë', body: '音 ok 🎧' }];

/** Reads back a format-0 SMF: its division, tempo and each marker's time in seconds. */
function readMarkers(bytes: Uint8Array): { division: number; tempo: number; markers: [number, string][] } {
  const text = (from: number, to: number) => new TextDecoder().decode(bytes.slice(from, to));
  expect(text(0, 4)).toBe('MThd');
  const division = (bytes[12]! << 8) | bytes[13]!;
  expect(text(14, 18)).toBe('MTrk');
  const end = 22 + ((bytes[18]! << 24) | (bytes[19]! << 16) | (bytes[20]! << 8) | bytes[21]!);
  expect(end).toBe(bytes.length);
  let at = 22;
  let tick = 0;
  let tempo = 500_000;
  const markers: [number, string][] = [];
  const quantity = () => {
    let value = 0;
    for (;;) {
      const byte = bytes[at++]!;
      value = (value << 7) | (byte & 0x7f);
      if (byte < 0x80) return value;
    }
  };
  while (at < end) {
    tick += quantity();
    expect(bytes[at++]).toBe(0xff);
    const type = bytes[at++]!;
    const length = quantity();
    if (type === 0x51) tempo = (bytes[at]! << 16) | (bytes[at + 1]! << 8) | bytes[at + 2]!;
    if (type === 0x06) markers.push([(tick * tempo) / division / 1_000_000, text(at, at + length)]);
    at += length;
  }
  return { division, tempo, markers };
}

describe('comments as markers', () => {
  it('writes a Standard MIDI File whose marker events fall on the comments’ seconds, at the song’s tempo', () => {
    for (const bpm of [null, 87, 174]) {
      const { division, markers } = readMarkers(markersMidi(comments, bpm));
      expect(division).toBe(MARKER_TICKS_PER_QUARTER);
      expect(markers.map(([seconds]) => Math.round(seconds * 100) / 100)).toEqual([4, 92.5]);
      expect(markers.map(([, name]) => name)).toEqual(['Mo: =SUM(A1) snare bright', 'Lee: Vocal too loud, "really"']);
    }
  });

  it('keeps any script and emoji in a marker (UTF-8)', () => {
    expect(readMarkers(markersMidi(unicode)).markers).toEqual([[150.25, 'Zoë: 音 ok 🎧']]);
  });

  it('writes a CSV a spreadsheet reads as text, and an Audacity label track', () => {
    expect(markersCsv(comments)).toBe('time_s,name,comment\r\n4.000,Mo,"\'=SUM(A1) snare\nbright"\r\n92.500,Lee,"Vocal too loud, ""really"""\r\n');
    expect(audacityLabels(comments)).toBe('4.000000\t4.000000\tMo: =SUM(A1) snare bright\n92.500000\t92.500000\tLee: Vocal too loud, "really"\n');
  });
});

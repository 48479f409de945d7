// Every list of a project's meta is cut to its cap, with its full length kept; lists within their caps are left whole.
// The project's title, artist and genre are held to one rule, whether a reader's or stored JSON of any shape.
import { describe, expect, it } from 'vitest';
import { MAX_CREDIT_CHARS, MAX_META_DEVICES, MAX_META_TRACKS, capProjectMeta, creditsOf, type ProjectMeta } from './project-meta';

const names = (count: number, prefix: string) => Array.from({ length: count }, (_, index) => `${prefix} ${index}`);

const META: ProjectMeta = {
  daw: 'ableton',
  dawVersion: 'Ableton Live 12.1.5',
  tempo: 120,
  tempoAutomated: false,
  timeSignature: '4/4',
  key: null,
  sampleRate: 48_000,
  trackCount: 3,
  tracks: names(3, 'Track'),
  trackIds: ['10', '11', '12'],
  devices: names(2, 'Eq8'),
  plugins: [{ name: 'Serum', format: 'VST3', instances: 2 }],
  samples: names(4, 'Take'),
  missingSamples: names(1, 'Take'),
};

describe('capProjectMeta', () => {
  it('leaves lists within their caps whole and says nothing was cut', () => {
    expect(capProjectMeta(META)).toEqual(META);
  });

  it('cuts devices and tracks, with their ids, keeping the full lengths beside them', () => {
    const capped = capProjectMeta({ ...META, devices: names(MAX_META_DEVICES + 1, 'Device'), tracks: names(MAX_META_TRACKS + 2, 'Track'), trackIds: names(MAX_META_TRACKS + 2, 'id') });
    expect(capped.devices).toEqual(names(MAX_META_DEVICES, 'Device'));
    expect(capped.tracks).toHaveLength(MAX_META_TRACKS);
    expect(capped.trackIds).toHaveLength(MAX_META_TRACKS);
    expect(capped.listTotals).toEqual({ devices: MAX_META_DEVICES + 1, tracks: MAX_META_TRACKS + 2 });
  });

  it('keeps the track ids parallel to the tracks even when only the ids are too many', () => {
    expect(capProjectMeta({ ...META, trackIds: names(MAX_META_TRACKS + 1, 'id') }).trackIds).toHaveLength(MAX_META_TRACKS);
  });
});

describe('creditsOf', () => {
  it('keeps the texts trimmed and drops the empty ones, and the whole when none is left', () => {
    expect(creditsOf({ title: ' Night Drive ', artist: '', genre: 'House' })).toEqual({ title: 'Night Drive', genre: 'House' });
    expect(creditsOf({ title: ' ', artist: '\t' })).toBeUndefined();
  });

  it('cuts each text to MAX_CREDIT_CHARS, never inside a surrogate pair', () => {
    expect(creditsOf({ title: 'a'.repeat(MAX_CREDIT_CHARS + 1) })).toEqual({ title: 'a'.repeat(MAX_CREDIT_CHARS) });
    // 'a' then emoji: the 200th UTF-16 unit is the first half of one.
    expect(creditsOf({ artist: `a${'🎸'.repeat(MAX_CREDIT_CHARS)}` })).toEqual({ artist: `a${'🎸'.repeat(MAX_CREDIT_CHARS / 2 - 1)}` });
  });

  it.each([
    ['null', null],
    ['a string', 'Night Drive'],
    ['a list', ['Night Drive']],
    ['texts of other kinds', { title: 42, artist: ['Ana'], genre: { name: 'House' } }],
  ])('reads stored credits that are %s as none', (_, stored) => {
    expect(creditsOf(stored)).toBeUndefined();
  });

  it('keeps only the three texts of stored credits, whatever else another computer put beside them', () => {
    expect(creditsOf({ title: 'Night Drive', album: 'EP', composer: 'Ana' })).toEqual({ title: 'Night Drive' });
  });
});

describe('capProjectMeta on credits', () => {
  it('holds a reader’s credits to creditsOf, and leaves them out when nothing is left', () => {
    expect(capProjectMeta({ ...META, credits: { title: 'x'.repeat(5000), artist: ' Ana ' } }).credits).toEqual({ title: 'x'.repeat(MAX_CREDIT_CHARS), artist: 'Ana' });
    expect(capProjectMeta({ ...META, credits: { genre: '' } })).not.toHaveProperty('credits');
  });
});

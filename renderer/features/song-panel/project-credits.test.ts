import { describe, expect, it } from 'vitest';
import { MAX_CREDIT_CHARS } from '../../../common/projects/project-meta';
import type { JsonValue } from '../../../common/bridge/schema-parts';
import { creditFacts, patternFacts } from './project-credits';

const song = (name: string, credits?: JsonValue): { name: string; meta: Record<string, JsonValue> } => ({ name, meta: credits === undefined ? {} : { credits } });

describe('the song panel’s rows for the project’s title, artist and genre', () => {
  it('shows each one the project stores, in order', () => {
    expect(creditFacts(song('Tape 3', { title: 'Night Drive', artist: 'Ana & Bo', genre: 'Synthwave' }))).toEqual([
      ['Title in project', 'Night Drive'],
      ['Artist', 'Ana & Bo'],
      ['Genre', 'Synthwave'],
    ]);
  });

  it('shows none for a song whose project stores none, or an older read that cleared them', () => {
    expect(creditFacts(song('Tape 3'))).toEqual([]);
    expect(creditFacts(song('Tape 3', null))).toEqual([]);
  });

  it('leaves out a title that only repeats the song’s name', () => {
    expect(creditFacts(song('Slow Burn', { title: 'slow burn', artist: 'Ana' }))).toEqual([['Artist', 'Ana']]);
  });

  it('shows a hostile stored value cut, and nothing for one that is not text', () => {
    expect(creditFacts(song('Tape 3', { title: 'x'.repeat(100_000), artist: { html: '<b>' }, genre: 7 }))).toEqual([['Title in project', 'x'.repeat(MAX_CREDIT_CHARS)]]);
  });
});

describe('the song panel’s line for values found by pattern, not stated by the project', () => {
  it('names Bitwig’s tempo as found by pattern, and nothing for a project that states its values', () => {
    expect(patternFacts({ meta: { tempo: 119.999992, heuristic: ['tempo'] } })).toBe('tempo 120 BPM (found by pattern: check it)');
    expect(patternFacts({ meta: { tempo: 120, heuristic: null } })).toBeNull();
    expect(patternFacts({ meta: { tempo: 120 } })).toBeNull();
    // A tempo the project did not give (null) is no value to check.
    expect(patternFacts({ meta: { tempo: null, heuristic: ['tempo'] } })).toBeNull();
    // From the cloud, anything: only what it names and holds is shown.
    expect(patternFacts({ meta: { heuristic: 'tempo', tempo: 90 } })).toBeNull();
  });
});

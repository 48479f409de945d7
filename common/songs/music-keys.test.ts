import { describe, expect, it } from 'vitest';
import { canonicalKey, KEYS, keyName, keyRespellings, keySpellings, parseKey } from './music-keys';

describe('musical keys', () => {
  it.each([
    ['Am', 'A minor'],
    ['A minor', 'A minor'],
    ['a-minor', 'A minor'],
    ['A min', 'A minor'],
    ['F#m', 'F# minor'],
    ['F♯ minor', 'F# minor'],
    ['F sharp minor', 'F# minor'],
    ['Gbm', 'F# minor'],
    ['A#', 'Bb major'],
    ['B flat', 'Bb major'],
    ['Cb', 'B major'],
    ['E#', 'F major'],
    ['C', 'C major'],
    ['Cmaj', 'C major'],
    ['CM', 'C major'],
    ['bm', 'B minor'],
  ])('%s names %s', (text, name) => {
    const key = parseKey(text);
    expect(key && keyName(key)).toBe(name);
  });

  it.each(['', 'H', 'Am7', 'C major minor', 'minor'])('%j names no key', (text) => {
    expect(parseKey(text)).toBeNull();
  });

  it('spells a key every way it may be stored, enharmonics included', () => {
    const spellings = keySpellings({ pitchClass: 10, mode: 'minor' });
    expect(spellings).toEqual(expect.arrayContaining(['Bb minor', 'A# minor', 'Bbm', 'A#m', 'Bb min', 'B♭ minor']));
    expect(keySpellings({ pitchClass: 0, mode: 'major' })).toEqual(expect.arrayContaining(['C major', 'C', 'Cmaj', 'B# major']));
    // "Cm" ignoring case must never be among C major's spellings.
    expect(keySpellings({ pitchClass: 0, mode: 'major' }).map((spelling) => spelling.toLowerCase())).not.toContain('cm');
  });

  it('offers 24 keys, each spelled once, in pitch order major then minor', () => {
    expect(KEYS).toHaveLength(24);
    expect(new Set(KEYS).size).toBe(24);
    expect(KEYS.slice(0, 8)).toEqual(['C major', 'C minor', 'C# major', 'C# minor', 'D major', 'D minor', 'Eb major', 'Eb minor']);
  });

  it.each([
    ['D# major', 'Eb major'],
    ['A# minor', 'Bb minor'],
    ['G#m', 'Ab minor'],
    ['Db major', 'C# major'],
    ['Gb major', 'F# major'],
    ['Cb major', 'B major'],
    ['E♭ major', 'Eb major'],
    ['Eb major', 'Eb major'],
    ['Dorian', null],
  ])('reads %j as the picker spells it: %j', (text, name) => {
    expect(canonicalKey(text)).toBe(name);
  });

  it('names every key as the picker offers it, from any spelling', () => {
    for (const name of KEYS) {
      const key = parseKey(name);
      expect(key && keyName(key)).toBe(name);
      for (const spelling of keySpellings(key ?? { pitchClass: 0, mode: 'major' })) expect(canonicalKey(spelling)).toBe(name);
    }
  });

  it('respells every other full name of a key to the picker spelling, and never a picker name', () => {
    const respellings = keyRespellings();
    expect(respellings.get('D# major')).toBe('Eb major');
    expect(respellings.get('A♯ minor')).toBe('Bb minor');
    for (const [from, to] of respellings) {
      expect(KEYS).not.toContain(from);
      expect(canonicalKey(from)).toBe(to);
    }
  });
});

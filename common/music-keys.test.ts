import { describe, expect, it } from 'vitest';
import { keyName, keySpellings, parseKey } from './music-keys';

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
});

/**
 * The real LMMS projects of ../shared (fixtures/daw2/EXPECTED.md, "LMMS"), held to the values an independent reader
 * found in them; skipped on a clone without them.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { corpusTitle2, hasSharedFixtures2, SHARED_FIXTURES_2 } from '../../../fixtures/shared-fixtures';
import { readLmms } from './read-lmms';

const LMMS = path.join(SHARED_FIXTURES_2, 'lmms');

/** EXPECTED.md's LMMS table: the bold part of the version, and the tracks it names (the first six of each). */
const EXPECTED = [
  {
    file: 'Farbro-Tectonic/Farbro-Tectonic.mmpz',
    version: '1.3.0',
    tempo: 140,
    trackCount: 17,
    tracks: ['fill out', 'ride', 'fill', 'kick', 'snare', 'sidestick'],
  },
  {
    file: 'StrictProduction-DearJonDoe/StrictProduction-DearJonDoe.mmp',
    version: '1.2.0',
    tempo: 87,
    trackCount: 9,
    tracks: ['Beat/Bassline 0', 'Beat/Bassline 1', 'Beat/Bassline 2', 'Beat/Bassline 3', 'Beat/Bassline 4', 'Beat/Bassline 5'],
  },
];

describe.skipIf(!hasSharedFixtures2)(corpusTitle2('readLmms on the shared LMMS projects'), () => {
  it.each(EXPECTED)('reads $file as EXPECTED.md states', async (expected) => {
    const meta = await readLmms(path.join(LMMS, ...expected.file.split('/')));
    expect(meta.daw).toBe('lmms');
    expect(meta.dawVersion).toContain(expected.version);
    expect(Math.abs((meta.tempo ?? Number.NaN) - expected.tempo)).toBeLessThanOrEqual(0.05);
    expect(meta.timeSignature).toBe('4/4');
    expect(meta.key).toBeNull();
    expect(meta.trackCount).toBe(expected.trackCount);
    expect(meta.tracks.slice(0, expected.tracks.length)).toEqual(expected.tracks);
  });

  it.each(EXPECTED)('lists no plug-in for $file: its LADSPA effects and instruments are LMMS’s own', async (expected) => {
    const meta = await readLmms(path.join(LMMS, ...expected.file.split('/')));
    expect(meta.plugins).toEqual([]);
    // Every sample is LMMS's factory content (`factorysample:` or a bare library path): none is the project's own.
    expect(meta.samples).toEqual([]);
  });
});

/** The DAWproject files of ../shared (fixtures/daw2/EXPECTED.md); skipped on a clone without them. */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { corpusTitle2, hasSharedFixtures2, SHARED_FIXTURES_2 } from '../../../fixtures/shared-fixtures';
import { readDawproject } from './read-dawproject';

const TRACKS_5 = ['Track 1', 'Track 2', 'Track 3', 'Track 4', 'Track 5'];

/** EXPECTED.md, "DAWproject": all three written by a library's test (Application "Test" 1.0), no TimeSignature. */
const EXPECTED = [
  { file: 'test-complex/test-complex.dawproject', tracks: ['Track 1', 'Track 2', 'Track 3'], plugins: [{ name: 'Limiter', format: 'VST3', instances: 1 }] },
  { file: 'testfile/testfile.dawproject', tracks: TRACKS_5, plugins: [] },
  { file: 'testfile2/testfile2.dawproject', tracks: TRACKS_5, plugins: [{ name: 'Limiter', format: 'VST3', instances: 1 }] },
];

describe.skipIf(!hasSharedFixtures2)(corpusTitle2('readDawproject on the shared DAWproject files'), () => {
  it.each(EXPECTED)('reads $file as EXPECTED.md states', async (expected) => {
    const meta = await readDawproject(path.join(SHARED_FIXTURES_2, 'dawproject', ...expected.file.split('/')));
    expect(meta).toMatchObject({
      daw: 'dawproject',
      dawVersion: 'Test 1.0',
      tempo: 120,
      tempoAutomated: false,
      timeSignature: null,
      trackCount: expected.tracks.length,
      tracks: expected.tracks,
      samples: [],
    });
    // The Limiter is a Vst3Plugin on the master's channel: a plug-in in a plug-in format, whatever its name.
    expect(meta.plugins).toEqual(expected.plugins);
  });
});

/**
 * The real Ardour session of ../shared (fixtures/daw2/EXPECTED.md, "Ardour"), held to the values an independent reader
 * found in it; skipped on a clone without it.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { UnreadableFileError } from '../../../common/projects/project-meta';
import { corpusTitle2, hasSharedFixtures2, SHARED_FIXTURES_2 } from '../../../fixtures/shared-fixtures';
import { readArdour } from './read-ardour';

const SESSION_FOLDER = path.join(SHARED_FIXTURES_2, 'ardour', '1region');

describe.skipIf(!hasSharedFixtures2)(corpusTitle2('readArdour on the shared Ardour session'), () => {
  it('reads 1region/1region.ardour as EXPECTED.md states', async () => {
    const meta = await readArdour(path.join(SESSION_FOLDER, '1region.ardour'));
    expect(meta.daw).toBe('ardour');
    expect(meta.dawVersion).toContain('3001');
    expect(Math.abs((meta.tempo ?? Number.NaN) - 120)).toBeLessThanOrEqual(0.05);
    expect(meta.timeSignature).toBe('4/4');
    expect(meta.key).toBeNull();
    expect(meta.trackCount).toBe(1);
    expect(meta.tracks).toEqual(['MIDI 1']);
    // Plug-ins are not asserted by EXPECTED.md ("—"); the session loads none in a tracked format.
    expect(meta.plugins).toEqual([]);
    // Its one source is MIDI: not an audio sample.
    expect(meta.samples).toEqual([]);
  });

  it.each(['1region.history', 'instant.xml'])('refuses %s, a session file that is not the session', async (name) => {
    await expect(readArdour(path.join(SESSION_FOLDER, name))).rejects.toBeInstanceOf(UnreadableFileError);
  });
});

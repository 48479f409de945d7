/** The real Bitwig project of ../shared (fixtures/daw2/EXPECTED.md); skipped on a clone without it. */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { UnreadableFileError } from '../../../common/projects/project-meta';
import { corpusTitle2, hasSharedFixtures2, SHARED_FIXTURES_2 } from '../../../fixtures/shared-fixtures';
import { readBitwig } from './read-bitwig';

const FOLDER = path.join(SHARED_FIXTURES_2, 'bitwig', 'NKS-Preview-Generator');

/** The project and Bitwig's auto-backup of an earlier save (a version of it: it reads the same way). */
const PROJECTS = ['NKS-Preview-Generator.bwproject', 'auto-backups/NKS-Preview-Generator/NKS-Preview-Generator [2020-09-18 022911].bwproject'];

describe.skipIf(!hasSharedFixtures2)(corpusTitle2('readBitwig on the shared Bitwig project'), () => {
  it.each(PROJECTS)('reads %s as EXPECTED.md states', async (file) => {
    const meta = await readBitwig(path.join(FOLDER, ...file.split('/')));
    expect(meta).toMatchObject({ daw: 'bitwig', timeSignature: null, key: null, trackCount: 1, tracks: ['Inst 1'], samples: [] });
    expect(meta.dawVersion).toContain('3.2.7');
    // The heuristic tempo: the first f64 field 0x2c8 after the body offset.
    expect(meta.tempo).toBeCloseTo(120, 2);
    // Not decodable: absent, never an empty list that would claim "none".
    expect(meta.plugins).toBeUndefined();
    // Its meta block holds title, artist and genre, all empty (the creator, "Masafumi", is not the artist): no credits.
    expect(meta).not.toHaveProperty('credits');
  });

  it('refuses the clips beside it: Bitwig documents of another type', async () => {
    const failure = await readBitwig(path.join(FOLDER, 'NKS-Preview-C1-Single.bwclip')).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(UnreadableFileError);
    expect((failure as UnreadableFileError).reason).toBe('is not a Bitwig project (its type is application/bitwig-note-clip)');
  });
});

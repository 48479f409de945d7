/**
 * Seeded mutations of generated projects (both containers) and, where ../shared is beside the clone, of the real one:
 * each read ends in a ProjectMeta or an UnreadableFileError, never another exception and never a hang.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasSharedFixtures2, SHARED_FIXTURES_2 } from '../../../fixtures/shared-fixtures';
import { bitwigProjectBytes } from '../../synthetic/bitwig';
import { seededRandom } from '../../synthetic/seeded-random';
import { mutate, readMutant, type Outcomes } from '../fuzz-mutations.test-support';
import { readBitwig } from './read-bitwig';

let workDir: string;

beforeAll(async () => {
  workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'songshelf-bitwig-fuzz-'));
});

afterAll(async () => {
  await fs.rm(workDir, { recursive: true, force: true });
});

describe('readBitwig under seeded mutations', () => {
  it('ends every read of 3,000 mutated projects in a ProjectMeta or an UnreadableFileError', async () => {
    const sources = [
      bitwigProjectBytes({ container: '0003', tracks: ['Bass', 'Keys'], effectTracks: ['FX'], usedFiles: ['Samples/a.wav'], bodyBytes: 256 }),
      bitwigProjectBytes({ container: '0001', tracks: ['Bass'], usedFiles: ['/x/b.wav'], bodyBytes: 256 }),
    ];
    if (hasSharedFixtures2) sources.push(await fs.readFile(path.join(SHARED_FIXTURES_2, 'bitwig', 'NKS-Preview-Generator', 'NKS-Preview-Generator.bwproject')));
    const random = seededRandom(4345);
    const filePath = path.join(workDir, 'Mutant.bwproject');
    const outcomes: Outcomes = { read: 0, refused: 0 };
    for (let run = 0; run < 3000; run++) {
      // Most damage falls in the body, which is not decoded: aim half the runs at the header and meta block.
      const source = sources[run % sources.length] ?? Buffer.alloc(0);
      const target = run % 2 === 0 ? source : source.subarray(0, 0x400);
      const mutated = mutate(target, random);
      await fs.writeFile(filePath, target === source ? mutated : Buffer.concat([mutated, source.subarray(0x400)]));
      await readMutant(outcomes, 'bitwig', `run ${run}`, () => readBitwig(filePath));
    }
    expect(outcomes.read).toBeGreaterThan(100);
    expect(outcomes.refused).toBeGreaterThan(100);
  }, 30_000);
});

/**
 * Seeded mutations of a generated DAWproject, of the archive's bytes and of project.xml inside it (re-zipped, so the
 * XML scan sees the damage rather than the CRC check): each read ends in a ProjectMeta or an UnreadableFileError,
 * never another exception and never a hang.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dawprojectBytes, dawprojectParts, type DawprojectOptions } from '../../synthetic/dawproject';
import { seededRandom } from '../../synthetic/seeded-random';
import { zipBytes } from '../../synthetic/zip-writer';
import { mutate, readMutant, type Outcomes } from '../fuzz-mutations.test-support';
import { readDawproject } from './read-dawproject';

let workDir: string;

beforeAll(async () => {
  workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'songshelf-dawproject-fuzz-'));
});

afterAll(async () => {
  await fs.rm(workDir, { recursive: true, force: true });
});

const OPTIONS: DawprojectOptions = { tempoPoints: [120, 126], notesPerClip: 4 };

describe('readDawproject under seeded mutations', () => {
  it('ends every read of 3,000 mutated exports in a ProjectMeta or an UnreadableFileError', async () => {
    const random = seededRandom(4344);
    const whole = dawprojectBytes(OPTIONS);
    // Stored, not deflated: the mutated part is zipped again on every run, and deflating would cost most of the time.
    const parts = dawprojectParts(OPTIONS).map((part) => ({ ...part, method: 'store' as const }));
    const filePath = path.join(workDir, 'Mutant.dawproject');
    const outcomes: Outcomes = { read: 0, refused: 0 };
    for (let run = 0; run < 3000; run++) {
      const bytes = run % 2 === 0 ? mutate(whole, random) : zipBytes(parts.map((part) => (part.name === 'project.xml' ? { ...part, data: mutate(Buffer.from(part.data ?? ''), random) } : part)));
      await fs.writeFile(filePath, bytes);
      await readMutant(outcomes, 'dawproject', `run ${run}`, () => readDawproject(filePath));
    }
    expect(outcomes.read).toBeGreaterThan(100);
    expect(outcomes.refused).toBeGreaterThan(100);
  }, 30_000);
});

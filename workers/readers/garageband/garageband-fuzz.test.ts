/**
 * Seeded mutations of a GarageBand package's two plists, binary and XML (no GarageBand fixture exists: the packages
 * are written by workers/synthetic/garageband.ts). Each read must end in a ProjectMeta holding only sound values, or
 * in UnreadableFileError, never in another exception or a hang. The seeds are fixed, so a failure replays.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { UnreadableFileError, type ProjectMeta } from '../../../common/projects/project-meta';
import { writeGarageBand } from '../../synthetic/garageband';
import { seededRandom } from '../../synthetic/seeded-random';
import { duplicateRegion, overwriteBytes, pick, readMutant, truncate, writeHugeWord, type Outcomes } from '../fuzz-mutations.test-support';
import { readGarageBand } from './read-garageband';

const MUTATIONS_PER_PLIST = 500;
const HUGE_NUMBERS = [0xffffffff, 0x7fffffff, 0x80000000, 0x0fffffff];
const PLISTS = ['Resources/ProjectInformation.plist', 'Alternatives/000/MetaData.plist'];

/** Each keeps to what a damaged or hostile file can do: cut it, flip bytes, lie about an offset or count, repeat a region. */
const MUTATIONS: ((bytes: Buffer, random: () => number) => Buffer)[] = [
  truncate,
  (bytes, random) => overwriteBytes(bytes, random, 6),
  (bytes, random) => (bytes.length >= 4 ? writeHugeWord(bytes, random, HUGE_NUMBERS, bytes.length - 3) : Buffer.from(bytes)),
  (bytes, random) => duplicateRegion(bytes, random, 512, 2),
];

function expectSound(meta: ProjectMeta): void {
  expect(meta.daw).toBe('garageband');
  expect(meta.dawVersion === null || (meta.dawVersion.length > 0 && [...meta.dawVersion].every((char) => char >= ' '))).toBe(true);
  expect(meta.tempo === null || (meta.tempo >= 5 && meta.tempo <= 990)).toBe(true);
  expect(meta.timeSignature === null || /^\d+\/\d+$/.test(meta.timeSignature)).toBe(true);
  expect(meta.missingSamples.every((sample) => meta.samples.includes(sample))).toBe(true);
}

describe('readGarageBand on seeded mutations of its plists (no GarageBand fixture exists)', () => {
  it.each(['binary', 'xml'] as const)(`ends every read of ${MUTATIONS_PER_PLIST} mutations per plist (%s) in a sound ProjectMeta or UnreadableFileError`, async (plistFormat) => {
    const workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'songshelf-garageband-fuzz-'));
    const packagePath = path.join(workDir, 'Fuzz.band');
    const tally: Outcomes = { read: 0, refused: 0 };
    try {
      await writeGarageBand(packagePath, { plistFormat, audioFiles: ['Take 1.wav'], missingAudioFiles: ['Lost.aif'], key: { tonic: 'F#', mode: 'minor' } });
      const random = seededRandom(plistFormat === 'binary' ? 0xba2d : 0xba2e);
      for (const plist of PLISTS) {
        const file = path.join(packagePath, ...plist.split('/'));
        const original = await fs.readFile(file);
        for (let run = 0; run < MUTATIONS_PER_PLIST; run += 1) {
          const kind = pick(random, MUTATIONS.length);
          await fs.writeFile(file, MUTATIONS[kind]?.(original, random) ?? original);
          const where = `${plist}, mutation ${run} (kind ${kind})`;
          const outcome = await readMutant(tally, 'garageband', where, () => readGarageBand(packagePath));
          if (!(outcome instanceof UnreadableFileError)) expectSound(outcome);
        }
        await fs.writeFile(file, original);
      }
    } finally {
      await fs.rm(workDir, { recursive: true, force: true });
    }
    expect(tally.read).toBeGreaterThan(50);
    expect(tally.refused).toBeGreaterThan(50);
  }, 30_000);
});

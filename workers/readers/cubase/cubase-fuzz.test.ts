/**
 * Seeded mutations of Cubase projects (a generated one in each container, and a real one when the shared fixtures are
 * beside the checkout): each read must end in a ProjectMeta that holds only sound values, or in UnreadableFileError,
 * never in another exception or a hang. The seeds are fixed, so a failure names a case that replays.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_PLUGIN_INSTANCES } from '../../../common/projects/plugins';
import { UnreadableFileError, type ProjectMeta } from '../../../common/projects/project-meta';
import { hasSharedFixtures2, SHARED_FIXTURES_2 } from '../../../fixtures/shared-fixtures';
import { encodeCubaseProject } from '../../synthetic/cubase';
import { seededRandom } from '../../synthetic/seeded-random';
import { dropRegion, duplicateRegion, overwriteBytes, pick, readMutant, truncate, writeHugeWord, type Outcomes } from '../fuzz-mutations.test-support';
import { readCubase, readCubaseBytes } from './read-cubase';

const MUTATIONS_PER_BASE = 1500;
/** Of those, how many also go through the file system (the bounded read and its errors). */
const THROUGH_FILES = 150;
const HUGE_LENGTHS = [0xffffffff, 0x7fffffff, 0x80000000, 0xfffffff0, 0x01000000];

type Mutation = (bytes: Buffer, random: () => number) => Buffer;

/** Each keeps to what a damaged or hostile file can do: cut it, flip bytes, lie about a length, repeat or drop a region. */
const MUTATIONS: Record<string, Mutation> = {
  truncate,
  flipBytes: (bytes, random) => overwriteBytes(bytes, random),
  hugeLength: (bytes, random) => writeHugeWord(bytes, random, HUGE_LENGTHS, bytes.length - 4),
  duplicateRegion: (bytes, random) => duplicateRegion(bytes, random, 4096, 2),
  dropRegion: (bytes, random) => dropRegion(bytes, random, 256),
  fixSizeAfterFlip: (bytes, random) => {
    // A consistent header over damaged data: the reader cannot lean on "the file was cut".
    const copy = overwriteBytes(bytes, random);
    if (copy.length >= 8) copy.writeUInt32BE(Math.max(0, copy.length - 12), 4);
    return copy;
  },
};

/** What a sound read holds, whatever the input was. */
function expectSound(meta: ProjectMeta): void {
  expect(meta.daw).toBe('cubase');
  expect(typeof meta.dawVersion === 'string' && meta.dawVersion.length > 0).toBe(true);
  expect([meta.tempo, meta.timeSignature, meta.trackCount]).toEqual([null, null, null]);
  for (const plugin of meta.plugins ?? []) {
    expect(plugin.name.trim()).toBe(plugin.name);
    expect([...plugin.name].every((char) => char >= ' ' && char !== '\ufffd'), plugin.name).toBe(true);
    expect(['VST2', 'VST3']).toContain(plugin.format);
    expect(plugin.instances).toBeGreaterThan(0);
    expect(plugin.instances).toBeLessThanOrEqual(MAX_PLUGIN_INSTANCES);
  }
}

async function bases(): Promise<[string, Buffer][]> {
  const generated: [string, Buffer][] = [
    ['a generated RIFF project', encodeCubaseProject({ fillerBytes: 2048 })],
    ['a generated RIF2 project', encodeCubaseProject({ container: 'RIF2', utf8Marker: false })],
  ];
  if (!hasSharedFixtures2) return generated;
  const real = path.join(SHARED_FIXTURES_2, 'cubase', 'Example Project (Cubase 5 32-bit)', 'Example Project (Cubase 5 32-bit).cpr');
  return [...generated, ['the Cubase 5 fixture', await fs.readFile(real)]];
}

describe('readCubase on seeded mutations', () => {
  it(`ends every read of ${MUTATIONS_PER_BASE} mutations per project in a sound ProjectMeta or UnreadableFileError`, async () => {
    const workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'songshelf-cubase-fuzz-'));
    const kinds = Object.entries(MUTATIONS);
    const tally: Outcomes = { read: 0, refused: 0 };
    try {
      for (const [baseIndex, [label, base]] of (await bases()).entries()) {
        const random = seededRandom(0xc0ba5e + baseIndex);
        for (let run = 0; run < MUTATIONS_PER_BASE; run += 1) {
          const [kind, mutate] = kinds[pick(random, kinds.length)] ?? kinds[0]!;
          const mutated = mutate(base, random);
          const where = `${label}, mutation ${run} (${kind})`;
          const outcome = await readMutant(tally, 'cubase', where, () => readCubaseBytes(mutated, 'Fuzz.cpr'));
          if (!(outcome instanceof UnreadableFileError)) expectSound(outcome);
          if (run < THROUGH_FILES) {
            const filePath = path.join(workDir, `${baseIndex}-${run}.cpr`);
            await fs.writeFile(filePath, mutated);
            const fromFile = await readCubase(filePath).catch((error: unknown) => {
              if (error instanceof UnreadableFileError) return error;
              throw new Error(`${where}, read from its file, threw ${String(error)}`);
            });
            const expected = outcome instanceof UnreadableFileError ? `refused: ${outcome.reason}` : 'read';
            expect(fromFile instanceof UnreadableFileError ? `refused: ${fromFile.reason}` : 'read', where).toBe(expected);
          }
        }
      }
    } finally {
      await fs.rm(workDir, { recursive: true, force: true });
    }
    // Both ends are exercised: mutations that keep a readable project and ones that break it.
    expect(tally.read).toBeGreaterThan(100);
    expect(tally.refused).toBeGreaterThan(100);
  }, 30_000);
});

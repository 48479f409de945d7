/**
 * Seeded mutations of a generated project and of a real one (when the shared fixtures are here): cut short, bytes
 * flipped, lengths overwritten with huge numbers, a region doubled. Each read ends in a ProjectMeta or an
 * UnreadableFileError, and nothing else: no RangeError from a read past the data, no hang, no other crash.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UnreadableFileError } from '../../../common/projects/project-meta';
import { hasSharedFixtures2, SHARED_FIXTURES_2 } from '../../../fixtures/shared-fixtures';
import { buildFlStudioProject } from '../../synthetic/flstudio';
import { seededRandom } from '../../synthetic/seeded-random';
import { duplicateRegion, overwriteBytes, pick, readMutant, truncate, type Outcomes } from '../fuzz-mutations.test-support';
import { DATA, EVENTS_START, eventsEndOf, FlpEventCursor } from './flp-events';
import { readFlStudio } from './read-flstudio';

const MUTATIONS = 1500;
const REAL_PROJECT = path.join(SHARED_FIXTURES_2, 'flstudio', 'sample_project', 'sample_project.flp');

let workDir: string;

beforeAll(async () => {
  workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'songshelf-flstudio-fuzz-'));
});

afterAll(async () => {
  await fs.rm(workDir, { recursive: true, force: true });
});

/** Where each length-prefixed event's varint starts: the lengths worth overwriting. */
function lengthOffsets(project: Buffer): number[] {
  const offsets: number[] = [];
  const cursor = new FlpEventCursor(project, EVENTS_START, eventsEndOf(project));
  while (cursor.next()) if (cursor.id >= DATA) offsets.push(cursor.offset + 1);
  return offsets;
}

const HUGE = [
  Buffer.from([0xff, 0xff, 0xff, 0xff, 0x7f]),
  Buffer.from([0xff, 0xff, 0xff, 0xff, 0xff, 0xff]),
  Buffer.from([0xff, 0xff, 0xff, 0xff]),
  Buffer.from([0, 0, 0, 0x80, 0, 0, 0, 0]),
  Buffer.from([0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f]),
];

function mutate(project: Buffer, lengths: readonly number[], random: () => number): Buffer {
  const int = (below: number) => pick(random, below);
  let bytes: Buffer = Buffer.from(project);
  switch (int(4)) {
    case 0:
      bytes = truncate(bytes, random);
      break;
    case 1:
      bytes = overwriteBytes(bytes, random);
      break;
    case 2: {
      const huge = HUGE[int(HUGE.length)]!;
      const at = random() < 0.8 && lengths.length > 0 ? lengths[int(lengths.length)]! : int(bytes.length);
      huge.copy(bytes, at, 0, Math.min(huge.length, bytes.length - at));
      break;
    }
    default:
      bytes = duplicateRegion(bytes, random);
  }
  // Mostly the events' stated length is made to agree, so that the mutation reaches the events, not only the header.
  if (random() < 0.75 && bytes.length >= EVENTS_START) bytes.writeUInt32LE(bytes.length - EVENTS_START, 18);
  return bytes;
}

async function fuzz(project: Buffer, seed: number): Promise<Outcomes> {
  const random = seededRandom(seed);
  const lengths = lengthOffsets(project);
  const filePath = path.join(workDir, `mutant-${seed}.flp`);
  const outcomes: Outcomes = { read: 0, refused: 0 };
  for (let run = 0; run < MUTATIONS; run++) {
    await fs.writeFile(filePath, mutate(project, lengths, random));
    const outcome = await readMutant(outcomes, 'flstudio', `run ${run} (seed ${seed})`, () => readFlStudio(filePath));
    if (outcome instanceof UnreadableFileError) expect(outcome.reason.length).toBeLessThan(200);
  }
  return outcomes;
}

describe('readFlStudio on mutated projects', () => {
  it(`ends each of ${MUTATIONS} mutations of a generated project in a ProjectMeta or an UnreadableFileError`, { timeout: 30_000 }, async () => {
    const { read, refused } = await fuzz(buildFlStudioProject({ title: 'Fuzz', inserts: 8 }), 43);
    // Both outcomes happen: the mutations reach the events, and not every one breaks the file.
    expect(read).toBeGreaterThan(50);
    expect(refused).toBeGreaterThan(50);
  });

  it.skipIf(!hasSharedFixtures2)(`ends each of ${MUTATIONS} mutations of a real FL 24 project in a ProjectMeta or an UnreadableFileError`, { timeout: 30_000 }, async () => {
    const { read, refused } = await fuzz(await fs.readFile(REAL_PROJECT), 4339);
    expect(read).toBeGreaterThan(50);
    expect(refused).toBeGreaterThan(50);
  });
});

// A mutated project (cut short, bytes flipped, numbers and the .mmpz's declared size made huge, regions copied) is
// read or refused with an UnreadableFileError: never another exception, never a hang, never a bomb inflated whole.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lmmsProjectXml, qCompress } from '../../synthetic/lmms';
import { mutants, readMutant, type Outcomes } from '../fuzz-mutations.test-support';
import { readLmms } from './read-lmms';

const MUTANTS = 750;

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'songshelf-lmms-fuzz-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const XML = lmmsProjectXml({ tempo: 128, tempoAutomation: [132] });

describe.each([
  ['Song.mmp', Buffer.from(XML), 0],
  // The first 6 bytes (the declared size, the zlib header) are hit more often: they are what a reader trusts first.
  ['Song.mmpz', qCompress(XML), 6],
] as const)('readLmms on seeded mutations of a generated %s', (name, original, header) => {
  it(`reads or refuses each of ${MUTANTS} mutants with an UnreadableFileError`, async () => {
    const file = path.join(root, name);
    const outcomes: Outcomes = { read: 0, refused: 0 };
    for (const mutant of mutants(original, MUTANTS, name.length, header)) {
      fs.writeFileSync(file, mutant.bytes);
      await readMutant(outcomes, 'lmms', `a ${mutant.kind} mutant`, () => readLmms(file));
    }
    expect(outcomes.read).toBeGreaterThan(0);
    expect(outcomes.refused).toBeGreaterThan(0);
  });
});

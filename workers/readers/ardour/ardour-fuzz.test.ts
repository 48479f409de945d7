// A mutated session (cut short, bytes flipped, numbers made huge, regions copied) is read or refused with an
// UnreadableFileError: never another exception, never a hang.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ardourSessionXml, type ArdourLayout } from '../../synthetic/ardour';
import { mutants, readMutant, type Outcomes } from '../fuzz-mutations.test-support';
import { readArdour } from './read-ardour';

const MUTANTS = 750;

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'songshelf-ardour-fuzz-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe.each(['3001', '7003'] as ArdourLayout[])('readArdour on seeded mutations of a generated %s session', (layout) => {
  it(`reads or refuses each of ${MUTANTS} mutants with an UnreadableFileError`, async () => {
    const original = Buffer.from(ardourSessionXml({ layout, laterTempos: [140], externalSources: ['/Samples/loop.wav'] }));
    const file = path.join(root, `Song-${layout}.ardour`);
    const outcomes: Outcomes = { read: 0, refused: 0 };
    for (const mutant of mutants(original, MUTANTS, layout === '3001' ? 7 : 8)) {
      fs.writeFileSync(file, mutant.bytes);
      await readMutant(outcomes, 'ardour', `a ${mutant.kind} mutant`, () => readArdour(file));
    }
    expect(outcomes.read).toBeGreaterThan(0);
    expect(outcomes.refused).toBeGreaterThan(0);
  });
});

// A mutated project (cut short, bytes flipped, numbers made huge, regions copied) is read or refused with an
// UnreadableFileError: never another exception, never a hang.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { reaperProjectText } from '../../synthetic/reaper';
import { mutants, readMutant, type Outcomes } from '../fuzz-mutations.test-support';
import { readReaper } from './read-reaper';

const MUTANTS = 1500;

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'songshelf-reaper-fuzz-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('readReaper on seeded mutations of a generated project', () => {
  it(`reads or refuses each of ${MUTANTS} mutants with an UnreadableFileError`, async () => {
    const original = Buffer.from(
      reaperProjectText({
        tempoPoints: [120, 96],
        tracks: [
          { name: 'Drums', folder: 'open', samples: ['Audio/kick.wav'], fx: [{ format: 'VST3', name: 'Pro-Q 3', vendor: 'FabFilter' }] },
          { name: 'Keys', folder: 'close', midiItems: 1, fx: [{ format: 'AU', name: 'Diva', vendor: 'u-he', instrument: true }, { format: 'JS', name: 'utility/volume' }] },
          { name: 'Pad', fx: [{ format: 'CLAP', name: 'Surge XT', vendor: 'Surge', instrument: true }] },
        ],
        stateLines: 1,
        seed: 3,
      }),
    );
    const file = path.join(root, 'Song.rpp');
    const outcomes: Outcomes = { read: 0, refused: 0 };
    for (const mutant of mutants(original, MUTANTS, 43)) {
      fs.writeFileSync(file, mutant.bytes);
      await readMutant(outcomes, 'reaper', `a ${mutant.kind} mutant`, () => readReaper(file));
    }
    // Both outcomes happen: the mutations neither all break the file nor all miss what the reader checks.
    expect(outcomes.read).toBeGreaterThan(0);
    expect(outcomes.refused).toBeGreaterThan(0);
  });
});

/**
 * Seeded mutations of a generated song, of the archive's bytes and of the XML inside it (re-zipped, so the XML scan
 * sees the damage rather than the CRC check): each read ends in a ProjectMeta or an UnreadableFileError, never another
 * exception and never a hang.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../../synthetic/seeded-random';
import { studioOneSongBytes, studioOneSongParts } from '../../synthetic/studioone';
import { zipBytes, type ZipWriterEntry } from '../../synthetic/zip-writer';
import { mutate, readMutant, type Outcomes } from '../fuzz-mutations.test-support';
import { readStudioOne } from './read-studioone';

let workDir: string;

beforeAll(async () => {
  workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'songshelf-studioone-fuzz-'));
});

afterAll(async () => {
  await fs.rm(workDir, { recursive: true, force: true });
});

const OPTIONS = { samples: ['/Songs/Night/Media/a.wav'], tempos: [120, 96] };
const PARTS_STORED = studioOneSongParts(OPTIONS).map((part) => ({ ...part, method: 'store' as const }));
const PARTS = ['metainfo.xml', 'Song/song.xml', 'Song/mediapool.xml', 'Devices/audiomixer.xml', 'Devices/audiosynthfolder.xml'];

describe('readStudioOne under seeded mutations', () => {
  it('ends every read of 2,500 mutated songs in a ProjectMeta or an UnreadableFileError', async () => {
    const random = seededRandom(4343);
    const whole = studioOneSongBytes(OPTIONS);
    const filePath = path.join(workDir, 'Mutant.song');
    const outcomes: Outcomes = { read: 0, refused: 0 };
    for (let run = 0; run < 2500; run++) {
      const bytes = run % 2 === 0 ? mutate(whole, random) : zipBytes(partsWithOneMutated(random));
      await fs.writeFile(filePath, bytes);
      await readMutant(outcomes, 'studioone', `run ${run}`, () => readStudioOne(filePath));
    }
    expect(outcomes.read).toBeGreaterThan(100);
    expect(outcomes.refused).toBeGreaterThan(100);
  }, 30_000);
});

/** The song's parts, one of them mutated. */
function partsWithOneMutated(random: () => number): ZipWriterEntry[] {
  const target = PARTS[Math.floor(random() * PARTS.length)];
  // Stored, not deflated: the parts are zipped again on every run, and deflating would cost most of the time.
  return PARTS_STORED.map((part) => (part.name === target ? { ...part, data: mutate(Buffer.from(part.data ?? ''), random) } : part));
}

/** The real FL Studio projects of ../shared (fixtures/daw2/EXPECTED.md); skipped on a clone without them. */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { corpusTitle2, hasSharedFixtures2, SHARED_FIXTURES_2 } from '../../../fixtures/shared-fixtures';
import { readFlStudio } from './read-flstudio';

const FLSTUDIO = path.join(SHARED_FIXTURES_2, 'flstudio');

/**
 * EXPECTED.md, "FL Studio": the version's bold part, the stored tempo (within 0.05), the signature, the track count
 * and the names it lists (the first ones, in rack order), and no plug-in (FLEX and Fruity Limiter are FL's own).
 *
 * `tempoAutomated` is not in EXPECTED.md; it is what the events say. auto-basic2 and complex place a clip on the
 * master tempo (227: parameter 5, destination 0x4000); so does auto-basic: its clips "Tempo 5" and "Tempo 6" target
 * the tempo and sit unmuted on the playlist at ticks 0, 752 and 1376, and "Tempo 6" runs from 130 to about 97 BPM
 * (dawtool's test reads its points as 0.583 and 0.308 of the tempo range). Its stored 120 is the knob at save time.
 */
const EXPECTED = [
  { file: 'auto-basic/auto-basic.flp', version: '20.0.5', tempo: 120, trackCount: 5, tracks: ['Kick', 'Clap', 'Hat', 'Snare', 'coin 4'], tempoAutomated: true },
  { file: 'auto-basic2/auto-basic2.flp', version: '20.0.5', tempo: 156.188, trackCount: 10, tracks: ['coin 4', 'exit', 'fortnite', 'grab', 'link hop', 'kirby jump'], tempoAutomated: true },
  { file: 'complex/complex.flp', version: '20.0.5', tempo: 102.82, trackCount: 10, tracks: ['coin 4', 'exit', 'fortnite', 'grab', 'link hop', 'kirby jump'], tempoAutomated: true },
  { file: 'fl test/fl test.flp', version: '20.0.5', tempo: 153.339, trackCount: 7, tracks: ['Kick', 'Clap', 'Hat', 'Snare', 'divineboys-v1', 'CLAP_KUNDOWN'], tempoAutomated: false },
  { file: 'fl-markers/fl-markers.flp', version: '20.0.5', tempo: 130, trackCount: 4, tracks: ['Kick', 'Clap', 'Hat', 'Snare'], tempoAutomated: false },
  { file: 'sample_project/sample_project.flp', version: '24.1.1', tempo: 120, trackCount: 8, tracks: ['808 Kick', '808 Clap', '808 HiHat', '808 Snare', 'FLEX Bass', 'kazik-cut'], tempoAutomated: false },
];

describe.skipIf(!hasSharedFixtures2)(corpusTitle2('readFlStudio on the shared FL Studio projects'), () => {
  it.each(EXPECTED)('reads $file as EXPECTED.md states it', async (expected) => {
    const meta = await readFlStudio(path.join(FLSTUDIO, expected.file));
    expect(meta.daw).toBe('flstudio');
    expect(meta.dawVersion).toContain(expected.version);
    expect(meta.tempo).not.toBeNull();
    expect(Math.abs(meta.tempo! - expected.tempo)).toBeLessThanOrEqual(0.05);
    expect(meta.timeSignature).toBe('4/4');
    expect(meta.key).toBeNull();
    expect(meta.trackCount).toBe(expected.trackCount);
    expect(meta.tracks).toHaveLength(expected.trackCount);
    expect(meta.tracks.slice(0, expected.tracks.length)).toEqual(expected.tracks);
    expect(meta.plugins).toEqual([]);
    expect(meta.tempoAutomated).toBe(expected.tempoAutomated);
    // Each stores its song info (194, 206, 207) as an empty text, a lone UTF-16 NUL: no credits.
    expect(meta).not.toHaveProperty('credits');
  });

  it.each(EXPECTED)('keeps FL’s own folders of $file as written and finds no sample of another computer', async (expected) => {
    const meta = await readFlStudio(path.join(FLSTUDIO, expected.file));
    expect(meta.samples.length).toBeGreaterThan(0);
    for (const sample of meta.samples) {
      // `%FLStudio…%` names a place only FL knows: not missing. The rest are the author's (/Users/mark/…): absent here.
      expect(meta.missingSamples.includes(sample)).toBe(!sample.startsWith('%FLStudio'));
    }
  });
});

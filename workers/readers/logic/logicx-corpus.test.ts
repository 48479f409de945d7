/** The real Logic packages of ../shared (fixtures/daw/EXPECTED.md); skipped on a clone without them. */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readLogicx } from './read-logicx';
import { corpusTitle, hasSharedFixtures, SHARED_FIXTURES } from '../../../fixtures/shared-fixtures';

const FIXTURES = SHARED_FIXTURES;
const LOGICX = path.join(FIXTURES, 'logicx');

/** EXPECTED.md, "Logic Pro packages". */
const EXPECTED = [
  {
    packageName: 'flying-nothing.logicx',
    dawVersion: 'Logic Pro X 10.4.4',
    tempo: 75,
    key: 'C major',
    timeSignature: '4/4',
    sampleRate: 44_100,
    trackCount: 9,
    audioFilesListed: 4,
    audioFilesPresent: [] as string[],
  },
  {
    packageName: 'Corona-13.logicx-partial',
    dawVersion: 'Logic Pro X 10.4.6',
    tempo: 125,
    key: 'C major',
    timeSignature: '4/4',
    sampleRate: 44_100,
    trackCount: 9,
    audioFilesListed: 21,
    // The one audio file the partial copy kept, listed under UnusedAudioFiles.
    audioFilesPresent: ['Media/Audio Files/Untitled_1#27.aif'],
  },
];

describe.runIf(hasSharedFixtures)(corpusTitle('readLogicx on the shared Logic packages'), () => {
  it.each(EXPECTED)('reads $packageName as EXPECTED.md states', async (expected) => {
    const packagePath = path.join(LOGICX, expected.packageName);
    const meta = await readLogicx(packagePath);
    expect(meta).toMatchObject({
      daw: 'logic',
      dawVersion: expected.dawVersion,
      tempo: expected.tempo,
      key: expected.key,
      timeSignature: expected.timeSignature,
      sampleRate: expected.sampleRate,
      trackCount: expected.trackCount,
    });
  });

  it.each(EXPECTED)('finds the audio files of $packageName that are on disk and no others', async (expected) => {
    const packagePath = path.join(LOGICX, expected.packageName);
    const meta = await readLogicx(packagePath);
    const present = meta.samples.filter((sample) => !meta.missingSamples.includes(sample));
    expect(meta.samples).toHaveLength(expected.audioFilesListed);
    expect(present).toEqual(expected.audioFilesPresent.map((relative) => path.join(packagePath, ...relative.split('/'))));
  });

  it('lists the Audio Units the project loads from its ProjectData, not Logic’s own plug-ins', async () => {
    // Six u-he Diva instances, each with its preset (strings and a hex dump of ProjectData show them); ES2,
    // Bitcrusher and Klopfgeist are Logic's own. The partial copy has no ProjectData: its plug-ins are unknown.
    expect((await readLogicx(path.join(LOGICX, 'flying-nothing.logicx'))).plugins).toEqual([{ name: 'Diva', format: 'AU', instances: 6 }]);
    expect((await readLogicx(path.join(LOGICX, 'Corona-13.logicx-partial'))).plugins).toBeUndefined();
  });
});

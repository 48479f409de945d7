/**
 * The real Live sets in shared/fixtures/daw, against the values an independent reader found (EXPECTED.md).
 * Skipped on a clone without ../shared; CI has it.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { UnreadableFileError } from '../../../common/projects/project-meta';
import { CarefulAlsScanner } from './careful-scanner';
import { FastAlsScanner } from './fast-scanner';
import { readAls, scanWith } from './read-als';
import { corpusTitle, hasSharedFixtures, SHARED_FIXTURES } from '../../../fixtures/shared-fixtures';

const FIXTURES = SHARED_FIXTURES;
const PROJECT = 'ableton-project/test_project';

/** EXPECTED.md, "Ableton Live sets"; tempo rounded to 2 decimals as the table says to. */
const EXPECTED = [
  { file: 'als/example-120.als', version: 'Ableton Live 10.1.7', tempo: '120.00', signature: '4/4', tracks: 1, samples: 1 },
  { file: 'als/example-140.als', version: 'Ableton Live 10.1.7', tempo: '140.00', signature: '4/4', tracks: 1, samples: 1 },
  { file: 'als/automation-intense-unaligned.als', version: 'Ableton Live 10.1.9', tempo: '120.00', signature: '4/4', tracks: 1, samples: 0 },
  { file: 'als/L12-automation.als', version: 'Ableton Live 12.0b16', tempo: '120.00', signature: '4/4', tracks: 1, samples: 0 },
  { file: 'als/Foo.als', version: 'Ableton Live 11.3.35', tempo: '199.99', signature: '4/4', tracks: 7, samples: 0 },
  { file: 'als/Test Project.als', version: 'Ableton Live 11.3.30', tempo: '120.00', signature: '4/4', tracks: 7, samples: 0 },
  { file: 'als/DefaultLiveSet.als', version: 'Ableton Live 12.1d1', tempo: '120.00', signature: '4/4', tracks: 6, samples: 0 },
  { file: 'als/live9-patch-markers-noauto.als', version: 'Ableton Live 9.7.1', tempo: '135.00', signature: '4/4', tracks: 27, samples: 154 },
  { file: 'als/Michelle.als', version: 'Ableton Live 11.3.21', tempo: '126.00', signature: '4/4', tracks: 13, samples: 68 },
  { file: `${PROJECT}/test_project.als`, version: 'Ableton Live 11.0', tempo: '160.00', signature: '4/4', tracks: 18, samples: 10 },
  { file: `${PROJECT}/test_vocal_project.als`, version: 'Ableton Live 11.0', tempo: '160.00', signature: '4/4', tracks: 4, samples: 3 },
  { file: `${PROJECT}/Backup/helios [2021-08-10 232751].als`, version: 'Ableton Live 11.0', tempo: '160.00', signature: '4/4', tracks: 15, samples: 9 },
];

/**
 * Every PluginDevice and AuPluginDevice anywhere in each set, by format and name, counted independently with Python's
 * ElementTree (VstPluginInfo/PlugName, Vst3PluginInfo/Name, AuPluginInfo/Name). Sets without plug-ins list none.
 */
const PLUGINS: Record<string, Record<string, number>> = {
  'als/Foo.als': { 'VST2 ValhallaVintageVerb': 2, 'VST2 RoughRider3': 2, 'VST3 Delay BRIGADE': 1 },
  'als/Test Project.als': { 'VST2 ValhallaVintageVerb': 2, 'VST2 RoughRider3': 2, 'VST3 Delay BRIGADE': 1 },
  'als/Michelle.als': {
    'VST2 RoughRider3': 5,
    'VST3 Diva': 1,
    'VST2 Decapitator': 1,
    'VST3 Quanta 2': 1,
    'VST2 ValhallaVintageVerb': 2,
    'VST3 Delay BRIGADE': 1,
    'VST3 UADx Manley Massive Passive MST': 1,
  },
  'als/live9-patch-markers-noauto.als': { 'AU FF Saturn': 1, 'AU FF Pro-Q 2': 2, 'AU iZotope Ozone 7': 1, 'AU FF Pro-L': 1 },
  'als/DefaultLiveSet.als': {},
  'als/example-120.als': {},
  [`${PROJECT}/test_vocal_project.als`]: {
    'AU Neutron 3 Equalizer': 1,
    'AU Vocal Rider Live (m)': 1,
    'AU Waves Tune Real-Time (m)': 1,
    'AU Doubler2 (s)': 1,
    'AU Fresh Air': 1,
  },
  [`${PROJECT}/test_project.als`]: {
    'AU SubLab': 2,
    'AU Neutron 3 Equalizer': 5,
    'AU Ozone 9 Imager': 2,
    'AU OTT': 2,
    'AU Neutron 3 Transient Shaper': 1,
    'AU LABS': 1,
    'AU L3 UltraMaximizer (s)': 3,
    'AU Neutron 3 Sculptor': 2,
    'VST2 Godfazer': 3,
    'AU H-Delay (s)': 2,
    'AU Doubler2 (s)': 2,
    'VST3 Heat Up 3': 1,
    'AU Splice Bridge': 1,
    'AU Pro-Q 3': 1,
    'AU Portal': 1,
    'VST2 Repeater': 3,
    'VST2 Spacerek': 2,
    'VST3 SRX STUDIO': 1,
    'AU Ozone 9': 1,
  },
};

describe.runIf(hasSharedFixtures)(corpusTitle('readAls on the shared Ableton fixtures'), () => {
  it.each(EXPECTED)('reads $file as EXPECTED.md states', async (expected) => {
    const meta = await readAls(path.join(FIXTURES, expected.file));

    expect(meta.daw).toBe('ableton');
    expect(meta.dawVersion).toBe(expected.version);
    expect(meta.tempo?.toFixed(2)).toBe(expected.tempo);
    expect(meta.timeSignature).toBe(expected.signature);
    expect(meta.trackCount).toBe(expected.tracks);
    expect(meta.tracks).toHaveLength(expected.tracks);
    expect(meta.samples).toHaveLength(expected.samples);
  });

  it('keeps the tempo exactly as Live stored it', async () => {
    const meta = await readAls(path.join(FIXTURES, 'als/example-120.als'));
    expect(meta.tempo).toBe(119.999992);
  });

  it('finds the samples missing from the Live 11 project folder, and those present in it', async () => {
    const projectFolder = path.join(FIXTURES, PROJECT);
    const meta = await readAls(path.join(projectFolder, 'test_project.als'));

    expect(meta.missingSamples.length).toBeGreaterThan(0);
    expect(meta.missingSamples).toContain(
      path.join(projectFolder, 'Samples/Processed/Freeze/Freeze 7-RYAN_HEMSWORTH_melody_loop_angel_guitar_02_140_G#min [2021-07-22 134316].wav'),
    );
    const present = meta.samples.filter((sample) => !meta.missingSamples.includes(sample));
    expect(present).toContain(path.join(projectFolder, 'Samples/Processed/Consolidate/PMMC_Kick___Snare_Loop_136_Smite_1xDawBpm [2021-08-10 232545].aif'));
  });

  it('reads the Live 11 set’s track ids, its devices and plug-ins, its clips and the length of its arrangement', async () => {
    const meta = await readAls(path.join(FIXTURES, PROJECT, 'test_project.als'));
    const count = (name: string) => meta.devices?.filter((device) => device === name).length;

    // Counted independently with Python's ElementTree over every Devices list of the tracks and the main track.
    expect(meta.trackIds?.slice(0, 5)).toEqual(['30', '37', '22', '29', '54']);
    expect(meta.devices).toHaveLength(63);
    expect([count('Audio Effect Rack'), count('EQ Eight'), count('Auto Filter'), count('Utility')]).toEqual([9, 7, 7, 3]);
    // Plug-ins by their own names: Audio Units, VST2 and VST3.
    expect([count('Neutron 3 Equalizer'), count('Godfazer'), count('Heat Up 3'), count('Ozone 9')]).toEqual([5, 3, 1, 1]);
    expect(meta.clipCount).toBe(91);
    expect(meta.arrangementBeats).toBe(288);
  });

  it.each(Object.entries(PLUGINS))('lists the plug-ins of %s as its XML names them', async (file, expected) => {
    const meta = await readAls(path.join(FIXTURES, file));
    const found = Object.fromEntries((meta.plugins ?? []).map((plugin) => [`${plugin.format} ${plugin.name}`, plugin.instances]));
    expect(found).toEqual(expected);
  });

  it('reads the automated tempo of the automation fixtures and no automation elsewhere', async () => {
    const automated = await Promise.all(EXPECTED.map(async ({ file }) => [file, (await readAls(path.join(FIXTURES, file))).tempoAutomated]));
    expect(Object.fromEntries(automated.filter(([, isAutomated]) => isAutomated))).toEqual({
      'als/automation-intense-unaligned.als': true,
      'als/L12-automation.als': true,
    });
  });

  it.each([
    ['empty.als', 'empty file'],
    ['junk.als', 'not gzip (not an Ableton Live set)'],
  ])('rejects %s, which is not gzip', async (file, reason) => {
    const read = readAls(path.join(FIXTURES, 'als', file));
    await expect(read).rejects.toBeInstanceOf(UnreadableFileError);
    await expect(read).rejects.toMatchObject({ reason });
  });

  it('collects the same facts with the fast scanner as with the careful one on every set', async () => {
    for (const { file } of EXPECTED) {
      const filePath = path.join(FIXTURES, file);
      expect(await scanWith(new FastAlsScanner(), filePath), file).toEqual(await scanWith(new CarefulAlsScanner(), filePath));
    }
  });
});

/**
 * The real Cubase projects of ../shared (fixtures/daw2/EXPECTED.md, "Cubase .cpr"); skipped on a clone without them.
 * Held to EXPECTED.md, read there by an independent decoder: the version's bold part, the four third-party plug-ins
 * each project must list with an accepted format, nothing but the stock names it may also list, and the two cut files.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PluginFormat } from '../../../common/projects/plugins';
import { UnreadableFileError } from '../../../common/projects/project-meta';
import { corpusTitle2, hasSharedFixtures2, SHARED_FIXTURES_2 } from '../../../fixtures/shared-fixtures';
import { readCubase } from './read-cubase';

const CUBASE = path.join(SHARED_FIXTURES_2, 'cubase');
const projectFile = (name: string) => path.join(CUBASE, name, `${name}.cpr`);

/** "any" in EXPECTED.md: a `VST…` class id, which a VST2 plug-in or a VST3 keeping its VST2 id may carry. */
const ANY: readonly PluginFormat[] = ['VST2', 'VST3'];
const VST3: readonly PluginFormat[] = ['VST3'];

const REQUIRED: Record<string, readonly PluginFormat[]> = { Sylenth1: ANY, Omnisphere: ANY, Elephant: VST3, Hive: VST3 };

const EXPECTED = [
  {
    name: 'Example Project (Cubase 13)',
    version: '13.0.10',
    mayAlsoList: { 'Input Filter': VST3, StudioEQ: VST3, EQ: VST3, 'Standard Panner': VST3, TrackComp: ANY, StereoEnhancer: VST3, ArtsAcousticReverb: ANY, 'Lin Dither': ANY },
  },
  {
    name: 'Example Project (Cubase 5 32-bit)',
    version: '5.5.3',
    mayAlsoList: { StudioEQ: VST3, 'Standard Panner': VST3, TrackComp: ANY, StereoEnhancer: VST3, ArtsAcousticReverb: ANY, UV22HR: ANY },
  },
  {
    name: 'Example Project (Cubase 7 64-bit)',
    version: '7.0.7',
    mayAlsoList: { 'Input Filter': VST3, StudioEQ: VST3, EQ: VST3, 'Standard Panner': VST3, TrackComp: ANY, StereoEnhancer: VST3, ArtsAcousticReverb: ANY, UV22HR: ANY },
  },
  {
    name: 'Example Project (Cubase 9.5)',
    version: '9.5.50',
    mayAlsoList: { 'Input Filter': VST3, StudioEQ: VST3, EQ: VST3, 'Standard Panner': VST3, TrackComp: ANY, StereoEnhancer: VST3, ArtsAcousticReverb: ANY, UV22HR: ANY },
  },
];

describe.skipIf(!hasSharedFixtures2)(corpusTitle2('readCubase on the shared Cubase projects'), () => {
  it.each(EXPECTED)('reads the version of $name and leaves tempo, signature, tracks and samples unknown', async ({ name, version }) => {
    const meta = await readCubase(projectFile(name));
    expect(meta.daw).toBe('cubase');
    expect(meta.dawVersion).toContain(version);
    expect(meta).toMatchObject({ tempo: null, tempoAutomated: false, timeSignature: null, key: null, sampleRate: null, trackCount: null, tracks: [], samples: [] });
  });

  it.each(EXPECTED)('lists the four third-party plug-ins of $name, and only the stock ones it may also list', async ({ name, mayAlsoList }) => {
    const plugins = (await readCubase(projectFile(name))).plugins ?? [];
    const allowed = new Map(Object.entries({ ...REQUIRED, ...mayAlsoList }).map(([plugin, formats]) => [plugin.toLowerCase(), formats]));
    for (const [required, formats] of Object.entries(REQUIRED)) {
      const listed = plugins.filter((plugin) => plugin.name.toLowerCase() === required.toLowerCase());
      expect(listed, required).not.toEqual([]);
      for (const plugin of listed) expect(formats, `${required} as ${plugin.format}`).toContain(plugin.format);
    }
    for (const plugin of plugins) {
      expect(allowed.get(plugin.name.toLowerCase()), `${plugin.name} is not in EXPECTED.md`).toBeDefined();
      expect(allowed.get(plugin.name.toLowerCase()), `${plugin.name} as ${plugin.format}`).toContain(plugin.format);
      expect(plugin.instances).toBeGreaterThan(0);
    }
  });

  it('reads Cubase SX 3.1.1 and leaves its plug-ins unknown: SX keeps no Plugin Name attributes', async () => {
    const meta = await readCubase(projectFile('Example Project (Cubase SX3)'));
    expect(meta.dawVersion).toContain('Cubase SX');
    expect(meta.dawVersion).toContain('3.1.1');
    expect(meta.plugins).toBeUndefined();
  });

  it('reads the version of the project cut inside its first plug-in name (NEGATIVE)', async () => {
    const meta = await readCubase(projectFile('Truncated Project (Plugin Name Value)'));
    expect(meta.dawVersion).toContain('13.0.10');
    expect(meta.plugins).toBeUndefined();
  });

  it('refuses the project cut inside its version string, saying so (NEGATIVE)', async () => {
    const filePath = projectFile('Truncated Project (Version)');
    const failure = await readCubase(filePath).then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(UnreadableFileError);
    expect((failure as UnreadableFileError).reason).toBe('truncated inside its version record (PAppVersion)');
  });
});

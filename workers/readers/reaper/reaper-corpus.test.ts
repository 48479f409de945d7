/**
 * The real REAPER projects of ../shared (fixtures/daw2/EXPECTED.md, "REAPER"), held to the values an independent
 * reader found in them; skipped on a clone without them.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PluginFormat } from '../../../common/projects/plugins';
import { corpusTitle2, hasSharedFixtures2, SHARED_FIXTURES_2 } from '../../../fixtures/shared-fixtures';
import { readReaper } from './read-reaper';

const REAPER = path.join(SHARED_FIXTURES_2, 'reaper');

interface Expected {
  file: string;
  version: string;
  tempo: number;
  signature: string;
  tracks: readonly string[];
  required: readonly [string, PluginFormat][];
  mayAlsoList: readonly [string, PluginFormat][];
}

const COCKOS_STOCK: readonly [string, PluginFormat][] = [
  ['ReaEQ', 'VST2'],
  ['ReaComp', 'VST2'],
];

/** The dated folder's test2.rpp; its .rpp-bak (the save before) has the same values in EXPECTED.md. */
const TEST2_DATED: Expected = {
  file: 'test2 2025-11-14/test2.rpp',
  version: '7.51',
  tempo: 135,
  signature: '4/4',
  tracks: ['Track1'],
  required: [
    ['BD BG-Drums', 'VST3'],
    ['AVOX SYBIL', 'VST3'],
  ],
  mayAlsoList: [],
};

/** EXPECTED.md's REAPER table; `test2.rpp-bak` is a version of test2.rpp, read as one. */
const EXPECTED: readonly Expected[] = [
  { file: 'test1/test1.rpp', version: '7.51', tempo: 135, signature: '4/4', tracks: ['Track1'], required: [], mayAlsoList: COCKOS_STOCK },
  TEST2_DATED,
  { ...TEST2_DATED, file: 'test2 2025-11-14/test2.rpp-bak' },
  { file: 'test2/test2.rpp', version: '7.51', tempo: 135, signature: '4/4', tracks: ['Track1'], required: [], mayAlsoList: COCKOS_STOCK },
  { file: 'test3/test3.rpp', version: '7.51', tempo: 135, signature: '4/4', tracks: ['Track1'], required: [], mayAlsoList: COCKOS_STOCK },
  {
    file: 'vst/vst.RPP',
    version: '5.50c',
    tempo: 120,
    signature: '4/4',
    // Ten tracks; EXPECTED.md names the first six ("0123456789 abcdefghijk…" is cut there).
    tracks: ['5.50', 'Synth', '|Beep Boop', 'Boop', '0123456789 abcdefghijk', '"hey'],
    required: [],
    mayAlsoList: [
      ['ReaComp', 'VST2'],
      ['ReaSynth', 'VST2'],
    ],
  },
];

/** EXPECTED.md: names compare ignoring case, a trailing "(vendor)" may be dropped. */
function plainName(name: string): string {
  return name.replace(/\s+\([^()]*\)$/, '').toLowerCase();
}

describe.skipIf(!hasSharedFixtures2)(corpusTitle2('readReaper on the shared REAPER projects'), () => {
  it.each(EXPECTED)('reads $file as EXPECTED.md states', async (expected) => {
    const meta = await readReaper(path.join(REAPER, ...expected.file.split('/')));
    expect(meta.daw).toBe('reaper');
    expect(meta.dawVersion).toContain(expected.version);
    expect(Math.abs((meta.tempo ?? Number.NaN) - expected.tempo)).toBeLessThanOrEqual(0.05);
    expect(meta.timeSignature).toBe(expected.signature);
    expect(meta.key).toBeNull();
    if (expected.file === 'vst/vst.RPP') expect(meta.trackCount).toBe(10);
    else expect(meta.trackCount).toBe(expected.tracks.length);
    expected.tracks.forEach((name, index) => {
      if (name.endsWith('abcdefghijk')) expect(meta.tracks[index]?.startsWith(name)).toBe(true);
      else expect(meta.tracks[index]).toBe(name);
    });
  });

  it.each(EXPECTED)('lists the plug-ins $file requires and nothing but the stock ones it may', async (expected) => {
    const meta = await readReaper(path.join(REAPER, ...expected.file.split('/')));
    const listed = (meta.plugins ?? []).map((plugin) => `${plainName(plugin.name)} ${plugin.format}`);
    const required = expected.required.map(([name, format]) => `${plainName(name)} ${format}`);
    const allowed = new Set([...required, ...expected.mayAlsoList.map(([name, format]) => `${plainName(name)} ${format}`)]);
    for (const plugin of required) expect(listed).toContain(plugin);
    for (const plugin of listed) expect(allowed).toContain(plugin);
  });

  it('lists vst.RPP’s JS effect as no plug-in, and finds no samples in any project', async () => {
    for (const { file } of EXPECTED) {
      const meta = await readReaper(path.join(REAPER, ...file.split('/')));
      expect(meta.samples).toEqual([]);
      expect((meta.plugins ?? []).some((plugin) => /3BandEQ/i.test(plugin.name))).toBe(false);
    }
  });
});

// `cli scan --json` on the real files of every other DAW (issue 43): ../shared/fixtures/daw2 beside the checkout, read
// in place, against EXPECTED.md (values an independent reader found). One song per project folder: REAPER's .rpp-bak,
// Bitwig's auto-backups, Ardour's history and clips are never songs. Skipped, saying so, without the shared files.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { corpusTitle2, hasSharedFixtures2, SHARED_FIXTURES_2 } from '../../fixtures/shared-fixtures';
import { tempDir } from '../../db/test-support';
import type { CliReport } from './scan-command';

const CLI = path.resolve(import.meta.dirname, '..', '..', 'dist', 'test', 'cli.mjs');

/** EXPECTED.md per project folder: daw, a part of the version, tempo, signature, track count (null: not asserted). */
const EXPECTED: Record<string, { daw: string; version: string | null; tempo: number | null; signature: string | null; tracks: number | null }> = {
  'flstudio/auto-basic': { daw: 'flstudio', version: '20.0.5', tempo: 120, signature: '4/4', tracks: 5 },
  'flstudio/auto-basic2': { daw: 'flstudio', version: '20.0.5', tempo: 156.188, signature: '4/4', tracks: 10 },
  'flstudio/complex': { daw: 'flstudio', version: '20.0.5', tempo: 102.82, signature: '4/4', tracks: 10 },
  'flstudio/fl test': { daw: 'flstudio', version: '20.0.5', tempo: 153.339, signature: '4/4', tracks: 7 },
  'flstudio/fl-markers': { daw: 'flstudio', version: '20.0.5', tempo: 130, signature: '4/4', tracks: 4 },
  'flstudio/sample_project': { daw: 'flstudio', version: '24.1.1', tempo: 120, signature: '4/4', tracks: 8 },
  'reaper/test1': { daw: 'reaper', version: '7.51', tempo: 135, signature: '4/4', tracks: 1 },
  'reaper/test2': { daw: 'reaper', version: '7.51', tempo: 135, signature: '4/4', tracks: 1 },
  'reaper/test2 2025-11-14': { daw: 'reaper', version: '7.51', tempo: 135, signature: '4/4', tracks: 1 },
  'reaper/test3': { daw: 'reaper', version: '7.51', tempo: 135, signature: '4/4', tracks: 1 },
  'reaper/vst': { daw: 'reaper', version: '5.50c', tempo: 120, signature: '4/4', tracks: 10 },
  'cubase/Example Project (Cubase 13)': { daw: 'cubase', version: '13.0.10', tempo: null, signature: null, tracks: null },
  'cubase/Example Project (Cubase 5 32-bit)': { daw: 'cubase', version: '5.5.3', tempo: null, signature: null, tracks: null },
  'cubase/Example Project (Cubase 7 64-bit)': { daw: 'cubase', version: '7.0.7', tempo: null, signature: null, tracks: null },
  'cubase/Example Project (Cubase 9.5)': { daw: 'cubase', version: '9.5.50', tempo: null, signature: null, tracks: null },
  'cubase/Example Project (Cubase SX3)': { daw: 'cubase', version: '3.1.1', tempo: null, signature: null, tracks: null },
  'cubase/Truncated Project (Plugin Name Value)': { daw: 'cubase', version: '13.0.10', tempo: null, signature: null, tracks: null },
  'cubase/Truncated Project (Version)': { daw: 'cubase', version: null, tempo: null, signature: null, tracks: null },
  'ardour/1region': { daw: 'ardour', version: '3001', tempo: 120, signature: '4/4', tracks: 1 },
  'lmms/Farbro-Tectonic': { daw: 'lmms', version: '1.3.0', tempo: 140, signature: '4/4', tracks: 17 },
  'lmms/StrictProduction-DearJonDoe': { daw: 'lmms', version: '1.2.0', tempo: 87, signature: '4/4', tracks: 9 },
  'studioone/test-song': { daw: 'studioone', version: '5.3.0', tempo: 120, signature: '4/4', tracks: 1 },
  'dawproject/test-complex': { daw: 'dawproject', version: '1.0', tempo: 120, signature: null, tracks: 3 },
  'dawproject/testfile': { daw: 'dawproject', version: '1.0', tempo: 120, signature: null, tracks: 5 },
  'dawproject/testfile2': { daw: 'dawproject', version: '1.0', tempo: 120, signature: null, tracks: 5 },
  'bitwig/NKS-Preview-Generator': { daw: 'bitwig', version: '3.2.7', tempo: null, signature: null, tracks: 1 },
};

describe.skipIf(!hasSharedFixtures2)(corpusTitle2('cli scan on every other DAW’s real files'), () => {
  it('makes one song per project, each read as EXPECTED.md says, and names the one file it cannot read', () => {
    const result = spawnSync(process.execPath, [CLI, 'scan', SHARED_FIXTURES_2, '--data-dir', tempDir(), '--json'], { encoding: 'utf8' });
    expect(result.status, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout.trim().split('\n').at(-1) ?? '{}') as CliReport;
    const byFolder = new Map(report.songs.map((song) => [path.relative(SHARED_FIXTURES_2, song.projectPath ?? ''), song]));
    expect([...byFolder.keys()].sort()).toEqual(Object.keys(EXPECTED).sort());
    for (const [folder, expected] of Object.entries(EXPECTED)) {
      const song = byFolder.get(folder)!;
      expect(song.daw, folder).toBe(expected.daw);
      if (expected.version) expect(song.dawVersion, folder).toContain(expected.version);
      if (expected.tempo !== null) expect(Math.abs((song.tempo ?? 0) - expected.tempo), folder).toBeLessThan(0.05);
      if (expected.signature) expect(song.timeSignature, folder).toBe(expected.signature);
      if (expected.tracks !== null) expect(song.trackCount, folder).toBe(expected.tracks);
    }
    // REAPER's test2 on 2025-11-14 loads two third-party VST3s; Cubase 13 the four its table names.
    expect(byFolder.get('reaper/test2 2025-11-14')?.plugins).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'BD BG-Drums', format: 'VST3' })]));
    expect(byFolder.get('cubase/Example Project (Cubase 13)')?.plugins?.map((plugin) => plugin.name)).toEqual(expect.arrayContaining(['Sylenth1', 'Omnisphere', 'Elephant', 'Hive']));
    // Only Studio One's song stores a title and an artist (its genre is empty, as are Bitwig's and FL Studio's texts).
    expect(report.songs.filter((song) => song.credits !== null).map((song) => [path.relative(SHARED_FIXTURES_2, song.projectPath ?? ''), song.credits])).toEqual([
      ['studioone/test-song', { title: 'test-song', artist: 'Paulo Mouat' }],
    ]);
    expect(report.errors).toEqual([{ path: path.join(SHARED_FIXTURES_2, 'cubase', 'Truncated Project (Version)', 'Truncated Project (Version).cpr'), reason: expect.stringMatching(/truncated/) }]);
  });
});

// "Will it open here?" (issue 31): the plug-ins installed in the standard folders of macOS and Windows, built as fake
// trees, against the plug-ins a scanned Live set loads; refreshed when a folder changes.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { standardPluginFolders, type PluginSummary } from '../../common/projects/plugins';
import type { SongPage } from '../../common/views/query';
import { tempDir } from '../../db/test-support';
import { writeAls, type AlsTrack } from '../../fixtures/generators/als';
import { call, createTestCore, type TestCore } from '../test-support';
import { standInPlaces } from './installed-plugins';

const cores: TestCore[] = [];
afterEach(async () => {
  for (const core of cores.splice(0)) await core.close();
});

/** Creates `relative` under `root`: a folder for a name ending in '/', else a file. */
function place(root: string, relative: string, content = ''): void {
  const full = path.join(root, relative);
  if (relative.endsWith('/')) fs.mkdirSync(full, { recursive: true });
  else {
    fs.mkdirSync(path.dirname(full), { recursive: true });
    fs.writeFileSync(full, content);
  }
}

const auInfo = (name: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0"><dict><key>AudioComponents</key><array><dict><key>name</key><string>${name}</string></dict></array></dict></plist>\n`;

/** A library with one Live set loading these plug-ins, and another loading none. */
function library(tracks: readonly AlsTrack[]): string {
  const folder = tempDir();
  fs.mkdirSync(path.join(folder, 'Song Project'));
  writeAls(path.join(folder, 'Song Project', 'Song.als'), { tracks });
  fs.mkdirSync(path.join(folder, 'Plain Project'));
  writeAls(path.join(folder, 'Plain Project', 'Plain.als'), { tracks: 2 });
  return folder;
}

async function scanned(system: string, root: string, tracks: readonly AlsTrack[]): Promise<TestCore> {
  const core = createTestCore(tempDir(), { plugins: { folders: standardPluginFolders(system, standInPlaces(system, root), path.join), settleMs: 20 } });
  cores.push(core);
  await core.start();
  await core.library.watchDirectory(library(tracks));
  await core.runner.whenIdle();
  await core.plugins.settled();
  return core;
}

const installed = async (core: TestCore) => Object.fromEntries((await call<PluginSummary[]>(core, 'plugins:list')).map((plugin) => [`${plugin.format} ${plugin.name}`, plugin.installed]));
const missingHere = async (core: TestCore) => (await call<SongPage>(core, 'songs:query', { search: 'missing:plugins' })).rows.map((song) => song.name);

const TRACKS: readonly AlsTrack[] = [
  { kind: 'audio', name: 'Bass', plugins: [{ name: 'Pro-Q 3', format: 'AU' }, 'RoughRider3', { name: 'Diva', format: 'VST3' }] },
  { kind: 'midi', name: 'Lead', plugins: [{ name: 'Serum', format: 'AU' }, { name: 'Kontakt 7', format: 'VST3' }, 'Serum'] },
];

describe('installed plug-ins', () => {
  it('finds a Mac’s Audio Units, VSTs and VST3s, per user and system-wide, by the names they declare', async () => {
    const root = tempDir();
    place(root, 'Library/Audio/Plug-Ins/Components/FabFilter Pro-Q 3.component/Contents/Info.plist', auInfo('FabFilter: Pro-Q 3'));
    place(root, 'Users/musician/Library/Audio/Plug-Ins/Components/Serum.component/');
    place(root, 'Library/Audio/Plug-Ins/VST/Audio Damage/RoughRider3.vst/Contents/');
    place(root, 'Library/Audio/Plug-Ins/VST/readme.txt', 'not a plug-in');
    place(root, 'Library/Audio/Plug-Ins/VST3/u-he/Diva.vst3/Contents/Resources/moduleinfo.json', '{\n  // written by the SDK\n  "Name": "Diva", "Classes": [{ "Name": "Diva", "Category": "Audio Module Class", }],\n}');
    place(root, 'Library/Application Support/Avid/Audio/Plug-Ins/Pro-Q 3.aaxplugin/');

    const core = await scanned('darwin', root, TRACKS);

    expect(await installed(core)).toEqual({
      'AU Pro-Q 3': true,
      'VST2 RoughRider3': true,
      'VST3 Diva': true,
      'AU Serum': true,
      'VST3 Kontakt 7': false,
      // Serum is here as an Audio Unit, not as a VST.
      'VST2 Serum': false,
    });
    expect(await missingHere(core)).toEqual(['Song']);
  });

  it('finds a Windows computer’s VST3s, VST2 DLLs and AAX plug-ins, and looks again when a folder changes', async () => {
    const root = tempDir();
    place(root, 'Program Files/Common Files/VST3/FabFilter Pro-Q 3.vst3', 'MZ');
    place(root, 'Program Files/VSTPlugins/Serum_x64.dll', 'MZ');
    place(root, 'Program Files/Steinberg/VSTPlugins/Audio Damage/RoughRider3.dll', 'MZ');
    place(root, 'Users/musician/AppData/Local/Programs/Common/VST3/Diva(x64).vst3/');
    const tracks: readonly AlsTrack[] = [{ kind: 'audio', name: 'Bass', plugins: [{ name: 'Pro-Q 3', format: 'VST3' }, 'Serum', 'RoughRider3', { name: 'Diva', format: 'VST3' }, { name: 'Kontakt 7', format: 'VST3' }] }];

    const core = await scanned('win32', root, tracks);
    expect(await installed(core)).toEqual({ 'VST3 Pro-Q 3': true, 'VST2 Serum': true, 'VST2 RoughRider3': true, 'VST3 Diva': true, 'VST3 Kontakt 7': false });
    expect(await missingHere(core)).toEqual(['Song']);

    // Kontakt is installed while the app runs: the folder's change brings a new look.
    place(root, 'Program Files/Common Files/VST3/Native Instruments/Kontakt 7.vst3', 'MZ');
    await vi.waitFor(async () => expect((await installed(core))['VST3 Kontakt 7']).toBe(true), { timeout: 10_000, interval: 50 });
    expect(await missingHere(core)).toEqual([]);
  });

  it('calls nothing missing on a computer whose folders it cannot look through', async () => {
    const core = await scanned('linux', tempDir(), TRACKS);
    expect(Object.values(await installed(core))).toEqual([null, null, null, null, null, null]);
    expect(await missingHere(core)).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { compareCodePoints, countPlugins, installedNames, pluginNameKey, pluginsOf, standardPluginFolders } from './plugins';

/** Joins as each system does, without Node (common/ runs in the page too). */
const posixJoin = (...parts: string[]) => parts.join('/').replace(/\/{2,}/g, '/');
const windowsJoin = (...parts: string[]) => parts.join('\\');

describe('installedNames', () => {
  it.each([
    ['Serum_x64', [], ['Serum']],
    ['Massive x64', [], ['Massive']],
    ['Kontakt (64 bit)', [], ['Kontakt']],
    ['FabFilter Pro-Q 3', [], ['FabFilter Pro-Q 3', 'Pro-Q 3']],
    ['FabFilter Pro-Q 3', ['FabFilter: Pro-Q 3'], ['FabFilter Pro-Q 3', 'Pro-Q 3', 'FabFilter: Pro-Q 3']],
    // A last part of a single short word or of no letters is too loose to stand for the plug-in.
    ['Valhalla Room 2', [], ['Valhalla Room 2', 'Room 2']],
    // One spelling per name, whatever the case of the others.
    ['u-he Diva', ['DIVA', 'diva'], ['u-he Diva', 'Diva']],
    ['Ölkrug', [], ['Ölkrug']],
  ])('gives %s (declaring %o) the names %o', (file, declared, expected) => {
    expect(installedNames(file, declared)).toEqual(expected);
  });
});

describe('standardPluginFolders', () => {
  it('names each system’s folders per format, per user and system-wide, and none on Linux', () => {
    const mac = standardPluginFolders('darwin', { home: '/Users/ana' }, posixJoin);
    expect(mac.map((folder) => `${folder.format} ${folder.scope} ${folder.path}`)).toEqual([
      'AU system /Library/Audio/Plug-Ins/Components',
      'AU user /Users/ana/Library/Audio/Plug-Ins/Components',
      'VST2 system /Library/Audio/Plug-Ins/VST',
      'VST2 user /Users/ana/Library/Audio/Plug-Ins/VST',
      'VST3 system /Library/Audio/Plug-Ins/VST3',
      'VST3 user /Users/ana/Library/Audio/Plug-Ins/VST3',
      'AAX system /Library/Application Support/Avid/Audio/Plug-Ins',
      'CLAP system /Library/Audio/Plug-Ins/CLAP',
      'CLAP user /Users/ana/Library/Audio/Plug-Ins/CLAP',
    ]);
    const windows = standardPluginFolders(
      'win32',
      { home: 'C:\\Users\\ana', programFiles: 'C:\\Program Files', commonProgramFiles: 'C:\\Program Files\\Common Files', localAppData: 'C:\\Users\\ana\\AppData\\Local' },
      windowsJoin,
    );
    expect(windows.map((folder) => `${folder.format} ${folder.scope} ${folder.path}`)).toEqual([
      'VST3 system C:\\Program Files\\Common Files\\VST3',
      'VST3 user C:\\Users\\ana\\AppData\\Local\\Programs\\Common\\VST3',
      'VST2 system C:\\Program Files\\VSTPlugins',
      'VST2 system C:\\Program Files\\Steinberg\\VSTPlugins',
      'VST2 system C:\\Program Files\\Common Files\\VST2',
      'VST2 system C:\\Program Files\\Common Files\\Steinberg\\VST2',
      'AAX system C:\\Program Files\\Common Files\\Avid\\Audio\\Plug-Ins',
      'CLAP system C:\\Program Files\\Common Files\\CLAP',
    ]);
    // Without its variables a Windows folder is not guessed.
    expect(standardPluginFolders('win32', { home: 'C:\\Users\\ana' }, windowsJoin)).toEqual([]);
    expect(standardPluginFolders('linux', { home: '/home/ana' }, posixJoin)).toEqual([]);
  });
});

describe('countPlugins and pluginsOf', () => {
  it('counts instances per name and format in order of first use, and keeps only well-formed stored entries', () => {
    expect(countPlugins([{ name: 'A', format: 'VST2' }, { name: 'B', format: 'AU' }, { name: 'A', format: 'VST2' }, { name: 'A', format: 'VST3' }])).toEqual([
      { name: 'A', format: 'VST2', instances: 2 },
      { name: 'B', format: 'AU', instances: 1 },
      { name: 'A', format: 'VST3', instances: 1 },
    ]);
    expect(pluginsOf([{ name: 'A', format: 'AAX', instances: 1 }, { name: 'A', format: 'CLAP', instances: 1 }, { name: 'A', format: 'LV2', instances: 1 }, { name: '', format: 'AU', instances: 1 }, 'A', null])).toEqual([
      { name: 'A', format: 'AAX', instances: 1 },
      { name: 'A', format: 'CLAP', instances: 1 },
    ]);
    expect(pluginsOf({ name: 'A' })).toEqual([]);
  });
});

describe('pluginNameKey, the one fold of a plug-in’s name', () => {
  it.each([
    ['Öl Comp', 'öl comp'],
    ['ÖL COMP', 'öl comp'],
    ['O\u0308l Comp', 'öl comp'],
    ['Ｓｅｒｕｍ', 'serum'],
    ['ΣIGMA', 'σigma'],
    ['FF Pro-Q 3', 'ff pro-q 3'],
  ])('%s -> %s', (name, key) => {
    expect(pluginNameKey(name)).toBe(key);
  });

  it('orders text by code point, as SQLite’s BINARY does (an astral character after U+FFFD)', () => {
    expect(['\u{1F3B8} guitar', 'zebra', '\uFFFD', 'Zebra', 'äpfel'].sort(compareCodePoints)).toEqual(['Zebra', 'zebra', 'äpfel', '\uFFFD', '\u{1F3B8} guitar']);
    expect(compareCodePoints('ab', 'abc')).toBeLessThan(0);
    expect(compareCodePoints('abc', 'abc')).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';
import { isScannablePath, scanEntryRole, type ScanEntryRole } from './scan-paths';

describe('scanEntryRole', () => {
  const cases: [name: string, isFolder: boolean, role: ScanEntryRole][] = [
    ['Song.als', false, 'session'],
    ['Song.PTX', false, 'session'],
    ['Mix.wav', false, 'audio'],
    ['Mix.AIFF', false, 'audio'],
    ['notes.txt', false, 'ignored'],
    ['README', false, 'ignored'],
    ['.Song.als', false, 'ignored'],
    ['Song.logicx', true, 'package'],
    ['Idea.band', true, 'package'],
    ['Song.logicx', false, 'ignored'],
    ['Projects', true, 'folder'],
    ['Samples', true, 'ignored'],
    ['Ableton Project Info', true, 'ignored'],
    ['.git', true, 'ignored'],
    ['Bounced Files', true, 'folder'],
  ];
  it.each(cases)('%s (folder: %s) is %s', (name, isFolder, role) => {
    expect(scanEntryRole(name, isFolder)).toBe(role);
  });
});

describe('isScannablePath', () => {
  const cases: [path: string, scannable: boolean][] = [
    ['Song Project/Song.als', true],
    ['Song Project/Bounces/Song.mp3', true],
    ['Song.logicx', true],
    ['Album/Song.logicx/Alternatives/000/MetaData.plist', true],
    ['Album/Song.logicx/Media/Audio Files/take.wav', false],
    ['Album/Song.logicx/Alternatives/000/ProjectData', false],
    ['Song Project', true],
    ['Song Project/notes.txt', false],
    ['Song Project/Samples/kick.wav', false],
    ['Song Project/samples', false],
    ['Song Project/.DS_Store', false],
    ['.hidden/Song.als', false],
    ['Song Project/Ableton Project Info/Template.als', false],
    ['Song Project/Backup/Song [2024-01-01].als', true],
    ['', true],
  ];
  it.each(cases)('%s is scannable: %s', (relative, scannable) => {
    expect(isScannablePath(relative.split('/'))).toBe(scannable);
  });
});

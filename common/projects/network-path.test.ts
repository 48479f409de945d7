import { describe, expect, it } from 'vitest';
import { isNetworkPath } from './network-path';

describe('isNetworkPath', () => {
  it.each([
    '\\\\server\\share\\a.wav',
    '//server/share/a.wav',
    '\\/server/share/a.wav',
    '\\\\?\\C:\\Samples\\a.wav',
    '\\\\?\\UNC\\server\\share\\a.wav',
    '\\\\.\\PhysicalDrive0',
    '//./pipe/x',
    '\\??\\UNC\\server\\share\\a.wav',
    'smb://server/share/a.wav',
    'afp://server/a.wav',
    'nfs://server/a.wav',
    'file://server/share/a.wav',
    'file:///Users/ana/a.wav',
    'HTTP://server/a.wav',
  ])('%s is never looked up', (candidate) => {
    expect(isNetworkPath(candidate)).toBe(true);
  });

  it.each(['/Users/ana/Samples/a.wav', 'C:\\Samples\\a.wav', 'c:/Samples/a.wav', 'Samples/a.wav', '../Shared/a.wav', 'a.wav', '\\Samples\\a.wav', ''])(
    '%s is local',
    (candidate) => {
      expect(isNetworkPath(candidate)).toBe(false);
    },
  );
});

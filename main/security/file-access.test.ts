import fs from 'node:fs';
import fsPromises from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tempDir } from '../../db/test-support';
import { resolveAllowedPath } from './file-access';

describe('resolveAllowedPath', () => {
  const root = tempDir();
  const outside = tempDir();
  fs.writeFileSync(path.join(root, 'song.wav'), 'RIFF');
  fs.writeFileSync(path.join(outside, 'secret.txt'), 'secret');
  // A junction on Windows needs no admin rights; elsewhere the type is ignored.
  fs.symlinkSync(outside, path.join(root, 'escape'), 'junction');

  it('allows a file inside a root, and a missing one there', async () => {
    await expect(resolveAllowedPath(path.join(root, 'song.wav'), [root])).resolves.toBe(fs.realpathSync(path.join(root, 'song.wav')));
    await expect(resolveAllowedPath(path.join(root, 'new', 'later.wav'), [root])).resolves.toContain('later.wav');
  });

  it.each([
    ['a file outside every root', () => path.join(outside, 'secret.txt'), 'forbidden'],
    ['a .. escape', () => `${root}/../${path.basename(outside)}/secret.txt`, 'forbidden'],
    ['a symlink leading out', () => path.join(root, 'escape', 'secret.txt'), 'forbidden'],
    ['a relative path', () => 'song.wav', 'invalid_input'],
    ['a NUL byte', () => `${root}/song.wav\0.txt`, 'invalid_input'],
  ])('refuses %s', async (_case, requested, code) => {
    await expect(resolveAllowedPath(requested(), [root])).rejects.toMatchObject({ code });
  });
});

describe('network and device paths', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });
  const root = tempDir();

  it.each([
    ['a UNC path', '\\\\server\\share\\a.als'],
    ['a UNC path with forward slashes', '//server/share/a.als'],
    ['a device path', '\\\\?\\C:\\Music\\a.als'],
    ['a device namespace path', '\\\\.\\PhysicalDrive0'],
    ['an smb address', 'smb://server/share/a.als'],
    ['a file URL', 'file://server/share/a.als'],
  ])('refuses %s before any file system call', async (_case, requested) => {
    const realpath = vi.spyOn(fsPromises, 'realpath');
    const stat = vi.spyOn(fsPromises, 'stat');
    await expect(resolveAllowedPath(requested, [root])).rejects.toMatchObject({ code: 'forbidden' });
    expect(realpath).not.toHaveBeenCalled();
    expect(stat).not.toHaveBeenCalled();
  });

  it('takes a path inside a share the user chose to watch, and refuses a device path even there', async () => {
    const share = '//nas/music/Projects';
    await expect(resolveAllowedPath('//nas/music/Projects/Song/song.als', [share])).resolves.toContain('song.als');
    await expect(resolveAllowedPath('//nas/music/Other/a.als', [share])).rejects.toMatchObject({ code: 'forbidden' });
    await expect(resolveAllowedPath('//nas/music/Projects/../../x/a.als', [share])).rejects.toMatchObject({ code: 'forbidden' });
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
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

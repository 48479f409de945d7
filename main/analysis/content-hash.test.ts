// A version's whole-content hash (issue 28): read as a stream in chunks, the same as hashing the bytes at once, and
// never taken of a file past the cap (a 1.5 GB file in Backup/ is listed, not read).
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../db/test-support';
import { fileSha256 } from './content-hash';

describe('fileSha256', () => {
  it('hashes a file read in chunks to the same SHA-256 as its whole bytes', async () => {
    // Many times a stream's 64 KiB chunk, and not a multiple of it.
    const bytes = randomBytes(5 * 1024 * 1024 + 123);
    const file = path.join(tempDir(), 'Song.als');
    fs.writeFileSync(file, bytes);
    expect(await fileSha256(file)).toBe(createHash('sha256').update(bytes).digest('hex'));
  });

  it('hashes nothing past the cap: a sparse 1.5 GB file, and a file over a cap of its own', async () => {
    const folder = tempDir();
    const huge = path.join(folder, 'Huge.als');
    fs.writeFileSync(huge, '');
    fs.truncateSync(huge, 1.5 * 1024 * 1024 * 1024);
    expect(await fileSha256(huge)).toBeNull();
    const small = path.join(folder, 'Small.als');
    fs.writeFileSync(small, randomBytes(2048));
    expect(await fileSha256(small, 1024)).toBeNull();
    expect(await fileSha256(small, 2048)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('has no hash for a file that is missing or a folder', async () => {
    const folder = tempDir();
    expect(await fileSha256(path.join(folder, 'gone.als'))).toBeNull();
    expect(await fileSha256(folder)).toBeNull();
  });
});

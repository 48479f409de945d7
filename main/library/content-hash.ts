/**
 * A cheap fingerprint of a session file (its size and first 64 KiB), to recognise a project that moved when
 * its inode did not survive (a copy to another disk, a sync tool).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';

const HEAD_BYTES = 64 * 1024;

export async function contentHash(filePath: string): Promise<string | null> {
  let handle: fs.FileHandle | null = null;
  try {
    handle = await fs.open(filePath, 'r');
    const { size } = await handle.stat();
    const head = Buffer.alloc(Math.min(HEAD_BYTES, size));
    await handle.read(head, 0, head.length, 0);
    return createHash('sha1').update(String(size)).update(head).digest('hex');
  } catch {
    // A file that vanished or cannot be read has no fingerprint; the move falls back to a new song.
    return null;
  } finally {
    await handle?.close();
  }
}

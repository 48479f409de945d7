/**
 * Cheap fingerprints of files. A session file's (its size and first 64 KiB) recognises a project that moved when
 * its inode did not survive (a copy to another disk, a sync tool). An audio file's also reads its middle and its
 * end: two bounces of one length start alike (the header, a silent count-in) and differ later.
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

/** Size and three 64 KiB samples (start, middle, end) of an audio file, SHA-256; null if it cannot be read. */
export async function audioFingerprint(filePath: string): Promise<string | null> {
  let handle: fs.FileHandle | null = null;
  try {
    // Looked at before it is opened: opening a pipe named like a bounce would wait for a writer for ever.
    if (!(await fs.stat(filePath)).isFile()) return null;
    handle = await fs.open(filePath, 'r');
    const stats = await handle.stat();
    const hash = createHash('sha256').update(String(stats.size));
    for (const at of [0, Math.floor(stats.size / 2), stats.size - HEAD_BYTES]) {
      const sample = Buffer.alloc(Math.min(HEAD_BYTES, stats.size));
      const { bytesRead } = await handle.read(sample, 0, sample.length, Math.max(0, at));
      hash.update(sample.subarray(0, bytesRead));
    }
    return hash.digest('hex');
  } catch {
    return null;
  } finally {
    await handle?.close();
  }
}

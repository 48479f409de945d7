/**
 * Fingerprints of files. A session file's (its size and first 64 KiB) recognises a project that moved when its
 * inode did not survive (a copy to another disk, a sync tool). An audio file's also reads its middle and its end:
 * two bounces of one length start alike (the header, a silent count-in) and differ later. A version's (`fileSha256`)
 * is its whole content, read as a stream: never the whole file in memory, and never a file past the versions' cap.
 * Only a regular file has one: each is opened without waiting on a FIFO (`security/regular-file.ts`).
 */
import { createHash } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';
import { VERSION_FILE_MAX_BYTES } from '../../common/projects/project-versions';
import { openRegularFile } from '../security/regular-file';

const HEAD_BYTES = 64 * 1024;

export async function contentHash(filePath: string): Promise<string | null> {
  let handle: FileHandle | null = null;
  try {
    handle = await openRegularFile(filePath);
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
  let handle: FileHandle | null = null;
  try {
    handle = await openRegularFile(filePath);
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

/**
 * SHA-256 of a whole file, read in chunks; null when it cannot be read, is not a plain file, or is larger than
 * `maxBytes` (default `VERSION_FILE_MAX_BYTES`, 512 MB: such a file is listed, never hashed). A file that grows past
 * the cap while it is read is not hashed either.
 */
export async function fileSha256(filePath: string, maxBytes = VERSION_FILE_MAX_BYTES): Promise<string | null> {
  let handle: FileHandle | null = null;
  try {
    handle = await openRegularFile(filePath);
    if ((await handle.stat()).size > maxBytes) return null;
    const hash = createHash('sha256');
    let read = 0;
    for await (const chunk of handle.createReadStream({ end: maxBytes, autoClose: false })) {
      read += (chunk as Buffer).length;
      if (read > maxBytes) return null;
      hash.update(chunk as Buffer);
    }
    return hash.digest('hex');
  } catch {
    // Gone, unreadable or not a regular file: no hash, and the caller keeps the file as a version of its own.
    return null;
  } finally {
    await handle?.close();
  }
}

/** Reads a session file whole, refusing one larger than any real session before reading it. */
import fs from 'node:fs/promises';
import { UnreadableFileError } from '../../../common/project-meta';

/** Real sessions are kilobytes to a few megabytes; past this a file is refused before it is read. */
export const MAX_SESSION_BYTES = 64 * 1024 * 1024;

export async function readBoundedFile(filePath: string): Promise<Uint8Array> {
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(filePath, 'r');
  } catch (error) {
    throw new UnreadableFileError(filePath, `cannot be opened (${errorCode(error)})`);
  }
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) throw new UnreadableFileError(filePath, 'is not a file');
    if (stats.size > MAX_SESSION_BYTES) {
      throw new UnreadableFileError(filePath, `${stats.size} bytes, more than the ${MAX_SESSION_BYTES} a session may have`);
    }
    // Read at most the size the file had when opened: a file that grows meanwhile cannot make us read more.
    const buffer = new Uint8Array(stats.size);
    let filled = 0;
    while (filled < buffer.length) {
      const { bytesRead } = await handle.read(buffer, filled, buffer.length - filled, filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    return buffer.subarray(0, filled);
  } catch (error) {
    if (error instanceof UnreadableFileError) throw error;
    throw new UnreadableFileError(filePath, `cannot be read (${errorCode(error)})`);
  } finally {
    await handle.close();
  }
}

function errorCode(error: unknown): string {
  if (error instanceof Error && 'code' in error && typeof error.code === 'string') return error.code;
  return String(error);
}

/** Reads a session file whole, refusing one larger than any real session before reading it. */
import { UnreadableFileError } from '../../../common/project-meta';
import { BoundedReadError, readBoundedFile } from '../bounded-file';

/** Real sessions are kilobytes to a few megabytes; past this a file is refused before it is read. */
export const MAX_SESSION_BYTES = 64 * 1024 * 1024;

export async function readSessionFile(filePath: string): Promise<Uint8Array> {
  try {
    return await readBoundedFile(filePath, MAX_SESSION_BYTES, 'session');
  } catch (error) {
    if (error instanceof BoundedReadError) throw new UnreadableFileError(filePath, error.reason);
    throw error;
  }
}

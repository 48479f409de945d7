/** Reads a session file whole, refusing one larger than any real session before reading it. */
import { readProjectFile } from '../bounded-file';

/** Real sessions are kilobytes to a few megabytes; past this a file is refused before it is read. */
export const MAX_SESSION_BYTES = 64 * 1024 * 1024;

export function readSessionFile(filePath: string): Uint8Array {
  return readProjectFile(filePath, MAX_SESSION_BYTES, 'session');
}

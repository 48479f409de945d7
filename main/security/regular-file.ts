/**
 * Opening a file under a watched folder (a bounce, a session, a version, the demo's list): a FIFO named like one, in
 * a hostile folder or swapped in after the file was looked at, would wait for a writer for ever, holding one of
 * libuv's four file threads; four of them stop every file operation of the core. Files are opened without waiting
 * (O_NONBLOCK) and refused unless the opened handle itself is a regular file, so no check of the name can be
 * outrun by a swap.
 */
import fs, { type FileHandle } from 'node:fs/promises';
import { AppError } from '../../common/errors';
import { notAFile } from '../../common/messages';

/** O_NONBLOCK where the platform has it: Windows has no such flag, and no FIFO a path can name. */
const READ_WITHOUT_WAITING = fs.constants.O_RDONLY | ((fs.constants as { O_NONBLOCK?: number }).O_NONBLOCK ?? 0);

/**
 * A regular file opened for reading. The open's own failure (ENOENT, EACCES) is thrown as it is, for the caller's
 * words; anything but a regular file (a FIFO, a device, a socket, a folder) is an `invalid_input` saying so.
 */
export async function openRegularFile(filePath: string): Promise<FileHandle> {
  const handle = await fs.open(filePath, READ_WITHOUT_WAITING);
  try {
    if ((await handle.stat()).isFile()) return handle;
  } catch (error) {
    await handle.close();
    throw error;
  }
  await handle.close();
  throw new AppError('invalid_input', notAFile(filePath));
}

/** A regular file's whole content (`openRegularFile`'s refusals). */
export async function readRegularFile(filePath: string): Promise<Buffer> {
  const handle = await openRegularFile(filePath);
  try {
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}

/**
 * Reads a file whole, but only one no larger than `maxBytes`, and never more than the size it had when
 * opened (a file that grows meanwhile cannot make a reader allocate more). Failures carry a short reason
 * ("is missing", "is not a regular file", "N bytes, more than the M a <kind> may have") for the caller's own error.
 *
 * Every reader of a file under a watched folder opens it with `openRegularFile`: a FIFO named like a project (a
 * hostile folder, or a file swapped after the scan listed it) would otherwise hold the worker for ever, since
 * opening one for reading waits for a writer.
 *
 * A project reader opens and reads through `openProjectFile` and `readProjectFile`, which turn the reason into the
 * UnreadableFileError every reader answers a file it cannot read with (the scan goes on).
 */
import type { Stats } from 'node:fs';
import fs from 'node:fs/promises';
import { UnreadableFileError } from '../../common/projects/project-meta';

export class BoundedReadError extends Error {
  /** `code`: the system's, when the open itself failed (ENOENT, EACCES…). */
  constructor(
    readonly reason: string,
    readonly code?: string,
  ) {
    super(reason);
    this.name = 'BoundedReadError';
  }
}

/**
 * O_NONBLOCK: opening a FIFO returns at once instead of waiting for a writer (reads of a regular file are unchanged).
 * Windows has no such flag, and no FIFO a path can name.
 */
const READ_WITHOUT_WAITING = fs.constants.O_RDONLY | ((fs.constants as { O_NONBLOCK?: number }).O_NONBLOCK ?? 0);

/**
 * Opens a regular file for reading, or throws a `BoundedReadError` saying why not. The opened handle's own stat is
 * asked, not the name's: a file swapped for something else after a check is refused all the same.
 */
export async function openRegularFile(filePath: string): Promise<fs.FileHandle> {
  return (await openRegular(filePath)).handle;
}

/** `openRegularFile` with the handle's stat it checked: a reader that needs the size asks the system once, not twice. */
async function openRegular(filePath: string): Promise<{ handle: fs.FileHandle; stats: Stats }> {
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(filePath, READ_WITHOUT_WAITING);
  } catch (error) {
    throw new BoundedReadError(describeOpenFailure(error), errorCode(error));
  }
  let stats: Stats;
  try {
    stats = await handle.stat();
  } catch (error) {
    await handle.close();
    throw new BoundedReadError(`cannot be read (${errorCode(error)})`);
  }
  if (stats.isFile()) return { handle, stats };
  await handle.close();
  throw new BoundedReadError(notAFileReason(stats));
}

/** What a reader refuses to open, said as what it is: anything but a regular file. */
function notAFileReason(stats: Stats): string {
  if (stats.isDirectory()) return 'is a folder, not a file';
  if (stats.isFIFO()) return 'is a pipe (FIFO), not a file';
  return 'is not a regular file';
}

export async function readBoundedFile(filePath: string, maxBytes: number, kind: string): Promise<Buffer> {
  const { handle, stats } = await openRegular(filePath);
  try {
    if (stats.size > maxBytes) throw new BoundedReadError(`${stats.size} bytes, more than the ${maxBytes} a ${kind} may have`);
    const buffer = Buffer.alloc(stats.size);
    let filled = 0;
    while (filled < buffer.length) {
      const { bytesRead } = await handle.read(buffer, filled, buffer.length - filled, filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    return buffer.subarray(0, filled);
  } catch (error) {
    if (error instanceof BoundedReadError) throw error;
    throw new BoundedReadError(`cannot be read (${errorCode(error)})`);
  } finally {
    await handle.close();
  }
}

function describeOpenFailure(error: unknown): string {
  const code = errorCode(error);
  if (code === 'ENOENT') return 'is missing';
  if (code === 'EISDIR') return 'is a folder, not a file';
  return `cannot be opened (${code})`;
}

function errorCode(error: unknown): string {
  if (error instanceof Error && 'code' in error && typeof error.code === 'string') return error.code;
  return String(error);
}

/** `openRegularFile` for a project reader: a file it cannot open is an UnreadableFileError with the reason. */
export async function openProjectFile(filePath: string): Promise<fs.FileHandle> {
  try {
    return await openRegularFile(filePath);
  } catch (error) {
    if (error instanceof BoundedReadError) throw new UnreadableFileError(filePath, error.reason);
    throw error;
  }
}

/** `readBoundedFile` for a project reader: a file it cannot read, or one past `maxBytes`, is an UnreadableFileError. */
export async function readProjectFile(filePath: string, maxBytes: number, kind: string): Promise<Buffer> {
  try {
    return await readBoundedFile(filePath, maxBytes, kind);
  } catch (error) {
    if (error instanceof BoundedReadError) throw new UnreadableFileError(filePath, error.reason);
    throw error;
  }
}

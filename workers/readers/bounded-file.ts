/**
 * Reads a file whole, but only one no larger than `maxBytes`, and never more than the size it had when
 * opened (a file that grows meanwhile cannot make a reader allocate more). Failures carry a short reason
 * ("is missing", "is not a regular file", "N bytes, more than the M a <kind> may have") for the caller's own error.
 *
 * Every reader of a file under a watched folder opens it with `openRegularFileSync` (or `openRegularFile`): a FIFO
 * named like a project (a hostile folder, or a file swapped after the scan listed it) would otherwise hold the worker
 * for ever, since opening one for reading waits for a writer.
 *
 * A project reader opens and reads through `openProjectFile` and `readProjectFile`, which turn the reason into the
 * UnreadableFileError every reader answers a file it cannot read with (the scan goes on).
 */
import fs, { type Stats } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
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

/** A regular file opened for reading: its descriptor (the caller closes it with `fs.closeSync`) and the stat it was checked by. */
export interface OpenedFile {
  fd: number;
  stats: Stats;
}

/**
 * Opens a regular file for reading, or throws a `BoundedReadError` saying why not. The opened descriptor's own stat
 * is asked, not the name's: a file swapped for something else after a check is refused all the same.
 *
 * Synchronous on purpose: a worker thread runs one task, and the pool ends the thread of a task past its time limit,
 * so blocking it costs nothing, while each call through `fs/promises` waits its turn on libuv's thread pool (a
 * project read was mostly that wait, measured).
 */
export function openRegularFileSync(filePath: string): OpenedFile {
  let fd: number;
  try {
    fd = fs.openSync(filePath, READ_WITHOUT_WAITING);
  } catch (error) {
    throw new BoundedReadError(describeOpenFailure(error), errorCode(error));
  }
  let stats: Stats;
  try {
    stats = fs.fstatSync(fd);
  } catch (error) {
    fs.closeSync(fd);
    throw new BoundedReadError(`cannot be read (${errorCode(error)})`);
  }
  if (stats.isFile()) return { fd, stats };
  fs.closeSync(fd);
  throw new BoundedReadError(notAFileReason(stats));
}

/**
 * The same checks as `openRegularFileSync`, answering a `FileHandle`: for what reads the file as a stream, on the
 * thread pool while it works on what it read (the Live set's inflate, the analysis's decoders).
 */
export async function openRegularFile(filePath: string): Promise<FileHandle> {
  let handle: FileHandle;
  try {
    handle = await fs.promises.open(filePath, READ_WITHOUT_WAITING);
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
  if (stats.isFile()) return handle;
  await handle.close();
  throw new BoundedReadError(notAFileReason(stats));
}

/** What a reader refuses to open, said as what it is: anything but a regular file. */
function notAFileReason(stats: Stats): string {
  if (stats.isDirectory()) return 'is a folder, not a file';
  if (stats.isFIFO()) return 'is a pipe (FIFO), not a file';
  return 'is not a regular file';
}

/** The whole file, read synchronously (see `openRegularFileSync`); past `maxBytes` it is refused before any read. */
export function readBoundedFile(filePath: string, maxBytes: number, kind: string): Buffer {
  const { fd, stats } = openRegularFileSync(filePath);
  try {
    if (stats.size > maxBytes) throw new BoundedReadError(`${stats.size} bytes, more than the ${maxBytes} a ${kind} may have`);
    const buffer = Buffer.alloc(stats.size);
    let filled = 0;
    while (filled < buffer.length) {
      const bytesRead = fs.readSync(fd, buffer, filled, buffer.length - filled, filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    return buffer.subarray(0, filled);
  } catch (error) {
    if (error instanceof BoundedReadError) throw error;
    throw new BoundedReadError(`cannot be read (${errorCode(error)})`);
  } finally {
    fs.closeSync(fd);
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

/** `openRegularFileSync` for a project reader: a file it cannot open is an UnreadableFileError with the reason. */
export function openProjectFile(filePath: string): OpenedFile {
  try {
    return openRegularFileSync(filePath);
  } catch (error) {
    if (error instanceof BoundedReadError) throw new UnreadableFileError(filePath, error.reason);
    throw error;
  }
}

/** `readBoundedFile` for a project reader: a file it cannot read, or one past `maxBytes`, is an UnreadableFileError. */
export function readProjectFile(filePath: string, maxBytes: number, kind: string): Buffer {
  try {
    return readBoundedFile(filePath, maxBytes, kind);
  } catch (error) {
    if (error instanceof BoundedReadError) throw new UnreadableFileError(filePath, error.reason);
    throw error;
  }
}

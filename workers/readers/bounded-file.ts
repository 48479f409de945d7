/**
 * Reads a file whole, but only one no larger than `maxBytes`, and never more than the size it had when
 * opened (a file that grows meanwhile cannot make a reader allocate more). Failures carry a short reason
 * ("is missing", "is not a file", "N bytes, more than the M a <kind> may have") for the caller's own error.
 */
import fs from 'node:fs/promises';

export class BoundedReadError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'BoundedReadError';
  }
}

export async function readBoundedFile(filePath: string, maxBytes: number, kind: string): Promise<Buffer> {
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(filePath, 'r');
  } catch (error) {
    throw new BoundedReadError(describeOpenFailure(error));
  }
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) throw new BoundedReadError('is not a file');
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
  if (code === 'EISDIR') return 'is not a file';
  return `cannot be opened (${code})`;
}

function errorCode(error: unknown): string {
  if (error instanceof Error && 'code' in error && typeof error.code === 'string') return error.code;
  return String(error);
}

/** Reads one property-list file from disk, binary or XML, refusing anything too large to be a real one. */
import fs from 'node:fs/promises';
import { BINARY_PLIST_MAGIC, parseBinaryPlist } from './binary-plist';
import { PlistFormatError, type PlistValue } from './plist-value';
import { parseXmlPlist } from './xml-plist';

/** The plists a Logic package keeps are a few kilobytes; 16 MiB is far beyond any honest one. */
export const MAX_PLIST_BYTES = 16 * 1024 * 1024;

/** Decodes a plist held in memory, choosing the decoder by its first bytes rather than by its name. */
export function parsePlist(bytes: Uint8Array): PlistValue {
  const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (data.length === 0) throw new PlistFormatError('plist is empty');
  if (data.subarray(0, 6).toString('latin1') === 'bplist') {
    if (data.subarray(0, BINARY_PLIST_MAGIC.length).toString('latin1') !== BINARY_PLIST_MAGIC) {
      throw new PlistFormatError(`binary plist version ${data.subarray(6, 8).toString('latin1')} is not supported`);
    }
    return parseBinaryPlist(data);
  }
  const text = data.toString('utf8').replace(/^\uFEFF/, '');
  if (!/^\s*</.test(text)) throw new PlistFormatError('neither a binary nor an XML plist');
  return parseXmlPlist(text);
}

/**
 * Reads and decodes `filePath`. Throws PlistFormatError with a readable reason for a missing, oversized or
 * undecodable file; other I/O failures surface as PlistFormatError too, so callers handle one error kind.
 */
export async function readPlistFile(filePath: string): Promise<PlistValue> {
  const bytes = await readBoundedFile(filePath);
  return parsePlist(bytes);
}

async function readBoundedFile(filePath: string): Promise<Buffer> {
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(filePath, 'r');
  } catch (error) {
    throw new PlistFormatError(describeOpenFailure(error));
  }
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) throw new PlistFormatError('is not a file');
    if (stats.size > MAX_PLIST_BYTES) {
      throw new PlistFormatError(`plist is ${stats.size} bytes, more than the ${MAX_PLIST_BYTES} a plist may have`);
    }
    // Read at most the size the file had when opened: a file that grows meanwhile cannot make us read more.
    const buffer = Buffer.alloc(stats.size);
    let filled = 0;
    while (filled < buffer.length) {
      const { bytesRead } = await handle.read(buffer, filled, buffer.length - filled, filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    return buffer.subarray(0, filled);
  } catch (error) {
    if (error instanceof PlistFormatError) throw error;
    throw new PlistFormatError(`cannot be read (${errorCode(error)})`);
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

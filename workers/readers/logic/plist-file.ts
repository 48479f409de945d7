/** Reads one property-list file from disk, binary or XML, refusing anything too large to be a real one. */
import { BoundedReadError, readBoundedFile } from '../bounded-file';
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
export function readPlistFile(filePath: string): PlistValue {
  let bytes: Buffer;
  try {
    bytes = readBoundedFile(filePath, MAX_PLIST_BYTES, 'plist');
  } catch (error) {
    if (error instanceof BoundedReadError) throw new PlistFormatError(error.reason);
    throw error;
  }
  return parsePlist(bytes);
}

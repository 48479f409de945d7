/**
 * Bounds-checked reads of the fields a Cubase archive is made of: big-endian integers and strings stored as
 * `[u32 length][bytes]`, the length counting a closing NUL (and, from Cubase 5 on, the EF BB BF that follows the NUL
 * of attribute values: FORMATS-MORE.md). Each read is given the end it may not pass and answers null past it, so a
 * hostile length never reads outside its object nor allocates what the file did not pay for; null rather than an
 * exception because the plug-in search meets many records and drops a bad one without unwinding.
 */
import { isUtf8 } from 'node:buffer';

export interface ArchiveString {
  /** The bytes before the first NUL (all of them when there is none), as text. */
  text: string;
  /** Where the next field starts. */
  next: number;
}

export function u16At(data: Buffer, at: number, end: number): number | null {
  return at >= 0 && at + 2 <= end && at + 2 <= data.length ? data.readUInt16BE(at) : null;
}

export function u32At(data: Buffer, at: number, end: number): number | null {
  return at >= 0 && at + 4 <= end && at + 4 <= data.length ? data.readUInt32BE(at) : null;
}

/**
 * A length-prefixed string of at most `maxBytes`, ending by `end`. UTF-8 where its bytes are UTF-8 (Cubase 5 on marks
 * its text so); older saves wrote the system's code page, read as Latin-1 rather than refused.
 */
export function stringAt(data: Buffer, at: number, end: number, maxBytes: number): ArchiveString | null {
  const length = u32At(data, at, end);
  if (length === null || length > maxBytes) return null;
  const start = at + 4;
  const stop = start + length;
  if (stop > end || stop > data.length) return null;
  const stored = data.subarray(start, stop);
  const nul = stored.indexOf(0);
  const bytes = nul === -1 ? stored : stored.subarray(0, nul);
  return { text: bytes.toString(isUtf8(bytes) ? 'utf8' : 'latin1'), next: stop };
}

/** Text a person could have typed: no control characters, no undecodable bytes. */
export function isPlainText(text: string): boolean {
  for (const char of text) if (char < ' ' || char === '\u007f' || char === '\ufffd') return false;
  return true;
}

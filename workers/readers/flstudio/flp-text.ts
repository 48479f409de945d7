/**
 * Text in FL Studio events. Since FL 11.5 every text but the version is UTF-16LE ending in a NUL; before, ASCII
 * (PyFLP `pyflp/_events.py` UnicodeEvent, `pyflp/project.py` on `version`). The version itself is ASCII in every
 * release (`20.0.5.91\0`).
 */
import { MalformedFlpError } from './flp-events';

/**
 * The longest text the reader decodes: a Windows path is at most 32,767 UTF-16 units, plus its NUL. Longer is not a
 * name or a path FL wrote, and is refused rather than turned into a string of that size.
 */
export const MAX_TEXT_BYTES = 2 * 32_768;
/** "24.1.1.4239": a version longer than this is not one. */
const MAX_VERSION_CHARACTERS = 64;

export interface FlVersion {
  /** As stated, printable ASCII only. */
  text: string;
  major: number;
  minor: number;
}

/** FL 11.5 and later write UTF-16; a file stating no version is read by its bytes (`textIsUtf16`). */
export function writesUtf16(version: FlVersion | null): boolean | null {
  if (version === null) return null;
  return version.major > 11 || (version.major === 11 && version.minor >= 5);
}

/**
 * The text of the bytes `[start, start + length)`, up to its first NUL. `utf16` null (no version stated yet): UTF-16
 * when the bytes end in a UTF-16 NUL (two zero bytes at an even length), as every text FL 11.5+ writes does.
 */
export function flpText(data: Uint8Array, start: number, length: number, utf16: boolean | null, id: number): string {
  if (length > MAX_TEXT_BYTES) throw new MalformedFlpError(`event ${id} holds a text of ${length} bytes, more than ${MAX_TEXT_BYTES}`);
  const bytes = Buffer.from(data.buffer, data.byteOffset + start, length);
  const wide = utf16 ?? (length >= 2 && length % 2 === 0 && bytes[length - 1] === 0 && bytes[length - 2] === 0);
  // latin1 for the older ASCII: any byte decodes, so a stray one shows as a character instead of failing the read.
  const text = bytes.toString(wide ? 'utf16le' : 'latin1');
  const end = text.indexOf('\0');
  return end === -1 ? text : text.slice(0, end);
}

/** Event 199: `20.0.5.91\0`; null when it holds no number FL would write. */
export function flVersionOf(data: Uint8Array, start: number, length: number): FlVersion | null {
  const raw = Buffer.from(data.buffer, data.byteOffset + start, Math.min(length, MAX_VERSION_CHARACTERS)).toString('latin1');
  const end = raw.indexOf('\0');
  const text = (end === -1 ? raw : raw.slice(0, end)).replace(/[^\x20-\x7e]/g, '').trim();
  const match = /^(\d{1,4})\.(\d{1,4})/.exec(text);
  if (!match) return null;
  return { text, major: Number(match[1]), minor: Number(match[2]) };
}

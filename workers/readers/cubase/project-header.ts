/**
 * The head of a Cubase / Nuendo project (FORMATS-MORE.md): `RIFF` or `RIF2`, a big-endian u32 size, `NUND`, then the
 * first chunk, `ROOT`. The size counts the bytes after `NUND`: in every fixture the size plus 12 is the file's length
 * exactly (803,316 + 12 = 803,328 for the Cubase 13 one), not plus 8 as in other RIFF files. A file shorter than its
 * size was cut (the `Truncated Project` fixtures): what lies before the cut is read, and the reader says what was lost.
 * Bytes past the declared end belong to nothing and are never read.
 */

/** A file whose bytes are not what the format promises; `reason` is shown in the scan log. */
export class MalformedProjectError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'MalformedProjectError';
  }
}

export interface ProjectHeader {
  container: 'RIFF' | 'RIF2';
  /** Where the data ends: the declared end, or the file's end when it was cut before it. */
  dataEnd: number;
  /** The file ends before the end its size declares. */
  truncated: boolean;
}

/** `RIFF`, the size, `NUND`, `ROOT`. */
export const HEADER_BYTES = 16;
/** The declared size counts from here (after `NUND`). */
const SIZE_COUNTS_FROM = 12;

export function readProjectHeader(data: Uint8Array): ProjectHeader {
  if (data.length === 0) throw new MalformedProjectError('empty file');
  const container = fourCharacters(data, 0);
  if (container !== 'RIFF' && container !== 'RIF2') throw new MalformedProjectError('not a Cubase or Nuendo project (no RIFF header)');
  if (data.length < HEADER_BYTES) throw new MalformedProjectError(`truncated: ${data.length} bytes, less than the ${HEADER_BYTES} of the header`);
  const form = fourCharacters(data, 8);
  if (form !== 'NUND') throw new MalformedProjectError(`a RIFF file of another kind (${printable(form)}), not a Cubase or Nuendo project`);
  const first = fourCharacters(data, 12);
  if (first !== 'ROOT') throw new MalformedProjectError(`its first chunk is ${printable(first)}, not ROOT`);
  const declaredEnd = SIZE_COUNTS_FROM + new DataView(data.buffer, data.byteOffset, data.byteLength).getUint32(4, false);
  if (declaredEnd < HEADER_BYTES) throw new MalformedProjectError(`its size (${declaredEnd - SIZE_COUNTS_FROM} bytes) cannot hold its first chunk`);
  return { container, dataEnd: Math.min(declaredEnd, data.length), truncated: declaredEnd > data.length };
}

/** Up to four bytes from `at`, never past the data's own end (a view's buffer may run on beyond it). */
function fourCharacters(data: Uint8Array, at: number): string {
  return Buffer.from(data.buffer, data.byteOffset, data.byteLength).subarray(at, at + 4).toString('latin1');
}

/** Four bytes quoted for a reason: printable ones as they are, others as hex. */
function printable(code: string): string {
  return /^[\x20-\x7e]{4}$/.test(code) ? `"${code}"` : `0x${Buffer.from(code, 'latin1').toString('hex')}`;
}

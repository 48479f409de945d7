/**
 * The 20 plain bytes that open every Pro Tools session (FORMATS.md): byte 0 is 0x03, bytes 1 to 16 the ASCII
 * text "0010111100101011", byte 0x11 the byte order (non-zero: big-endian), byte 0x12 the obfuscation scheme
 * and byte 0x13 the seed of its key.
 */
import { PRO_TOOLS_HEADER } from '../../../common/audio/file-content';
import { MalformedSessionError } from './session-bytes';

export const HEADER_BYTES: number = PRO_TOOLS_HEADER.bytes;
export const MAGIC_LEAD_BYTE: number = PRO_TOOLS_HEADER.leadByte;
export const MAGIC_TEXT: string = PRO_TOOLS_HEADER.text;
const BYTE_ORDER_OFFSET = 0x11;
const SCHEME_OFFSET: number = PRO_TOOLS_HEADER.schemeOffset;
const SEED_OFFSET = 0x13;

/** 1: Pro Tools 5 to 9 (.pts, .ptf). 5: Pro Tools 10 and later (.ptx). */
export type ObfuscationScheme = 1 | 5;

export interface SessionHeader {
  bigEndian: boolean;
  scheme: ObfuscationScheme;
  seed: number;
}

export function readSessionHeader(bytes: Uint8Array): SessionHeader {
  if (bytes.length === 0) throw new MalformedSessionError('empty file');
  if (!hasMagic(bytes)) throw new MalformedSessionError('not a Pro Tools session (no 0x03 "0010111100101011" header)');
  if (bytes.length < HEADER_BYTES) {
    throw new MalformedSessionError(`truncated: ${bytes.length} bytes, shorter than the ${HEADER_BYTES}-byte header`);
  }
  const scheme = bytes[SCHEME_OFFSET];
  if (scheme !== 1 && scheme !== 5) {
    throw new MalformedSessionError(`unknown obfuscation scheme ${String(scheme)} (known: 1 for Pro Tools 5-9, 5 for 10+)`);
  }
  return { bigEndian: bytes[BYTE_ORDER_OFFSET] !== 0, scheme, seed: bytes[SEED_OFFSET] ?? 0 };
}

/** Compares as much of the magic as the file holds, so a cut-off header still reads as "truncated". */
function hasMagic(bytes: Uint8Array): boolean {
  if (bytes[0] !== MAGIC_LEAD_BYTE) return false;
  const available = Math.min(bytes.length - 1, MAGIC_TEXT.length);
  for (let index = 0; index < available; index += 1) {
    if (bytes[1 + index] !== MAGIC_TEXT.charCodeAt(index)) return false;
  }
  return true;
}

/**
 * What a file the user hands Songshelf (`saveLocalFile`) holds, told by its first bytes, never by its name: audio of
 * a kind the player plays (`audioExtensionsOf`), an Ableton Live set (gzip, FORMATS.md) or a Pro Tools session (its
 * 20-byte header). The saved copy is named for what it holds, so a file that arrives as `x.bat` is never kept as one.
 */
import type { LocalFileKind } from './local-files';
import { audioExtensionsOf, type Extensions } from './media';

/** The plain bytes that open every Pro Tools session (FORMATS.md); the reader's header parser uses them too. */
export const PRO_TOOLS_HEADER = { bytes: 20, leadByte: 0x03, text: '0010111100101011', schemeOffset: 0x12 } as const;

/** Bytes from a file's start enough for `fileContentOf`. */
export const CONTENT_HEADER_BYTES = PRO_TOOLS_HEADER.bytes;

export interface FileContent {
  kind: LocalFileKind;
  /** The first is the one a saved copy gets when its name has none of them. */
  extensions: Extensions;
}

/** What the first bytes (`CONTENT_HEADER_BYTES` of them, or the whole file when shorter) show, or null for anything else. */
export function fileContentOf(header: Uint8Array): FileContent | null {
  const audio = audioExtensionsOf(header);
  if (audio) return { kind: 'audio', extensions: audio };
  // gzip with deflate: the only thing a Live set is on disk.
  if (header[0] === 0x1f && header[1] === 0x8b && header[2] === 0x08) return { kind: 'session', extensions: ['als'] };
  if (isProToolsHeader(header)) {
    // Scheme 5 is Pro Tools 10+ (.ptx); scheme 1 is 5 to 9 (.ptf, or .pts for 5 and 6).
    return { kind: 'session', extensions: header[PRO_TOOLS_HEADER.schemeOffset] === 5 ? ['ptx'] : ['ptf', 'pts'] };
  }
  return null;
}

function isProToolsHeader(header: Uint8Array): boolean {
  if (header.length < PRO_TOOLS_HEADER.bytes || header[0] !== PRO_TOOLS_HEADER.leadByte) return false;
  const scheme = header[PRO_TOOLS_HEADER.schemeOffset];
  if (scheme !== 1 && scheme !== 5) return false;
  return [...PRO_TOOLS_HEADER.text].every((char, index) => header[1 + index] === char.charCodeAt(0));
}

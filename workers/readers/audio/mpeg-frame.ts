/**
 * How many channels an MP3 carries, from its first frame header (after any ID3v2 tag): the WebAssembly decoder
 * always answers two, copying a mono stream into both, which a loudness meter would count twice (+3 dB).
 */
import type { FileHandle } from 'node:fs/promises';
import { readAt } from './chunked-file';

/** How far past the tag a first frame is looked for: encoders put it right there, after at most some padding. */
const SEARCH_BYTES = 64 * 1024;

/** 1 or 2; null when no frame header is found near the start. */
export async function mpegChannels(handle: FileHandle): Promise<1 | 2 | null> {
  const tag = await readAt(handle, 0, 10);
  let start = 0;
  if (tag.length === 10 && tag.toString('latin1', 0, 3) === 'ID3') {
    // ID3v2: a syncsafe size (7 bits a byte) after the 10-byte header, and 10 more for a footer.
    const size = ((tag[6]! & 0x7f) << 21) | ((tag[7]! & 0x7f) << 14) | ((tag[8]! & 0x7f) << 7) | (tag[9]! & 0x7f);
    start = 10 + size + (tag[5]! & 0x10 ? 10 : 0);
  }
  const bytes = await readAt(handle, start, SEARCH_BYTES);
  for (let i = 0; i + 4 <= bytes.length; i++) {
    if (isFrameHeader(bytes[i]!, bytes[i + 1]!, bytes[i + 2]!)) return (bytes[i + 3]! >> 6) === 0b11 ? 1 : 2;
  }
  return null;
}

/** 11 sync bits, then no reserved version, layer, bitrate or sample rate. */
function isFrameHeader(first: number, second: number, third: number): boolean {
  return first === 0xff && (second & 0xe0) === 0xe0 && ((second >> 3) & 0b11) !== 0b01 && ((second >> 1) & 0b11) !== 0 && third >> 4 !== 0b1111 && ((third >> 2) & 0b11) !== 0b11;
}

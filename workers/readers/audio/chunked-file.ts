/**
 * RIFF and IFF files (WAV, AIFF) are lists of chunks: a four-letter id, a 32-bit size, the body, padded to an even
 * length. This walks them by positional reads of a few bytes each (a WAV's `LIST` or `JUNK` chunk can be megabytes,
 * none of it read), for the header readers to pick out theirs.
 */
import type { FileHandle } from 'node:fs/promises';

export interface Chunk {
  id: string;
  /** Where the body starts. */
  offset: number;
  /** The body's size as written (it may claim more than the file holds). */
  size: number;
}

/** More than any real file has; a crafted file of tiny chunks stops here. */
const MAX_CHUNKS = 10_000;

/** The chunks from `start` to the file's end (`fileSize`), sizes read in the given byte order. */
export async function* chunksOf(handle: FileHandle, start: number, fileSize: number, littleEndian: boolean): AsyncGenerator<Chunk> {
  const head = Buffer.alloc(8);
  let position = start;
  for (let count = 0; count < MAX_CHUNKS && position + 8 <= fileSize; count++) {
    const { bytesRead } = await handle.read(head, 0, 8, position);
    if (bytesRead < 8) return;
    const size = littleEndian ? head.readUInt32LE(4) : head.readUInt32BE(4);
    yield { id: head.toString('latin1', 0, 4), offset: position + 8, size };
    position += 8 + size + (size % 2);
  }
}

/** Up to `length` bytes at `offset`; fewer at the file's end. */
export async function readAt(handle: FileHandle, offset: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buffer, 0, length, offset);
  return buffer.subarray(0, bytesRead);
}

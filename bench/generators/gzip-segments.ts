/**
 * One gzip member assembled from pieces deflated separately: each piece ends on a sync flush, so pieces
 * compressed once (the generators' padding) can be reused in thousands of files, and the trailer's CRC is
 * combined from the pieces' own CRCs (zlib's crc32_combine) instead of re-reading the whole document.
 */
import zlib from 'node:zlib';

/** A piece of the document, deflated (and checksummed) on first use. */
export class Segment {
  private compressed: Buffer | undefined;
  private checksum: number | undefined;

  constructor(readonly xml: Buffer) {}

  get deflated(): Buffer {
    this.compressed ??= this.xml.length === 0 ? Buffer.alloc(0) : zlib.deflateRawSync(this.xml, { finishFlush: zlib.constants.Z_SYNC_FLUSH });
    return this.compressed;
  }

  get crc(): number {
    this.checksum ??= crc32(this.xml);
    return this.checksum;
  }
}

/** Header (10 bytes: no name, no time, Unix) and trailer (CRC-32 and length, 8 bytes). */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]);
/** What a member adds around its pieces: the header and the trailer. */
export const GZIP_FRAMING_BYTES = GZIP_HEADER.length + 8;
/** An empty final block: the segments before it all end on a sync flush, never on a final block. */
const FINAL_BLOCK = zlib.deflateRawSync(Buffer.alloc(0));

export function gzipOf(segments: Segment[]): Buffer {
  let crc = 0;
  let length = 0;
  for (const segment of segments) {
    crc = crc32Combine(crc, segment.crc, segment.xml.length);
    length += segment.xml.length;
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length % 2 ** 32, 4);
  return Buffer.concat([GZIP_HEADER, ...segments.map((segment) => segment.deflated), FINAL_BLOCK, trailer]);
}

const CRC_TABLE = Int32Array.from({ length: 256 }, (_unused, byte) => {
  let crc = byte;
  for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
  return crc;
});

function crc32(bytes: Buffer): number {
  let crc = -1;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ -1) >>> 0;
}

/** zlib's crc32_combine: the CRC of A followed by B from the CRCs of both and B's length (GF(2) matrices). */
function crc32Combine(crcA: number, crcB: number, lengthB: number): number {
  if (lengthB === 0) return crcA;
  let odd = [0xedb88320, ...Array.from({ length: 31 }, (_unused, bit) => 2 ** bit)];
  let even = squareMatrix(odd);
  odd = squareMatrix(even);
  let crc = crcA >>> 0;
  let remaining = lengthB;
  while (remaining > 0) {
    even = squareMatrix(odd);
    if (remaining % 2 === 1) crc = timesMatrix(even, crc);
    remaining = Math.floor(remaining / 2);
    if (remaining === 0) break;
    odd = squareMatrix(even);
    if (remaining % 2 === 1) crc = timesMatrix(odd, crc);
    remaining = Math.floor(remaining / 2);
  }
  return (crc ^ crcB) >>> 0;
}

function timesMatrix(matrix: number[], vector: number): number {
  let sum = 0;
  for (let row = 0, rest = vector >>> 0; rest !== 0; row++, rest >>>= 1) {
    if (rest & 1) sum ^= matrix[row] ?? 0;
  }
  return sum >>> 0;
}

function squareMatrix(matrix: number[]): number[] {
  return matrix.map((row) => timesMatrix(matrix, row));
}

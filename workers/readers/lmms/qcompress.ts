/**
 * Qt's `qUncompress` for LMMS's `.mmpz` (FORMATS-MORE.md, LMMS; LMMS/lmms `src/core/DataFile.cpp`): a u32 big-endian
 * uncompressed size, then a zlib stream. The declared size is checked against the cap before anything is inflated,
 * and zlib itself stops at the cap (`maxOutputLength`), so neither a lying header nor a zlib bomb can make the reader
 * allocate more. Qt grows its buffer when the data inflates past the declared size; so does this, up to the cap.
 *
 * Inflated synchronously, as the readers read (bounded-file.ts): the worker's thread has nothing else to do meanwhile,
 * and zlib's thread-pool call would add a wait for libuv's pool to each project.
 */
import zlib from 'node:zlib';

/** Far above a real project's XML (the fixtures inflate to 370 KB), well under what zlib's buffers allow. */
export const MAX_LMMS_XML_BYTES = 128 * 1024 * 1024;
const SIZE_BYTES = 4;

/** An `.mmpz` whose bytes are not a qCompress stream; `reason` is short and shown to the user. */
export class QCompressRejected extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'QCompressRejected';
  }
}

export function qUncompress(bytes: Buffer): Buffer {
  if (bytes.length === 0) throw new QCompressRejected('empty file');
  if (bytes.length < SIZE_BYTES + 2) throw new QCompressRejected('cut short (no room for its size and zlib header)');
  // The zlib header first: it tells what the file is (XML named .mmpz would otherwise "declare" gigabytes).
  if (!isZlibHeader(bytes[SIZE_BYTES]!, bytes[SIZE_BYTES + 1]!)) throw new QCompressRejected('not zlib (not an LMMS .mmpz)');
  const declared = bytes.readUInt32BE(0);
  if (declared > MAX_LMMS_XML_BYTES) {
    throw new QCompressRejected(`declares ${declared} bytes uncompressed, more than the ${MAX_LMMS_XML_BYTES} an LMMS project may have`);
  }
  try {
    return zlib.inflateSync(bytes.subarray(SIZE_BYTES), { maxOutputLength: MAX_LMMS_XML_BYTES });
  } catch (error) {
    throw new QCompressRejected(inflateFailure(error));
  }
}

/** RFC 1950: deflate (method 8), a window of at most 32 KiB, and a header whose 16 bits are a multiple of 31. */
function isZlibHeader(cmf: number, flg: number): boolean {
  return (cmf & 0x0f) === 8 && cmf >> 4 <= 7 && ((cmf << 8) | flg) % 31 === 0;
}

function inflateFailure(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ERR_BUFFER_TOO_LARGE') return `inflates past ${MAX_LMMS_XML_BYTES} bytes (zlib bomb?)`;
  if (code === 'Z_BUF_ERROR') return 'zlib stream cut short';
  if (typeof code === 'string' && code.startsWith('Z_')) return `corrupt zlib (${(error as Error).message})`;
  return `cannot be inflated (${code ?? String(error)})`;
}

/**
 * Streams the inflated bytes of a gzip file in large chunks, refusing what is not gzip and stopping a gzip
 * bomb at a hard cap, so that no file can make the reader allocate without bound. zlib inflates on the
 * thread pool while the caller scans the previous chunk.
 */
import type { FileHandle } from 'node:fs/promises';
import { addAbortSignal, type TransformOptions } from 'node:stream';
import zlib from 'node:zlib';
import { BoundedReadError, openRegularFile } from '../bounded-file';
import { SetRejected } from './set-rejected';

/** Real sets inflate 4 to 20 times (FORMATS.md); far beyond that is a bomb. */
const MAX_INFLATE_RATIO = 200;
const MAX_INFLATED_BYTES = 512 * 1024 * 1024;
/** Large chunks keep the per-chunk costs (events, the scanner's carry) negligible; 256 KiB measured best. */
const INFLATED_CHUNK_BYTES = 256 * 1024;
const COMPRESSED_READ_BYTES = 1024 * 1024;
/** How far zlib inflates ahead of the scan, on its own thread: the scan and the inflate overlap instead of taking turns. */
const INFLATE_AHEAD_BYTES = 4 * INFLATED_CHUNK_BYTES;
const GZIP_MAGIC = [0x1f, 0x8b];

function inflateCapFor(compressedBytes: number): number {
  return Math.min(MAX_INFLATE_RATIO * compressedBytes, MAX_INFLATED_BYTES);
}

/** Yields the inflated chunks in order. Rejections are SetRejected; an abort throws the signal's reason. */
export async function* inflateCapped(filePath: string, signal?: AbortSignal): AsyncGenerator<Buffer> {
  signal?.throwIfAborted();
  const handle = await openFile(filePath);
  try {
    const { size } = await handle.stat().catch((error: unknown) => rejectIo('cannot read file', error));
    if (!(await startsWithGzipMagic(handle, size))) {
      throw new SetRejected(size === 0 ? 'empty file' : 'not gzip (not an Ableton Live set)');
    }
    const cap = inflateCapFor(size);
    const source = handle.createReadStream({ start: 0, highWaterMark: COMPRESSED_READ_BYTES, autoClose: false });
    // zlib's streams take a Transform's options too (Node passes them on), which its options type leaves out.
    const options: zlib.ZlibOptions & TransformOptions = { chunkSize: INFLATED_CHUNK_BYTES, readableHighWaterMark: INFLATE_AHEAD_BYTES };
    const gunzip = zlib.createGunzip(options);
    // pipe() does not forward errors: a read error must end the inflated stream too.
    source.on('error', (error) => gunzip.destroy(error));
    source.pipe(gunzip);
    if (signal) addAbortSignal(signal, gunzip);
    try {
      let inflated = 0;
      for await (const chunk of gunzip as AsyncIterable<Buffer>) {
        inflated += chunk.length;
        if (inflated > cap) throw new SetRejected('inflates past the safety cap (gzip bomb?)');
        yield chunk;
      }
    } catch (error) {
      throw translateStreamError(error, signal);
    } finally {
      source.destroy();
      gunzip.destroy();
    }
  } finally {
    await handle.close();
  }
}

/** Only a regular file, opened without waiting: a FIFO named like a set would hold the worker for ever. */
async function openFile(filePath: string): Promise<FileHandle> {
  try {
    return await openRegularFile(filePath);
  } catch (error) {
    if (!(error instanceof BoundedReadError)) throw error;
    throw new SetRejected(error.code === undefined ? error.reason : `cannot open file (${error.code})`);
  }
}

async function startsWithGzipMagic(handle: FileHandle, size: number): Promise<boolean> {
  if (size < GZIP_MAGIC.length) return false;
  const head = Buffer.alloc(GZIP_MAGIC.length);
  const { bytesRead } = await handle.read(head, 0, head.length, 0).catch((error: unknown) => rejectIo('cannot read file', error));
  return bytesRead === head.length && GZIP_MAGIC.every((byte, index) => head[index] === byte);
}

function translateStreamError(error: unknown, signal: AbortSignal | undefined): unknown {
  if (error instanceof SetRejected) return error;
  if (signal?.aborted) return signal.reason;
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'Z_BUF_ERROR') return new SetRejected('truncated gzip');
  if (code === 'Z_DATA_ERROR') return new SetRejected(`corrupt gzip (${(error as Error).message})`);
  if (typeof code === 'string' && code.startsWith('Z_')) return new SetRejected(`corrupt gzip (${code})`);
  if (typeof code === 'string') return new SetRejected(`cannot read file (${code})`);
  return error;
}

function rejectIo(what: string, error: unknown): never {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (typeof code === 'string') throw new SetRejected(`${what} (${code})`);
  throw error;
}

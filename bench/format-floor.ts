/**
 * The floor a reader is held to: the least any reader must do with a project's bytes. Every file is read whole
 * (`cat`); a compressed one is also inflated with node:zlib, as its reader must before it can look inside: a Live
 * set is one gzip member, an LMMS .mmpz is Qt's qCompress (a u32 length, then zlib), a Studio One .song and a
 * .dawproject are ZIP archives whose deflated entries are each inflated. Nothing is parsed.
 *
 * Synchronous, on this thread: zlib's asynchronous calls hop to libuv's threads 16 KiB at a time, which measured
 * here at half the speed of one synchronous call (a floor must be the fastest way, not a convenient one). The pool
 * has `threads` threads; the floor is one thread's time divided by them, as if it scaled perfectly.
 */
import fs from 'node:fs';
import zlib from 'node:zlib';

/** Seconds `threads` threads would take at best to read (and inflate) every file. */
export function floorSeconds(files: readonly string[], threads: number): number {
  const start = process.hrtime.bigint();
  for (const file of files) floorRead(file);
  return Number(process.hrtime.bigint() - start) / 1e9 / Math.max(1, threads);
}

function floorRead(file: string): void {
  const bytes = fs.readFileSync(file);
  const extension = file.slice(file.lastIndexOf('.')).toLowerCase();
  if (extension === '.als') zlib.gunzipSync(bytes);
  else if (extension === '.mmpz') zlib.inflateSync(bytes.subarray(4));
  else if (extension === '.song' || extension === '.dawproject') for (const entry of deflatedEntries(bytes)) zlib.inflateRawSync(entry);
}

const END_OF_DIRECTORY = 0x06054b50;
const CENTRAL_ENTRY = 0x02014b50;
const DEFLATE = 8;

/** Each deflated entry's compressed bytes, found through the central directory (the generators write no ZIP64). */
function deflatedEntries(zip: Buffer): Buffer[] {
  let end = -1;
  for (let at = zip.length - 22; at >= Math.max(0, zip.length - 22 - 65_535); at -= 1) {
    if (zip.readUInt32LE(at) === END_OF_DIRECTORY) {
      end = at;
      break;
    }
  }
  if (end === -1) throw new Error('not a ZIP archive: no end of central directory');
  const entries: Buffer[] = [];
  let at = zip.readUInt32LE(end + 16);
  for (let left = zip.readUInt16LE(end + 10); left > 0 && zip.readUInt32LE(at) === CENTRAL_ENTRY; left -= 1) {
    const local = zip.readUInt32LE(at + 42);
    const dataStart = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    if (zip.readUInt16LE(at + 10) === DEFLATE) entries.push(zip.subarray(dataStart, dataStart + zip.readUInt32LE(at + 20)));
    at += 46 + zip.readUInt16LE(at + 28) + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return entries;
}

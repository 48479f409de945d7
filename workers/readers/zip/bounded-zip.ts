/**
 * A small ZIP reader of our own for the project formats that are ZIPs of XML (Studio One's `.song`, DAWproject).
 * A project reader asks for a handful of named parts, so only those are read: the end of central directory is
 * looked for in the file's last 64 KiB + 22 bytes, the central directory is read whole (capped), and each part is
 * read by positioned reads from its local header.
 *
 * Everything a hostile archive could use to make us allocate or loop without bound is checked before it is used:
 * the entry count, name lengths and the central directory's size are capped; ZIP64, multi-part and encrypted
 * archives are refused (no project of these formats needs them); entries that overlap one another or the central
 * directory (the "overlapping files" zip bomb) are refused; a part is inflated with `maxOutputLength` = the size it
 * declares, which must be under a cap, and all parts read from one archive share a cap of inflated bytes. The local
 * header must agree with the central one, and the inflated bytes with the CRC-32. Every refusal is an
 * `UnreadableFileError(path, reason)`.
 */
import fs from 'node:fs';
import zlib from 'node:zlib';
import { UnreadableFileError } from '../../../common/projects/project-meta';
import { openProjectFile } from '../bounded-file';

export interface ZipLimits {
  /** What the archive is, for reasons: "Studio One song". */
  kind: string;
  /** The largest archive read at all, in bytes. */
  maxArchiveBytes: number;
  /** The most bytes one part may declare (and so inflate to). Default `MAX_PART_BYTES`. */
  maxPartBytes?: number;
  /** The most bytes the parts read from one archive may inflate to together. Default `MAX_INFLATED_BYTES`. */
  maxInflatedBytes?: number;
}

/** An XML part of a real project is kilobytes to tens of megabytes. */
export const MAX_PART_BYTES = 128 * 1024 * 1024;
export const MAX_INFLATED_BYTES = 256 * 1024 * 1024;
/** A song holds about fifty entries, a DAWproject one per audio file; far beyond either is no project. */
export const MAX_ZIP_ENTRIES = 50_000;
export const MAX_ENTRY_NAME_BYTES = 1024;
export const MAX_CENTRAL_DIRECTORY_BYTES = 16 * 1024 * 1024;
/** Archives up to this size are read in one call (ArchiveBytes); real songs and DAWprojects are well under it. */
const WHOLE_READ_BYTES = 16 * 1024 * 1024;

const EOCD_SIGNATURE = 0x06054b50;
const ZIP64_LOCATOR_SIGNATURE = 0x07064b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const EOCD_BYTES = 22;
const ZIP64_LOCATOR_BYTES = 20;
const MAX_COMMENT_BYTES = 0xffff;
const CENTRAL_BYTES = 46;
const LOCAL_BYTES = 30;
const STORED = 0;
const DEFLATED = 8;
/** Bit 0: encrypted; bit 6: strong encryption; bit 3: sizes in a data descriptor; bit 11: UTF-8 names. */
const FLAG_ENCRYPTED = 0x0001;
const FLAG_STRONG_ENCRYPTION = 0x0040;
const FLAG_DATA_DESCRIPTOR = 0x0008;
const FLAG_UTF8 = 0x0800;

interface ZipEntry {
  name: string;
  nameBytes: Buffer;
  flags: number;
  method: number;
  crc32: number;
  compressedSize: number;
  size: number;
  localOffset: number;
  /** Where the next entry's local header (or the central directory) starts: this entry must end before it. */
  limit: number;
}

/** Opens `filePath` as a ZIP archive, hands it to `use`, and closes it whatever happens. */
export function withZip<T>(filePath: string, limits: ZipLimits, use: (zip: ZipArchive) => T): T {
  const { fd, stats } = openProjectFile(filePath);
  try {
    return use(ZipArchive.open(fd, filePath, stats.size, limits));
  } finally {
    fs.closeSync(fd);
  }
}

export class ZipArchive {
  private inflated = 0;

  private constructor(
    private readonly source: ArchiveBytes,
    private readonly path: string,
    private readonly limits: ZipLimits,
    private readonly entries: Map<string, ZipEntry>,
    private readonly duplicates: Set<string>,
  ) {}

  /** `size`: the file's as the descriptor's stat said when it was opened. */
  static open(fd: number, filePath: string, size: number, limits: ZipLimits): ZipArchive {
    const refuse = (reason: string) => new UnreadableFileError(filePath, reason);
    if (size === 0) throw refuse('is empty');
    if (size > limits.maxArchiveBytes) throw refuse(`${size} bytes, more than the ${limits.maxArchiveBytes} a ${limits.kind} may have`);
    const source = ArchiveBytes.of(fd, filePath, size);
    const tailStart = Math.max(0, size - (EOCD_BYTES + MAX_COMMENT_BYTES));
    const tail = source.at(tailStart, size - tailStart);
    const eocd = findEndOfCentralDirectory(tail);
    if (eocd === -1) {
      const zipped = tail.length >= 4 && tailStart === 0 && tail.readUInt32LE(0) === LOCAL_SIGNATURE;
      throw refuse(zipped ? 'is a ZIP archive cut short (no end of central directory)' : `is not a ZIP archive (not a ${limits.kind})`);
    }
    const entryCount = tail.readUInt16LE(eocd + 10);
    const directorySize = tail.readUInt32LE(eocd + 12);
    const directoryOffset = tail.readUInt32LE(eocd + 16);
    const eocdOffset = tailStart + eocd;
    const zip64Locator = eocd >= ZIP64_LOCATOR_BYTES && tail.readUInt32LE(eocd - ZIP64_LOCATOR_BYTES) === ZIP64_LOCATOR_SIGNATURE;
    if (zip64Locator || entryCount === 0xffff || directorySize === 0xffffffff || directoryOffset === 0xffffffff) {
      throw refuse('is a ZIP64 archive (not read: no project of this kind needs one)');
    }
    if (tail.readUInt16LE(eocd + 4) !== 0 || tail.readUInt16LE(eocd + 6) !== 0 || tail.readUInt16LE(eocd + 8) !== entryCount) {
      throw refuse('is one part of a multi-part ZIP archive');
    }
    if (entryCount > MAX_ZIP_ENTRIES) throw refuse(`ZIP archive has ${entryCount} entries, more than the ${MAX_ZIP_ENTRIES} a ${limits.kind} may have`);
    if (directorySize > MAX_CENTRAL_DIRECTORY_BYTES) throw refuse(`ZIP central directory is ${directorySize} bytes, more than ${MAX_CENTRAL_DIRECTORY_BYTES}`);
    if (directoryOffset + directorySize > eocdOffset) throw refuse('ZIP central directory runs past its end (cut short?)');
    const directory = source.at(directoryOffset, directorySize);
    const list = parseCentralDirectory(directory, entryCount, directoryOffset, refuse);
    const entries = new Map<string, ZipEntry>();
    const duplicates = new Set<string>();
    for (const entry of list) {
      if (entries.has(entry.name)) duplicates.add(entry.name);
      entries.set(entry.name, entry);
    }
    return new ZipArchive(source, filePath, limits, entries, duplicates);
  }

  has(name: string): boolean {
    return this.entries.has(name);
  }

  names(): string[] {
    return [...this.entries.keys()];
  }

  /** The bytes of one part, checked against its headers and CRC-32; refused past the caps. */
  read(name: string): Buffer {
    const refuse = (reason: string) => new UnreadableFileError(this.path, reason);
    const entry = this.entries.get(name);
    if (entry === undefined) throw refuse(`has no ${name}`);
    if (this.duplicates.has(name)) throw refuse(`ZIP archive holds two entries named ${name}`);
    if ((entry.flags & (FLAG_ENCRYPTED | FLAG_STRONG_ENCRYPTION)) !== 0) throw refuse(`${name} is encrypted`);
    if (entry.method !== STORED && entry.method !== DEFLATED) throw refuse(`${name} is compressed with method ${entry.method} (only stored and deflated parts are read)`);
    const maxPart = this.limits.maxPartBytes ?? MAX_PART_BYTES;
    if (entry.size > maxPart) throw refuse(`${name} declares ${entry.size} bytes, more than the ${maxPart} a part may have`);
    const maxInflated = this.limits.maxInflatedBytes ?? MAX_INFLATED_BYTES;
    if (this.inflated + entry.size > maxInflated) throw refuse(`parts inflate to more than ${maxInflated} bytes together (zip bomb?)`);
    if (entry.method === STORED && entry.compressedSize !== entry.size) throw refuse(`${name} is stored but its sizes differ`);

    const header = this.source.at(entry.localOffset, LOCAL_BYTES);
    if (header.readUInt32LE(0) !== LOCAL_SIGNATURE) throw refuse(`${name} has no local header where the central directory says`);
    if (header.readUInt16LE(8) !== entry.method || (header.readUInt16LE(6) & FLAG_ENCRYPTED) !== (entry.flags & FLAG_ENCRYPTED)) {
      throw refuse(`${name}: its local header disagrees with the central directory`);
    }
    if ((entry.flags & FLAG_DATA_DESCRIPTOR) === 0 && (header.readUInt32LE(14) !== entry.crc32 || header.readUInt32LE(18) !== entry.compressedSize || header.readUInt32LE(22) !== entry.size)) {
      throw refuse(`${name}: its local header disagrees with the central directory`);
    }
    const nameLength = header.readUInt16LE(26);
    const extraLength = header.readUInt16LE(28);
    const dataStart = entry.localOffset + LOCAL_BYTES + nameLength + extraLength;
    if (dataStart + entry.compressedSize > entry.limit) throw refuse(`${name} overlaps the next entry of the ZIP archive`);
    const rest = this.source.at(entry.localOffset + LOCAL_BYTES, nameLength + extraLength + entry.compressedSize);
    if (!rest.subarray(0, nameLength).equals(entry.nameBytes)) throw refuse(`${name}: its local header names another entry`);
    const data = rest.subarray(nameLength + extraLength);

    const bytes = entry.method === STORED ? data : inflate(data, entry.size, (reason) => refuse(`${name} ${reason}`));
    if (bytes.length !== entry.size) throw refuse(`${name} inflates to ${bytes.length} bytes, not the ${entry.size} it declares`);
    if (zlib.crc32(bytes) >>> 0 !== entry.crc32) throw refuse(`${name} fails its CRC-32 check (damaged)`);
    this.inflated += entry.size;
    return bytes;
  }
}

/** The end of central directory record nearest the end whose comment fits in the file; -1 when there is none. */
function findEndOfCentralDirectory(tail: Buffer): number {
  for (let at = tail.length - EOCD_BYTES; at >= 0; at--) {
    if (tail.readUInt32LE(at) === EOCD_SIGNATURE && at + EOCD_BYTES + tail.readUInt16LE(at + 20) <= tail.length) return at;
  }
  return -1;
}

function parseCentralDirectory(directory: Buffer, count: number, directoryOffset: number, refuse: (reason: string) => UnreadableFileError): ZipEntry[] {
  const entries: ZipEntry[] = [];
  let at = 0;
  for (let index = 0; index < count; index++) {
    if (at + CENTRAL_BYTES > directory.length || directory.readUInt32LE(at) !== CENTRAL_SIGNATURE) throw refuse('ZIP central directory is cut short or damaged');
    const flags = directory.readUInt16LE(at + 8);
    const nameLength = directory.readUInt16LE(at + 28);
    const recordEnd = at + CENTRAL_BYTES + nameLength + directory.readUInt16LE(at + 30) + directory.readUInt16LE(at + 32);
    if (recordEnd > directory.length) throw refuse('ZIP central directory is cut short or damaged');
    if (nameLength > MAX_ENTRY_NAME_BYTES) throw refuse(`ZIP entry name of ${nameLength} bytes, more than ${MAX_ENTRY_NAME_BYTES}`);
    const nameBytes = Buffer.from(directory.subarray(at + CENTRAL_BYTES, at + CENTRAL_BYTES + nameLength));
    const entry: ZipEntry = {
      // Names without the UTF-8 flag are code page 437; ours are ASCII, looked up by exact name.
      name: nameBytes.toString((flags & FLAG_UTF8) !== 0 ? 'utf8' : 'latin1'),
      nameBytes,
      flags,
      method: directory.readUInt16LE(at + 10),
      crc32: directory.readUInt32LE(at + 16),
      compressedSize: directory.readUInt32LE(at + 20),
      size: directory.readUInt32LE(at + 24),
      localOffset: directory.readUInt32LE(at + 42),
      limit: directoryOffset,
    };
    if (entry.compressedSize === 0xffffffff || entry.size === 0xffffffff || entry.localOffset === 0xffffffff) {
      throw refuse('is a ZIP64 archive (not read: no project of this kind needs one)');
    }
    entries.push(entry);
    at = recordEnd;
  }
  if (at !== directory.length) throw refuse('ZIP central directory holds more than its entries');
  refuseOverlaps(entries, directoryOffset, refuse);
  return entries;
}

/**
 * Entries in file order must each end (at the least: header, name and data) before the next begins, and the last
 * before the central directory. Two central entries sharing bytes is how an overlapping-files bomb multiplies them.
 */
function refuseOverlaps(entries: ZipEntry[], directoryOffset: number, refuse: (reason: string) => UnreadableFileError): void {
  const inOrder = [...entries].sort((a, b) => a.localOffset - b.localOffset);
  inOrder.forEach((entry, index) => {
    const next = inOrder[index + 1];
    entry.limit = next === undefined ? directoryOffset : next.localOffset;
    if (entry.localOffset + LOCAL_BYTES + entry.nameBytes.length + entry.compressedSize > entry.limit) {
      throw refuse(next === undefined ? `ZIP entry ${entry.name} overlaps the central directory` : `ZIP entries ${entry.name} and ${next.name} overlap`);
    }
  });
}

function inflate(data: Buffer, size: number, refuse: (reason: string) => UnreadableFileError): Buffer {
  try {
    // maxOutputLength must be at least 1; an empty part still has to inflate to nothing.
    return zlib.inflateRawSync(data, { maxOutputLength: Math.max(size, 1) });
  } catch (error) {
    const code = errorCode(error);
    if (code === 'ERR_BUFFER_TOO_LARGE') throw refuse(`inflates past the ${size} bytes it declares (zip bomb?)`);
    if (code === 'Z_BUF_ERROR') throw refuse('is cut short (its deflate stream ends early)');
    throw refuse(`is damaged (${code === 'Z_DATA_ERROR' && error instanceof Error ? error.message : code})`);
  }
}

/**
 * The archive's bytes. A project of up to WHOLE_READ_BYTES (every real Studio One song and DAWproject seen) is read
 * in one call and sliced in memory: an archive is read at four places at least (its tail, its directory, and each
 * part's header and data). A larger one is read where it is needed, so a big archive never sits whole in memory.
 * Reads are synchronous, as bounded-file.ts says why.
 */
class ArchiveBytes {
  private constructor(
    private readonly fd: number,
    private readonly path: string,
    private readonly whole: Buffer | null,
  ) {}

  static of(fd: number, filePath: string, size: number): ArchiveBytes {
    return new ArchiveBytes(fd, filePath, size <= WHOLE_READ_BYTES ? readAt(fd, filePath, 0, size) : null);
  }

  /** Exactly `length` bytes at `position`; past the end of the file (cut short, or shrunk meanwhile) is refused. */
  at(position: number, length: number): Buffer {
    if (this.whole === null) return readAt(this.fd, this.path, position, length);
    if (position + length > this.whole.length) throw new UnreadableFileError(this.path, 'ends before the ZIP archive does (cut short?)');
    return this.whole.subarray(position, position + length);
  }
}

/** Exactly `length` bytes at `position`; a file that ends sooner (cut short, or shrunk meanwhile) is refused. */
function readAt(fd: number, filePath: string, position: number, length: number): Buffer {
  const buffer = Buffer.alloc(length);
  let filled = 0;
  while (filled < length) {
    let bytesRead: number;
    try {
      bytesRead = fs.readSync(fd, buffer, filled, length - filled, position + filled);
    } catch (error) {
      throw new UnreadableFileError(filePath, `cannot be read (${errorCode(error)})`);
    }
    if (bytesRead === 0) throw new UnreadableFileError(filePath, 'ends before the ZIP archive does (cut short?)');
    filled += bytesRead;
  }
  return buffer;
}

function errorCode(error: unknown): string {
  if (error instanceof Error && 'code' in error && typeof error.code === 'string') return error.code;
  return String(error);
}

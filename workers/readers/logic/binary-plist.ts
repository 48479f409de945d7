/**
 * A bounded decoder for binary property lists (`bplist00`), the format of every plist inside a Logic package.
 *
 * The layout is Apple's (CFBinaryPList.c, documented in its header comment): an 8-byte magic, the objects, an
 * offset table, and a 32-byte trailer giving the integer widths, the object count, the root object and where
 * the offset table starts. Each object begins with a marker byte: the high nibble is its type, the low nibble
 * its size or the start of a longer size.
 *
 * We do not use the `bplist-parser` package: it follows object references with no memory of what it has
 * decoded, so a file of a few kilobytes whose arrays all point at each other makes it recurse forever or
 * expand exponentially. Here every object is decoded once, cycles are refused, nesting is capped, and the
 * references followed in total can never exceed the bytes in the file.
 */
import { PlistFormatError, type PlistDict, type PlistValue } from './plist-value';

export const BINARY_PLIST_MAGIC = 'bplist00';

const TRAILER_BYTES = 32;
/** Deeper than any plist Logic writes (MetaData.plist nests three levels) by a wide margin. */
const MAX_NESTING = 256;
/** Seconds from the Unix epoch to the Core Data epoch (2001-01-01T00:00:00Z), in which binary dates count. */
const CORE_DATA_EPOCH_SECONDS = 978_307_200;

interface Trailer {
  offsetWidth: number;
  referenceWidth: number;
  objectCount: number;
  rootObject: number;
  offsetTableStart: number;
}

export function parseBinaryPlist(bytes: Uint8Array): PlistValue {
  const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (data.subarray(0, BINARY_PLIST_MAGIC.length).toString('latin1') !== BINARY_PLIST_MAGIC) {
    throw new PlistFormatError(`not a binary plist (no ${BINARY_PLIST_MAGIC} magic)`);
  }
  const trailer = readTrailer(data);
  return new BinaryPlistDecoder(data, trailer).decode(trailer.rootObject, 0);
}

function readTrailer(data: Buffer): Trailer {
  if (data.length < BINARY_PLIST_MAGIC.length + 1 + TRAILER_BYTES) {
    throw new PlistFormatError('binary plist is truncated (no room for its trailer)');
  }
  const start = data.length - TRAILER_BYTES;
  const offsetWidth = data.readUInt8(start + 6);
  const referenceWidth = data.readUInt8(start + 7);
  const objectCount = readTrailerCount(data, start + 8, 'object count');
  const rootObject = readTrailerCount(data, start + 16, 'root object');
  const offsetTableStart = readTrailerCount(data, start + 24, 'offset table position');

  if (offsetWidth < 1 || offsetWidth > 8 || referenceWidth < 1 || referenceWidth > 8) {
    throw new PlistFormatError('binary plist trailer is damaged or the file truncated (impossible integer widths)');
  }
  if (objectCount < 1 || rootObject >= objectCount) {
    throw new PlistFormatError('binary plist trailer is damaged (it names a root object the file does not hold)');
  }
  if (offsetTableStart < BINARY_PLIST_MAGIC.length || offsetTableStart + objectCount * offsetWidth > start) {
    throw new PlistFormatError('binary plist offset table lies outside the file (truncated?)');
  }
  return { offsetWidth, referenceWidth, objectCount, rootObject, offsetTableStart };
}

function readTrailerCount(data: Buffer, position: number, what: string): number {
  const value = data.readBigUInt64BE(position);
  if (value > BigInt(data.length)) {
    throw new PlistFormatError(`binary plist trailer is damaged or the file truncated (${what} out of range)`);
  }
  return Number(value);
}

class BinaryPlistDecoder {
  private readonly decoded = new Map<number, PlistValue>();
  private readonly inProgress = new Set<number>();
  /** Each reference slot takes at least one byte, so an honest file never follows more than it has bytes. */
  private referencesLeft: number;

  constructor(
    private readonly data: Buffer,
    private readonly trailer: Trailer,
  ) {
    this.referencesLeft = data.length;
  }

  decode(objectIndex: number, depth: number): PlistValue {
    const known = this.decoded.get(objectIndex);
    if (known !== undefined) return known;
    if (objectIndex >= this.trailer.objectCount) throw new PlistFormatError('binary plist refers to a missing object');
    if (this.inProgress.has(objectIndex)) throw new PlistFormatError('binary plist contains a reference cycle');
    if (depth > MAX_NESTING) throw new PlistFormatError('binary plist is nested too deeply');

    this.inProgress.add(objectIndex);
    const value = this.decodeAt(this.objectOffset(objectIndex), depth);
    this.inProgress.delete(objectIndex);
    this.decoded.set(objectIndex, value);
    return value;
  }

  private objectOffset(objectIndex: number): number {
    const { offsetTableStart, offsetWidth } = this.trailer;
    const tableEnd = this.data.length - TRAILER_BYTES;
    const offset = this.readUnsigned(offsetTableStart + objectIndex * offsetWidth, offsetWidth, tableEnd);
    if (offset < BINARY_PLIST_MAGIC.length || offset >= offsetTableStart) {
      throw new PlistFormatError('binary plist object offset points outside the object area');
    }
    return offset;
  }

  private decodeAt(offset: number, depth: number): PlistValue {
    const marker = this.byteAt(offset);
    const type = marker >> 4;
    const info = marker & 0x0f;
    switch (type) {
      case 0x0:
        return this.decodeSingleton(info);
      case 0x1:
        return this.decodeInteger(offset + 1, info);
      case 0x2:
        return this.decodeReal(offset + 1, info);
      case 0x3:
        if (info !== 3) throw new PlistFormatError('binary plist date has an unknown width');
        return new Date((this.readDouble(offset + 1) + CORE_DATA_EPOCH_SECONDS) * 1000);
      case 0x4: {
        const { start, count } = this.sizedRun(offset, info, 1);
        return Uint8Array.from(this.data.subarray(start, start + count));
      }
      case 0x5: {
        const { start, count } = this.sizedRun(offset, info, 1);
        return this.data.subarray(start, start + count).toString('latin1');
      }
      case 0x6: {
        const { start, count } = this.sizedRun(offset, info, 2);
        return Buffer.from(this.data.subarray(start, start + count * 2)).swap16().toString('utf16le');
      }
      case 0x8:
        // A keyed-archiver UID: only its number matters to us (MetaData.plist holds none).
        return this.readUnsigned(offset + 1, info + 1);
      case 0xa:
      case 0xc:
        return this.decodeArray(offset, info, depth);
      case 0xd:
        return this.decodeDictionary(offset, info, depth);
      default:
        throw new PlistFormatError(`binary plist holds an unknown object type 0x${type.toString(16)}`);
    }
  }

  private decodeSingleton(info: number): PlistValue {
    if (info === 0x8) return false;
    if (info === 0x9) return true;
    if (info === 0x0 || info === 0xf) return null;
    throw new PlistFormatError('binary plist holds an unknown singleton');
  }

  private decodeInteger(position: number, info: number): number {
    if (info > 4) throw new PlistFormatError('binary plist integer is wider than 16 bytes');
    const width = 2 ** info;
    this.requireBytes(position, width);
    if (width <= 4) return this.readUnsigned(position, width);
    // 8 bytes are signed; 16 bytes hold an unsigned 64-bit value in their low half.
    return width === 8
      ? Number(this.data.readBigInt64BE(position))
      : Number(this.data.readBigUInt64BE(position + 8));
  }

  private decodeReal(position: number, info: number): number {
    if (info === 2) {
      this.requireBytes(position, 4);
      return this.data.readFloatBE(position);
    }
    if (info === 3) return this.readDouble(position);
    throw new PlistFormatError('binary plist real has an unknown width');
  }

  private decodeArray(offset: number, info: number, depth: number): PlistValue[] {
    const { start, count } = this.sizedRun(offset, info, this.trailer.referenceWidth);
    this.spendReferences(count);
    const items: PlistValue[] = [];
    for (let index = 0; index < count; index += 1) {
      items.push(this.decode(this.reference(start, index), depth + 1));
    }
    return items;
  }

  private decodeDictionary(offset: number, info: number, depth: number): PlistDict {
    const { start, count } = this.sizedRun(offset, info, this.trailer.referenceWidth * 2);
    this.spendReferences(count * 2);
    const dictionary: PlistDict = new Map();
    for (let index = 0; index < count; index += 1) {
      const key = this.decode(this.reference(start, index), depth + 1);
      if (typeof key !== 'string') throw new PlistFormatError('binary plist dictionary has a key that is not a string');
      dictionary.set(key, this.decode(this.reference(start, count + index), depth + 1));
    }
    return dictionary;
  }

  private reference(runStart: number, index: number): number {
    const width = this.trailer.referenceWidth;
    return this.readUnsigned(runStart + index * width, width);
  }

  /** Where a run of `count` items of `itemWidth` bytes starts, its count read from the marker or after it. */
  private sizedRun(offset: number, info: number, itemWidth: number): { start: number; count: number } {
    let start = offset + 1;
    let count = info;
    if (info === 0x0f) {
      const sizeMarker = this.byteAt(start);
      if (sizeMarker >> 4 !== 0x1 || (sizeMarker & 0x0f) > 3) {
        throw new PlistFormatError('binary plist object has a malformed length');
      }
      const width = 2 ** (sizeMarker & 0x0f);
      count = this.readUnsigned(start + 1, width);
      start += 1 + width;
    }
    this.requireBytes(start, count * itemWidth);
    return { start, count };
  }

  private spendReferences(count: number): void {
    this.referencesLeft -= count;
    if (this.referencesLeft < 0) throw new PlistFormatError('binary plist follows more references than it can hold');
  }

  /** Big-endian, `width` bytes, none of them at or beyond `limit` (the end of the object area by default). */
  private readUnsigned(position: number, width: number, limit = this.trailer.offsetTableStart): number {
    if (position + width > limit) throw new PlistFormatError('binary plist object runs past the object area (truncated?)');
    let value = 0;
    for (let index = 0; index < width; index += 1) value = value * 256 + this.data.readUInt8(position + index);
    if (!Number.isSafeInteger(value)) throw new PlistFormatError('binary plist integer is too large');
    return value;
  }

  private readDouble(position: number): number {
    this.requireBytes(position, 8);
    return this.data.readDoubleBE(position);
  }

  private byteAt(position: number): number {
    this.requireBytes(position, 1);
    return this.data.readUInt8(position);
  }

  /** Objects live between the magic and the offset table; nothing may reach beyond. */
  private requireBytes(position: number, length: number): void {
    if (position + length > this.trailer.offsetTableStart) {
      throw new PlistFormatError('binary plist object runs past the object area (truncated?)');
    }
  }
}

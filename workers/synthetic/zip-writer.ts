/**
 * Writes ZIP archives in memory for the zipped project generators (Studio One `.song`, DAWproject) and for the ZIP
 * reader's tests: stored and deflated entries, folder entries, a central directory and its end record, as Info-ZIP
 * and Java's ZipOutputStream write them (no data descriptors, no ZIP64). `declare` and `sharesLocalHeaderOf` build the
 * hostile archives the tests need: headers that lie about sizes, and central entries that share bytes.
 */
import zlib from 'node:zlib';

export interface ZipWriterEntry {
  /** "Song/song.xml"; a name ending in "/" is a folder entry (its data ignored). */
  name: string;
  data?: Buffer | string;
  /** Default "deflate" (folders and empty files are always stored, as zip does). */
  method?: 'store' | 'deflate';
  /** What both headers state instead of the truth, for hostile archives. Default: the truth. */
  declare?: { size?: number; compressedSize?: number; crc32?: number; method?: number; flags?: number };
  /** The central entry points at this earlier entry's local header instead of one of its own. Default: its own. */
  sharesLocalHeaderOf?: number;
}

export interface ZipWriterOptions {
  /** The archive comment. Default none. */
  comment?: string;
  /** Every entry's modification time. Default 2021-07-27 14:51, the Studio One fixture's. */
  date?: Date;
}

const LOCAL_SIGNATURE = 0x04034b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const EOCD_SIGNATURE = 0x06054b50;
const FLAG_UTF8 = 0x0800;

interface Written {
  entry: ZipWriterEntry;
  nameBytes: Buffer;
  flags: number;
  method: number;
  crc32: number;
  size: number;
  compressedSize: number;
  localOffset: number;
}

export function zipBytes(entries: readonly ZipWriterEntry[], options: ZipWriterOptions = {}): Buffer {
  const { time, date } = dosDateTime(options.date ?? new Date(2021, 6, 27, 14, 51, 0));
  const chunks: Buffer[] = [];
  const written: Written[] = [];
  let offset = 0;
  for (const entry of entries) {
    const raw = entry.name.endsWith('/') ? Buffer.alloc(0) : toBuffer(entry.data ?? '');
    const deflate = (entry.method ?? 'deflate') === 'deflate' && raw.length > 0;
    const payload = deflate ? zlib.deflateRawSync(raw, { level: 6 }) : raw;
    const nameBytes = Buffer.from(entry.name, 'utf8');
    const record: Written = {
      entry,
      nameBytes,
      flags: entry.declare?.flags ?? (/^[\x20-\x7e]*$/.test(entry.name) ? 0 : FLAG_UTF8),
      method: entry.declare?.method ?? (deflate ? 8 : 0),
      crc32: entry.declare?.crc32 ?? zlib.crc32(raw) >>> 0,
      size: entry.declare?.size ?? raw.length,
      compressedSize: entry.declare?.compressedSize ?? payload.length,
      localOffset: offset,
    };
    if (entry.sharesLocalHeaderOf !== undefined) {
      const shared = written[entry.sharesLocalHeaderOf];
      if (shared === undefined) throw new Error(`entry ${entry.name} shares the header of an entry not written before it`);
      written.push({ ...record, localOffset: shared.localOffset });
      continue;
    }
    const header = Buffer.alloc(30);
    header.writeUInt32LE(LOCAL_SIGNATURE, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(record.flags, 6);
    header.writeUInt16LE(record.method, 8);
    header.writeUInt16LE(time, 10);
    header.writeUInt16LE(date, 12);
    header.writeUInt32LE(record.crc32, 14);
    header.writeUInt32LE(record.compressedSize, 18);
    header.writeUInt32LE(record.size, 22);
    header.writeUInt16LE(nameBytes.length, 26);
    header.writeUInt16LE(0, 28);
    chunks.push(header, nameBytes, payload);
    offset += header.length + nameBytes.length + payload.length;
    written.push(record);
  }

  const directoryOffset = offset;
  for (const record of written) {
    const central = Buffer.alloc(46);
    central.writeUInt32LE(CENTRAL_SIGNATURE, 0);
    central.writeUInt16LE(0x031e, 4); // made by Unix, spec 3.0: what Info-ZIP writes
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(record.flags, 8);
    central.writeUInt16LE(record.method, 10);
    central.writeUInt16LE(time, 12);
    central.writeUInt16LE(date, 14);
    central.writeUInt32LE(record.crc32, 16);
    central.writeUInt32LE(record.compressedSize, 20);
    central.writeUInt32LE(record.size, 24);
    central.writeUInt16LE(record.nameBytes.length, 28);
    central.writeUInt32LE(record.entry.name.endsWith('/') ? 0x41ed0010 : 0x81a40000, 38);
    central.writeUInt32LE(record.localOffset, 42);
    chunks.push(central, record.nameBytes);
    offset += central.length + record.nameBytes.length;
  }

  const comment = Buffer.from(options.comment ?? '', 'utf8');
  const end = Buffer.alloc(22);
  end.writeUInt32LE(EOCD_SIGNATURE, 0);
  end.writeUInt16LE(written.length, 8);
  end.writeUInt16LE(written.length, 10);
  end.writeUInt32LE(offset - directoryOffset, 12);
  end.writeUInt32LE(directoryOffset, 16);
  end.writeUInt16LE(comment.length, 20);
  chunks.push(end, comment);
  return Buffer.concat(chunks);
}

function toBuffer(data: Buffer | string): Buffer {
  return typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
}

/** MS-DOS time and date fields (two-second resolution, local time, years from 1980). */
function dosDateTime(when: Date): { time: number; date: number } {
  return {
    time: (when.getHours() << 11) | (when.getMinutes() << 5) | Math.floor(when.getSeconds() / 2),
    date: ((when.getFullYear() - 1980) << 9) | ((when.getMonth() + 1) << 5) | when.getDate(),
  };
}

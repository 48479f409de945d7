/**
 * The track list of a Bitwig project's `structure` summary (a meta entry; FORMATS-MORE.md): a small BtWg document of
 * its own whose root object holds the project (field 0xad2, class 0x283) with its track list (0xace), effect-track
 * list (0xacf) and master (0xad0); each track is an object whose field 0xad1 is its name. Tracks = the entries of
 * 0xace (a group's own 0xace, not seen yet, would list its tracks after it).
 *
 * The document: `0a`, u32 class, then fields `[u32 id][u8 tag][value]` until u32 0. Tags: 08 text (u32-length-prefixed
 * in container 0003, NUL-terminated in 0001), 09 object (`[u32 class]`, fields, u32 0), 12 list of objects (each
 * `[u32 class]`, fields, u32 0; the list ends with u32 3). Fixed-size tags seen in Bitwig documents (dawview's notes)
 * are stepped over. Anything else, or a summary that does not end exactly where its bytes do, is not decoded:
 * `trackNames` answers null and the tracks stay unknown. Never a guess.
 */
import { MAX_NAME_CHARS } from '../zip/zip-xml';
import { checkBodyStart, MalformedBitwig, readDocumentStart } from './bitwig-meta';

const PROJECT = 0xad2;
const TRACK_LIST = 0xace;
const NAME = 0xad1;
const END_OF_OBJECT = 0;
const END_OF_LIST = 3;
const MAX_DEPTH = 64;
/** Byte sizes of fixed-size values by tag (NaimioChan/dawview's reverse-engineered table, facts only). */
const FIXED_SIZES = new Map<number, number>([
  [0x01, 1],
  [0x05, 1],
  [0x11, 1],
  [0x02, 2],
  [0x03, 4],
  [0x04, 4],
  [0x06, 4],
  [0x0b, 4],
  [0x0c, 4],
  [0x07, 8],
  [0x15, 8],
]);

interface StructureObject {
  fields: Map<number, StructureValue>;
}

type StructureValue = string | StructureObject | StructureObject[] | null;

class Undecodable extends Error {}

/** The names of the project's tracks in order, or null when the summary cannot be decoded. */
export function trackNames(summary: Buffer): string[] | null {
  try {
    const header = readDocumentStart(summary);
    checkBodyStart(summary, header.bodyOffset, header.headerEnd);
    if (header.container !== '0001' && header.container !== '0003') return null;
    const decoder = new SummaryDecoder(summary, header.bodyOffset, header.container === '0001');
    const root = decoder.object(0);
    if (decoder.offset !== summary.length) return null;
    const project = root.fields.get(PROJECT);
    if (project === undefined || project === null || typeof project === 'string' || Array.isArray(project)) return null;
    return tracksOf(project, 0);
  } catch (error) {
    if (error instanceof Undecodable || error instanceof MalformedBitwig) return null;
    throw error;
  }
}

function tracksOf(owner: StructureObject, depth: number): string[] | null {
  const list = owner.fields.get(TRACK_LIST);
  if (!Array.isArray(list) || depth > MAX_DEPTH) return null;
  const names: string[] = [];
  for (const track of list) {
    const name = track.fields.get(NAME);
    names.push(typeof name === 'string' ? name : '');
    if (track.fields.has(TRACK_LIST)) {
      const nested = tracksOf(track, depth + 1);
      if (nested === null) return null;
      names.push(...nested);
    }
  }
  return names;
}

class SummaryDecoder {
  constructor(
    private readonly bytes: Buffer,
    public offset: number,
    private readonly nulTerminated: boolean,
  ) {}

  /** An object whose class is next: the root's after its `0a`, an 09's or a list entry's. */
  object(depth: number): StructureObject {
    if (depth > MAX_DEPTH) throw new Undecodable();
    this.u32();
    const fields = new Map<number, StructureValue>();
    for (;;) {
      const id = this.u32();
      if (id === END_OF_OBJECT) return { fields };
      fields.set(id, this.value(this.byte(), depth));
    }
  }

  private value(tag: number, depth: number): StructureValue {
    if (tag === 0x08) return this.text();
    if (tag === 0x09) return this.object(depth + 1);
    if (tag === 0x12) return this.list(depth + 1);
    if (tag === 0x0d) {
      this.take(this.u32());
      return null;
    }
    const size = FIXED_SIZES.get(tag);
    if (size === undefined) throw new Undecodable();
    this.take(size);
    return null;
  }

  private list(depth: number): StructureObject[] {
    const entries: StructureObject[] = [];
    while (this.peekU32() !== END_OF_LIST) entries.push(this.object(depth));
    this.u32();
    return entries;
  }

  private text(): string {
    let length: number;
    if (this.nulTerminated) {
      const end = this.bytes.indexOf(0, this.offset);
      if (end === -1) throw new Undecodable();
      length = end - this.offset;
    } else {
      length = this.u32();
    }
    if (length > MAX_NAME_CHARS * 4) throw new Undecodable();
    const text = this.take(length).toString('utf8');
    if (this.nulTerminated) this.take(1);
    if (text.length > MAX_NAME_CHARS) throw new Undecodable();
    return text;
  }

  private peekU32(): number {
    if (this.offset + 4 > this.bytes.length) throw new Undecodable();
    return this.bytes.readUInt32BE(this.offset);
  }

  private u32(): number {
    return this.take(4).readUInt32BE(0);
  }

  private byte(): number {
    return this.take(1)[0] ?? 0;
  }

  private take(length: number): Buffer {
    if (this.offset + length > this.bytes.length) throw new Undecodable();
    const taken = this.bytes.subarray(this.offset, this.offset + length);
    this.offset += length;
    return taken;
  }
}

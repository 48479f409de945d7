/**
 * The start of a Bitwig Studio document (`.bwproject`; big-endian, no spec; FORMATS-MORE.md): `BtWg` and a run of
 * ASCII hex (characters 4–7 the container, `0001` in 2.x saves and `0003` in 3.x to 5.x; 16–23 the offset of the
 * document body, whose root object `0a` starts one byte before it), then `[u32 4][u32 4]meta` and entries
 * `[u32 1][u32 key length][key][u8 tag][value]` until a word other than 1, then spaces up to the body.
 *
 * Values by tag: 08 text (`[u32 length]` UTF-8), 03 u32, 07 f64 (a clip's `bpm`), 0d blob (`[u32 length]`, the
 * `structure` summary), 19 a list of texts (`[u32 count]`, each `[u32 length]` UTF-8). An entry of another tag ends
 * what can be read of the block (its size is unknown); the entries before it stand. Everything else that does not fit
 * (a length past the end, a key past the cap) is damage: MalformedBitwig with the reason.
 */

export class MalformedBitwig extends Error {
  /** `cutShort`: the bytes ended before the document did (the file may be longer than what was read). */
  constructor(
    readonly reason: string,
    readonly cutShort = false,
  ) {
    super(reason);
    this.name = 'MalformedBitwig';
  }
}

export type MetaValue = string | number | Buffer | string[];

export interface BitwigHeader {
  /** "0001", "0003". */
  container: string;
  /** Where the document body starts; its root object's `0a` is the byte before. */
  bodyOffset: number;
  meta: Map<string, MetaValue>;
}

const MAGIC = 'BtWg';
/** The hex run is 36 characters in 2.x saves and 38 in 3.x; 64 is far past either. */
const MAX_HEADER_DIGITS = 64;
const MIN_HEADER_DIGITS = 20;
const MAX_KEY_BYTES = 256;
const ROOT_OBJECT = 0x0a;
const SPACE = 0x20;

/** Reads the header and meta block of a document held (at least up to its body) in `bytes`. */
export function readBitwigHeader(bytes: Buffer): BitwigHeader {
  const { container, bodyOffset, headerEnd } = readDocumentStart(bytes);
  const reader = new MetaReader(bytes, headerEnd);
  const meta = reader.entries();
  checkBodyStart(bytes, bodyOffset, reader.offset);
  return { container, bodyOffset, meta };
}

/** `BtWg`, the hex run, and where the body starts (a summary document has no meta block: its body follows). */
export function readDocumentStart(bytes: Buffer): { container: string; bodyOffset: number; headerEnd: number } {
  if (bytes.length < MAGIC.length || bytes.toString('latin1', 0, MAGIC.length) !== MAGIC) throw new MalformedBitwig('is not a Bitwig document (no BtWg header)');
  let digits = 0;
  while (digits < MAX_HEADER_DIGITS && isHexDigit(bytes[MAGIC.length + digits])) digits++;
  if (digits < MIN_HEADER_DIGITS) throw new MalformedBitwig('has a damaged BtWg header');
  return { container: bytes.toString('latin1', 4, 8), bodyOffset: parseInt(bytes.toString('latin1', 16, 24), 16), headerEnd: MAGIC.length + digits };
}

/** The body must start after what precedes it (`after`), within the bytes, with the root object's `0a` before it. */
export function checkBodyStart(bytes: Buffer, bodyOffset: number, after: number): void {
  if (bodyOffset < after + 1) throw new MalformedBitwig('has a damaged BtWg header (its body would start inside its header or meta block)');
  if (bodyOffset > bytes.length) throw new MalformedBitwig('is cut short (its body starts past the end)', true);
  if (bytes[bodyOffset - 1] !== ROOT_OBJECT) throw new MalformedBitwig('has a damaged BtWg header (no document where its body should start)');
}

class MetaReader {
  constructor(
    private readonly bytes: Buffer,
    public offset: number,
  ) {}

  entries(): Map<string, MetaValue> {
    const entries = new Map<string, MetaValue>();
    this.u32();
    if (this.text(this.u32()) !== 'meta') throw new MalformedBitwig('has no meta block');
    for (;;) {
      // The block ends with a word other than 1, then spaces; a block that runs into them has ended too.
      if (this.offset + 4 > this.bytes.length || this.bytes[this.offset] === SPACE || this.u32() !== 1) return entries;
      const keyLength = this.u32();
      if (keyLength > MAX_KEY_BYTES) throw new MalformedBitwig(`has a meta key of ${keyLength} bytes, more than ${MAX_KEY_BYTES}`);
      const key = this.text(keyLength);
      const value = this.value(this.byte());
      if (value === undefined) return entries;
      entries.set(key, value);
    }
  }

  /** A value of a known tag; undefined for another tag, whose length is unknown. */
  private value(tag: number): MetaValue | undefined {
    switch (tag) {
      case 0x08:
        return this.text(this.u32());
      case 0x03:
        return this.u32();
      case 0x07:
        return this.take(8).readDoubleBE(0);
      case 0x0d:
        return Buffer.from(this.take(this.u32()));
      case 0x19: {
        const count = this.u32();
        // Each text takes at least its four length bytes: a count past that is damage, not a long list.
        if (count * 4 > this.bytes.length - this.offset) throw new MalformedBitwig('is cut short in its meta block', true);
        return Array.from({ length: count }, () => this.text(this.u32()));
      }
      default:
        return undefined;
    }
  }

  private u32(): number {
    return this.take(4).readUInt32BE(0);
  }

  private byte(): number {
    return this.take(1)[0] ?? 0;
  }

  private text(length: number): string {
    return this.take(length).toString('utf8');
  }

  private take(length: number): Buffer {
    if (this.offset + length > this.bytes.length) throw new MalformedBitwig('is cut short in its meta block', true);
    const taken = this.bytes.subarray(this.offset, this.offset + length);
    this.offset += length;
    return taken;
  }
}

function isHexDigit(byte: number | undefined): boolean {
  return byte !== undefined && ((byte >= 0x30 && byte <= 0x39) || (byte >= 0x61 && byte <= 0x66) || (byte >= 0x41 && byte <= 0x46));
}

/** A text entry, trimmed; undefined when absent, empty or of another kind. */
export function metaText(meta: Map<string, MetaValue>, key: string): string | undefined {
  const value = meta.get(key);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

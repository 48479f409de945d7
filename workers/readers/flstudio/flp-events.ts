/**
 * The two chunks of an FL Studio project and the event stream inside the second (FORMATS-MORE.md "FL Studio"; PyFLP
 * `docs/architecture/flp-format.rst`): `FLhd`, u32 6, i16 format, u16 channel count, u16 PPQ; then `FLdt`, u32 length
 * and the events. An event is a u8 id and a value whose size its id says: 0-63 one byte, 64-127 two, 128-191 four,
 * 192-255 a varint length and that many bytes.
 *
 * The file is hostile until read: every size is checked against the bytes that remain before anything is read or
 * sliced, so a damaged or crafted file ends in MalformedFlpError (its reason shown in the scan log), never in a read
 * past the data, an allocation the file did not pay for, or a loop without end.
 */

/** First ids of the 2-byte, 4-byte and length-prefixed events. */
const WORD = 64;
const DWORD = 128;
export const DATA = 192;

/** `FLhd` + its u32 length + the 6 header bytes + `FLdt` + its u32 length. */
export const EVENTS_START = 22;
const HEADER_LENGTH = 6;
/** The header's format field: 0 is a project; scores, presets and channel states use others (PyFLP FileFormat). */
const PROJECT_FORMAT = 0;

/**
 * Far above any real project (the fixtures hold about 5,000 events in 120 KB; a large one a few hundred thousand):
 * a file past it is not one FL wrote, and is refused before it keeps a worker busy.
 */
export const MAX_EVENTS = 4_000_000;
/** 5 groups of 7 bits: 34 GB, far past the file cap. A sixth byte is only ever a damaged or crafted length. */
const MAX_VARINT_BYTES = 5;

/** A file whose bytes do not form what the format promises; `reason` is shown in the scan log. */
export class MalformedFlpError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'MalformedFlpError';
  }
}

/**
 * The header's checks, with a reason for each kind of file that is not a project; answers where the events end
 * (exclusive; bytes after them, if any, are not read). The header's channel count and PPQ are not used: the channels
 * are counted as found.
 */
export function eventsEndOf(data: Uint8Array): number {
  if (data.length === 0) throw new MalformedFlpError('is empty');
  if (startsWith(data, 0, 'PK\u0003\u0004') || startsWith(data, 0, 'PK\u0005\u0006')) {
    throw new MalformedFlpError('is a ZIP archive, not an FL Studio project');
  }
  if (!startsWith(data, 0, 'FLhd')) throw new MalformedFlpError('does not start with FLhd: not an FL Studio project');
  if (data.length < EVENTS_START) throw new MalformedFlpError(`is cut short: ${data.length} bytes, inside its ${EVENTS_START}-byte header`);
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const headerLength = view.getUint32(4, true);
  if (headerLength !== HEADER_LENGTH) throw new MalformedFlpError(`its header says ${headerLength} bytes, not ${HEADER_LENGTH}`);
  const format = view.getInt16(8, true);
  if (format !== PROJECT_FORMAT) throw new MalformedFlpError(`is FL Studio data of format ${format}, not a project`);
  if (!startsWith(data, 14, 'FLdt')) throw new MalformedFlpError('has no FLdt events after its header');
  const eventsLength = view.getUint32(18, true);
  const available = data.length - EVENTS_START;
  if (eventsLength > available) {
    throw new MalformedFlpError(`is cut short: its events claim ${eventsLength} bytes, ${available} follow the header`);
  }
  return EVENTS_START + eventsLength;
}

/**
 * Walks the events one at a time without allocating: after `next()` returns true, `id` is the event's id and either
 * `value` its number (ids below 192) or `start`/`length` where its bytes lie in `data`.
 */
export class FlpEventCursor {
  id = 0;
  value = 0;
  start = 0;
  length = 0;
  /** Where the current event's id byte is, for reasons. */
  offset = 0;
  private position: number;
  private count = 0;

  constructor(
    readonly data: Uint8Array,
    start: number,
    private readonly end: number,
  ) {
    this.position = start;
  }

  next(): boolean {
    if (this.position >= this.end) return false;
    if (++this.count > MAX_EVENTS) throw new MalformedFlpError(`holds more than ${MAX_EVENTS} events`);
    const data = this.data;
    const at = this.position;
    const id = data[at]!;
    let p = at + 1;
    this.id = id;
    this.offset = at;
    if (id < WORD) {
      this.require(p, 1);
      this.value = data[p]!;
      p += 1;
    } else if (id < DWORD) {
      this.require(p, 2);
      this.value = data[p]! | (data[p + 1]! << 8);
      p += 2;
    } else if (id < DATA) {
      this.require(p, 4);
      this.value = (data[p]! | (data[p + 1]! << 8) | (data[p + 2]! << 16)) + data[p + 3]! * 0x1000000;
      p += 4;
    } else {
      let length = 0;
      for (let group = 0; ; group++) {
        if (group === MAX_VARINT_BYTES) throw new MalformedFlpError(`event ${id} at byte ${at} has a length of more than ${MAX_VARINT_BYTES} bytes`);
        this.require(p, 1);
        const byte = data[p++]!;
        length += (byte & 0x7f) * 2 ** (7 * group);
        if ((byte & 0x80) === 0) break;
      }
      if (length > this.end - p) {
        throw new MalformedFlpError(`event ${id} at byte ${at} claims ${length} bytes, ${this.end - p} remain`);
      }
      this.start = p;
      this.length = length;
      p += length;
    }
    this.position = p;
    return true;
  }

  private require(position: number, count: number): void {
    if (position + count > this.end) throw new MalformedFlpError(`event ${this.id} at byte ${this.offset} runs past the end of the events`);
  }
}

function startsWith(data: Uint8Array, at: number, text: string): boolean {
  if (data.length < at + text.length) return false;
  for (let i = 0; i < text.length; i++) if (data[at + i] !== text.charCodeAt(i)) return false;
  return true;
}

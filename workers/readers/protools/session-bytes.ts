/**
 * Bounds-checked reads over a decoded Pro Tools session. Every read names the range it may not leave (the
 * block it belongs to), so a hostile length or offset ends in MalformedSessionError, never in a read past the
 * data or an allocation the file did not pay for.
 */
import { isUtf8 } from 'node:buffer';

/** A session whose bytes do not form what the format promises; `reason` is shown in the scan log. */
export class MalformedSessionError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'MalformedSessionError';
  }
}

export class SessionBytes {
  private readonly view: DataView;

  constructor(
    readonly data: Uint8Array,
    /** Pro Tools 5 on PowerPC wrote big-endian sessions; later ones are little-endian (header byte 0x11). */
    readonly bigEndian: boolean,
  ) {
    this.view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  }

  get length(): number {
    return this.data.length;
  }

  u8(position: number, end = this.length): number {
    this.require(position, 1, end);
    return this.view.getUint8(position);
  }

  u16(position: number, end = this.length): number {
    this.require(position, 2, end);
    return this.view.getUint16(position, !this.bigEndian);
  }

  u32(position: number, end = this.length): number {
    this.require(position, 4, end);
    return this.view.getUint32(position, !this.bigEndian);
  }

  u64(position: number, end = this.length): bigint {
    this.require(position, 8, end);
    return this.view.getBigUint64(position, !this.bigEndian);
  }

  f64(position: number, end = this.length): number {
    this.require(position, 8, end);
    return this.view.getFloat64(position, !this.bigEndian);
  }

  /** Four raw bytes as text, in file order ("EVAW" in a little-endian session, "WAVE" in a big-endian one). */
  fourCharacterCode(position: number, end = this.length): string {
    this.require(position, 4, end);
    return Buffer.from(this.data.buffer, this.data.byteOffset + position, 4).toString('latin1');
  }

  /**
   * A string stored as a 32-bit length and its bytes, which must end by `end`. Names are UTF-8 in the sessions
   * we have seen; bytes that are not UTF-8 (older Mac Roman names) are read as Latin-1 rather than refused.
   */
  lengthPrefixedString(position: number, end: number): { text: string; next: number } {
    const length = this.u32(position, end);
    const start = position + 4;
    this.require(start, length, end);
    const bytes = Buffer.from(this.data.buffer, this.data.byteOffset + start, length);
    return { text: bytes.toString(isUtf8(bytes) ? 'utf8' : 'latin1'), next: start + length };
  }

  private require(position: number, count: number, end: number): void {
    if (position < 0 || count < 0 || position + count > Math.min(end, this.length)) {
      throw new MalformedSessionError(`a field at offset ${position} runs past the end of its block`);
    }
  }
}

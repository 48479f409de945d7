/**
 * Writes synthetic Pro Tools sessions for tests and benchmarks: the 20-byte plain header, then a block tree
 * with the blocks the reader uses, laid out as in the real sessions of fixtures/daw/protools, obfuscated with
 * the same XOR scheme (XOR undoes itself, so the reader's own function encodes). Cheap enough to write
 * thousands: a session is about 9 KB, built from a handful of buffers.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { BLOCK_MARKER } from '../readers/protools/block-tree';
import { CONTENT_TYPE } from '../readers/protools/content-types';
import { toggleObfuscation } from '../readers/protools/obfuscation';
import { HEADER_BYTES, MAGIC_LEAD_BYTE, MAGIC_TEXT, type ObfuscationScheme } from '../readers/protools/session-header';

export interface ProToolsSessionOptions {
  /** "ptx": Pro Tools 10+ (scheme 5). "ptf": Pro Tools 8 (scheme 1). Default "ptx". */
  format?: 'ptx' | 'ptf';
  /** Big-endian, as Pro Tools 5 on PowerPC wrote. Default false. */
  bigEndian?: boolean;
  /** The key's seed (header byte 0x13). Default 0xa7. */
  seed?: number;
  /** Stated product and release. Default "Pro Tools" "2023.12.0" (ptx) or "Pro Tools LE" "8.0.0f314" (ptf). */
  product?: string;
  release?: string;
  /** Default 48000. */
  sampleRate?: number;
  /** Audio file names, as the session lists them. Default ["Kick_01.wav", "Bass_01.aif"]. */
  audioFiles?: readonly string[];
  /** Track names. Default ["Kick", "Bass"]. */
  tracks?: readonly string[];
  /** The tempo ruler's events in order; [] writes an empty ruler. Default [120]. */
  tempos?: readonly number[];
  /** The first meter event; null writes an empty ruler. Default [4, 4]. */
  meter?: readonly [number, number] | null;
  /** The first key signature; null writes an empty list. Default null. */
  key?: { major: boolean; sharps: boolean; accidentals: number } | null;
  /**
   * Bytes of opaque blocks (the I/O setup real sessions carry) written before the track list, so that it
   * and the rulers lie past the first 4 KiB, which a .ptx leaves plain. Default 8192.
   */
  fillerBytes?: number;
  /** Also create the listed audio files in `Audio Files/` beside the session. Default false. */
  createAudioFiles?: boolean;
}

export interface SessionLayout {
  scheme: ObfuscationScheme;
  seed: number;
  bigEndian: boolean;
}

/** The opaque 34 bytes that open each tempo event in real sessions ("Const", "TMS" and counters). */
const TEMPO_EVENT_PREFIX = Buffer.concat([
  Buffer.alloc(4),
  Buffer.from('Const', 'latin1'),
  Buffer.from('01002e000000', 'hex'),
  Buffer.from('TMS', 'latin1'),
  Buffer.from('0100140000000001', 'hex'),
  Buffer.alloc(8),
]);
/** The I/O channel list: large in every real session, and opaque to the reader. */
const IO_SETUP_CONTENT_TYPE = 0x1022;
/** Pro Tools' tick zero (10^12) and the length of a quarter note in ticks. */
const ZERO_TICKS = 1_000_000_000_000n;
const QUARTER_NOTE_TICKS = 960_000n;

export async function writeProToolsSession(filePath: string, options: ProToolsSessionOptions = {}): Promise<void> {
  await fs.mkdir(path.dirname(filePath), { recursive: true });
  await fs.writeFile(filePath, buildProToolsSession(options));
  if (!options.createAudioFiles) return;
  const audioFolder = path.join(path.dirname(filePath), 'Audio Files');
  await fs.mkdir(audioFolder, { recursive: true });
  for (const name of options.audioFiles ?? DEFAULT_AUDIO_FILES) {
    await fs.writeFile(path.join(audioFolder, name), Buffer.from('RIFF'));
  }
}

const DEFAULT_AUDIO_FILES = ['Kick_01.wav', 'Bass_01.aif'];

export function buildProToolsSession(options: ProToolsSessionOptions = {}): Buffer {
  const ptx = (options.format ?? 'ptx') === 'ptx';
  const layout: SessionLayout = { scheme: ptx ? 5 : 1, seed: options.seed ?? 0xa7, bigEndian: options.bigEndian ?? false };
  const fields = new Fields(layout.bigEndian);
  const product = productBlock(fields, {
    name: options.product ?? (ptx ? 'Pro Tools' : 'Pro Tools LE'),
    release: options.release ?? (ptx ? '2023.12.0' : '8.0.0f314'),
    major: ptx ? 23 : 8,
  });
  const sampleRate = Buffer.concat([fields.u8(4), fields.u8(24), fields.u32(options.sampleRate ?? 48_000)]);
  const blocks = [
    encodeBlock(0xc56b, Buffer.alloc(2), layout.bigEndian),
    // Pro Tools 5 to 9 open with the product block; 10 and later keep it further in.
    ...(ptx ? [] : [product]),
    encodeBlock(CONTENT_TYPE.sampleRate, sampleRate, layout.bigEndian),
    audioFileListBlock(fields, options.audioFiles ?? DEFAULT_AUDIO_FILES),
    encodeBlock(IO_SETUP_CONTENT_TYPE, fillerBody(options.fillerBytes ?? 8192), layout.bigEndian, 2),
    trackListBlock(fields, options.tracks ?? ['Kick', 'Bass']),
    tempoMapBlock(fields, options.tempos ?? [120]),
    meterMapBlock(fields, options.meter === undefined ? [4, 4] : options.meter),
    keySignatureBlock(fields, options.key ?? null),
    ...(ptx ? [product] : []),
  ];
  return assembleSession(blocks, layout);
}

function fillerBody(length: number): Buffer {
  const body = Buffer.alloc(length);
  for (let index = 0; index < length; index += 1) body[index] = (index * 31 + 7) & 0xff;
  return body;
}

/** Header, then the blocks, obfuscated: a session file's bytes. */
export function assembleSession(blocks: readonly Uint8Array[], layout: SessionLayout): Buffer {
  const header = Buffer.alloc(HEADER_BYTES);
  header.writeUInt8(MAGIC_LEAD_BYTE, 0);
  header.write(MAGIC_TEXT, 1, 'latin1');
  header.writeUInt8(layout.bigEndian ? 1 : 0, 0x11);
  header.writeUInt8(layout.scheme, 0x12);
  header.writeUInt8(layout.seed, 0x13);
  const session = Buffer.concat([header, ...blocks]);
  toggleObfuscation(session, layout.scheme, layout.seed);
  return session;
}

/** Marker, block type, size, then the content: its type followed by `body` (which may hold child blocks). */
export function encodeBlock(contentType: number, body: Uint8Array, bigEndian: boolean, blockType = 1): Buffer {
  const fields = new Fields(bigEndian);
  const header = [fields.u8(BLOCK_MARKER), fields.u16(blockType), fields.u32(body.length + 2), fields.u16(contentType)];
  return Buffer.concat([...header, body]);
}

function productBlock(fields: Fields, product: { name: string; release: string; major: number }): Buffer {
  const [, minor = 0, patch = 0] = product.release.split('.').map((part) => Number.parseInt(part, 10) || 0);
  const body = Buffer.concat([
    fields.u8(1),
    fields.text(product.name),
    fields.u32(3),
    fields.u32(product.major),
    fields.u32(minor),
    fields.u32(patch),
    fields.text(product.release),
    fields.u8(1),
    fields.text('Release'),
    fields.u8(0),
    fields.text('Pro Tools Session File'),
  ]);
  return encodeBlock(CONTENT_TYPE.productAndVersion, body, fields.bigEndian, 4);
}

/** A count, then a names block: folder entries (type zero) among the files, as Pro Tools writes them. */
function audioFileListBlock(fields: Fields, names: readonly string[]): Buffer {
  const entry = (name: string, fileType: string) =>
    Buffer.concat([fields.text(name), fields.fourCharacterCode(fileType), Buffer.alloc(5)]);
  const entries = [
    entry('Audio Files', '\0\0\0\0'),
    ...names.map((name) => entry(name, /\.aiff?$/i.test(name) ? 'AIFF' : 'WAVE')),
    entry('Macintosh HD', '\0\0\0\0'),
    entry('Users', '\0\0\0\0'),
  ];
  const namesBody = Buffer.concat([fields.u32(entries.length), fields.u8(1), fields.u32(entries.length - 1), ...entries]);
  const namesBlock = encodeBlock(CONTENT_TYPE.audioFileNames, namesBody, fields.bigEndian);
  return encodeBlock(CONTENT_TYPE.audioFileList, Buffer.concat([fields.u32(names.length), namesBlock]), fields.bigEndian, 2);
}

/** Every track twice, as in the real lists of Pro Tools 8 and later. */
function trackListBlock(fields: Fields, tracks: readonly string[]): Buffer {
  const entry = (name: string) =>
    encodeBlock(CONTENT_TYPE.track, Buffer.concat([fields.u16(0), fields.text(name), Buffer.alloc(18)]), fields.bigEndian, 6);
  const body = Buffer.concat([fields.u32(tracks.length * 2), ...tracks.map(entry), ...tracks.map(entry)]);
  return encodeBlock(CONTENT_TYPE.trackList, body, fields.bigEndian, 7);
}

function tempoMapBlock(fields: Fields, tempos: readonly number[]): Buffer {
  const events = tempos.map((tempo, index) =>
    Buffer.concat([
      TEMPO_EVENT_PREFIX,
      fields.u64(ZERO_TICKS + BigInt(index) * 4n * QUARTER_NOTE_TICKS),
      Buffer.alloc(2),
      fields.f64(tempo),
      fields.u64(QUARTER_NOTE_TICKS),
      Buffer.alloc(1),
    ]),
  );
  const body = Buffer.concat([mapHeader(fields, 'Tempo', events.length), ...events]);
  return encodeBlock(CONTENT_TYPE.tempoMap, body, fields.bigEndian, 3);
}

function meterMapBlock(fields: Fields, meter: readonly [number, number] | null): Buffer {
  const events =
    meter === null
      ? []
      : [Buffer.concat([fields.u64(ZERO_TICKS), fields.u32(1), fields.u32(meter[0]), fields.u32(meter[1]), Buffer.alloc(16)])];
  const body = Buffer.concat([mapHeader(fields, 'Meter', events.length), ...events]);
  return encodeBlock(CONTENT_TYPE.meterMap, body, fields.bigEndian);
}

function keySignatureBlock(fields: Fields, key: ProToolsSessionOptions['key']): Buffer {
  const signature = (value: NonNullable<typeof key>) => {
    const flags = [fields.u8(value.major ? 1 : 0), fields.u8(value.sharps ? 1 : 0), fields.u8(value.accidentals)];
    return Buffer.concat([fields.u64(ZERO_TICKS), ...flags]);
  };
  const children = key ? [encodeBlock(CONTENT_TYPE.keySignature, signature(key), fields.bigEndian)] : [];
  return encodeBlock(CONTENT_TYPE.keySignatureList, Buffer.concat([fields.u32(children.length), ...children]), fields.bigEndian);
}

/** Label (5 bytes), 2 + 4 bytes, then the event count at content offset 13. */
function mapHeader(fields: Fields, label: 'Tempo' | 'Meter', count: number): Buffer {
  return Buffer.concat([Buffer.from(label, 'latin1'), fields.u16(2), fields.u32(0x41), fields.u32(count)]);
}

/** Numbers and strings in the session's byte order. */
class Fields {
  constructor(readonly bigEndian: boolean) {}

  u8(value: number): Buffer {
    return Buffer.from([value & 0xff]);
  }

  u16(value: number): Buffer {
    const bytes = Buffer.alloc(2);
    if (this.bigEndian) bytes.writeUInt16BE(value);
    else bytes.writeUInt16LE(value);
    return bytes;
  }

  u32(value: number): Buffer {
    const bytes = Buffer.alloc(4);
    if (this.bigEndian) bytes.writeUInt32BE(value);
    else bytes.writeUInt32LE(value);
    return bytes;
  }

  u64(value: bigint): Buffer {
    const bytes = Buffer.alloc(8);
    if (this.bigEndian) bytes.writeBigUInt64BE(value);
    else bytes.writeBigUInt64LE(value);
    return bytes;
  }

  f64(value: number): Buffer {
    const bytes = Buffer.alloc(8);
    if (this.bigEndian) bytes.writeDoubleBE(value);
    else bytes.writeDoubleLE(value);
    return bytes;
  }

  /** A 32-bit length, then UTF-8 text. */
  text(value: string): Buffer {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([this.u32(bytes.length), bytes]);
  }

  /** Written in the session's byte order: "WAVE" appears as "EVAW" in a little-endian session. */
  fourCharacterCode(code: string): Buffer {
    const bytes = Buffer.from(code, 'latin1');
    return this.bigEndian ? bytes : bytes.reverse();
  }
}

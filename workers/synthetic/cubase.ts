/**
 * Writes synthetic Cubase / Nuendo projects (`.cpr`, `.npr`) for tests and benchmarks, laid out as the real ones in
 * fixtures/daw2/cubase are (FORMATS-MORE.md): big-endian, `RIFF` (or `RIF2`), a u32 counting the bytes after `NUND`,
 * `NUND`, then pairs of chunks: `ROOT` naming a root object and its class, `ARCH` holding that object's archive.
 *
 *   ROOT "Version" "PAppVersion"    ARCH: CmObject, then PAppVersion: application, "Version 13.0.10", build date, …
 *   ROOT "Arrangement1" "PArrangement"   ARCH: filler, then one attribute list per plug-in instance:
 *     "Plugin" (list) > "Plugin UID" (list) > "GUID" (string); "Plugin Name"; ["Original Plugin Name"]; "Audio Input Count"
 *
 * Attributes are `[u32 key length][key\0][u16 type][value]`: type 8 a string `[u32 length][text\0]` (+ EF BB BF from
 * Cubase 5 on), type 2 a list `[u16 6][u32 count]`, type 1 an 8-byte integer: the bytes the fixtures hold.
 */
import fs from 'node:fs/promises';
import path from 'node:path';

export interface CubasePluginInstance {
  /** The class id as 32 hex digits: a VST3 GUID, or a VST2 id beginning `565354` ("VST"). */
  guid: string;
  /** `Plugin Name`: the plug-in's name, or the track's title when `originalName` is given. */
  name: string;
  /** `Original Plugin Name` (Cubase 8+, a renamed instrument track): the plug-in's own name. Default none. */
  originalName?: string;
}

export interface CubaseProjectOptions {
  /** Default 'RIFF'; 'RIF2' adds 4 bytes to the version object's header (FORMATS-MORE.md). */
  container?: 'RIFF' | 'RIF2';
  /** Default 'Cubase' ('Cubase SX', 'Nuendo'). */
  application?: string;
  /** Written as "Version <version>". Default '13.0.10'. */
  version?: string;
  /** Default 'Oct 10 2023'. */
  buildDate?: string;
  /** Default 'WIN64'; null leaves it out, as older 32-bit saves do. */
  architecture?: string | null;
  /** One record per instance, in this order. Default `SYNTHETIC_PLUGINS`. */
  plugins?: readonly CubasePluginInstance[];
  /** EF BB BF after each attribute string's NUL, as Cubase 5 and later write. Default true. */
  utf8Marker?: boolean;
  /** Opaque bytes in the arrangement's archive before the plug-ins, to make a large project. Default 0. */
  fillerBytes?: number;
}

/** A VST3 class id (Steinberg's StudioEQ), a VST2 id (Sylenth1) and a renamed instrument track (Omnisphere). */
export const SYNTHETIC_PLUGINS: readonly CubasePluginInstance[] = [
  { guid: '946051208E29496E804F64A825C8A047', name: 'StudioEQ' },
  { guid: '56535473796C3173796C656E74683100', name: 'Sylenth1' },
  { guid: '946051208E29496E804F64A825C8A047', name: 'StudioEQ' },
  { guid: '565354416D62726F6D6E697370686572', name: 'Solo Vocalist', originalName: 'Omnisphere' },
];

const TYPE_INTEGER = 1;
const TYPE_LIST = 2;
const TYPE_STRING = 8;
const UTF8_MARKER = Buffer.from([0xef, 0xbb, 0xbf]);
/** The u32 after the build date: 400 in the Cubase 5 to 13 fixtures. */
const AFTER_DATE = 400;

export async function writeCubaseProject(filePath: string, options: CubaseProjectOptions = {}): Promise<void> {
  await fs.mkdir(path.dirname(filePath), { recursive: true });
  await fs.writeFile(filePath, encodeCubaseProject(options));
}

export function encodeCubaseProject(options: CubaseProjectOptions = {}): Buffer {
  const container = options.container ?? 'RIFF';
  const body = Buffer.concat([
    rootChunk('Version', 'PAppVersion'),
    chunk('ARCH', versionArchive(options, container)),
    rootChunk('Arrangement1', 'PArrangement'),
    chunk('ARCH', arrangementArchive(options)),
  ]);
  return Buffer.concat([Buffer.from(container, 'latin1'), u32(body.length), Buffer.from('NUND', 'latin1'), body]);
}

function versionArchive(options: CubaseProjectOptions, container: 'RIFF' | 'RIF2'): Buffer {
  const architecture = options.architecture === undefined ? 'WIN64' : options.architecture;
  const content = Buffer.concat([
    text(options.application ?? 'Cubase'),
    text(`Version ${options.version ?? '13.0.10'}`),
    text(options.buildDate ?? 'Oct 10 2023'),
    u32(AFTER_DATE),
    ...(architecture === null ? [] : [text(architecture), u32(0), text('UTF-8'), text('us')]),
  ]);
  // What RIF2's four extra header bytes hold is not known; zero stands for them.
  const header = container === 'RIF2' ? Buffer.concat([u16(2), u32(content.length), u32(0)]) : Buffer.concat([u16(2), u32(content.length)]);
  return Buffer.concat([u32(0xfffffffe), text('CmObject'), u16(0), u32(0xffffffff), text('PAppVersion'), header, content]);
}

function arrangementArchive(options: CubaseProjectOptions): Buffer {
  const marker = options.utf8Marker ?? true;
  const records = (options.plugins ?? SYNTHETIC_PLUGINS).map((plugin) => pluginRecord(plugin, marker));
  return Buffer.concat([u32(0xfffffffe), text('PArrangement'), u16(3), u32(0xffffffff), filler(options.fillerBytes ?? 0), ...records]);
}

function pluginRecord(plugin: CubasePluginInstance, marker: boolean): Buffer {
  const inside = [
    Buffer.concat([listAttribute('Plugin UID', 1), stringAttribute('GUID', plugin.guid, marker)]),
    stringAttribute('Plugin Name', plugin.name, marker),
    ...(plugin.originalName === undefined ? [] : [stringAttribute('Original Plugin Name', plugin.originalName, marker)]),
    integerAttribute('Audio Input Count', 1),
  ];
  return Buffer.concat([stringAttribute('Plugin isA', 'VstCtrlInternalEffect', marker), listAttribute('Plugin', inside.length), ...inside]);
}

/** Object data with no attribute keys in it: class names and zeros, as a large arrangement's events look. */
function filler(bytes: number): Buffer {
  const pattern = Buffer.concat([text('MAudioEvent'), u16(1), Buffer.alloc(40, 0), u32(0x3ff00000), Buffer.alloc(20, 0x11)]);
  const whole = Buffer.alloc(bytes);
  for (let at = 0; at < bytes; at += pattern.length) pattern.copy(whole, at, 0, Math.min(pattern.length, bytes - at));
  return whole;
}

function stringAttribute(key: string, value: string, marker: boolean): Buffer {
  const bytes = Buffer.concat([Buffer.from(value, 'utf8'), Buffer.from([0]), marker ? UTF8_MARKER : Buffer.alloc(0)]);
  return Buffer.concat([text(key), u16(TYPE_STRING), u32(bytes.length), bytes]);
}

function listAttribute(key: string, count: number): Buffer {
  return Buffer.concat([text(key), u16(TYPE_LIST), u16(6), u32(count)]);
}

function integerAttribute(key: string, value: number): Buffer {
  const number = Buffer.alloc(8);
  number.writeBigInt64BE(BigInt(value));
  return Buffer.concat([text(key), u16(TYPE_INTEGER), number]);
}

/** A string as the archive stores one: its length with the NUL, then its bytes and the NUL. */
function text(value: string): Buffer {
  const bytes = Buffer.from(`${value}\0`, 'utf8');
  return Buffer.concat([u32(bytes.length), bytes]);
}

/** A ROOT chunk: the root object's name and class, each a length and its bytes without a NUL. */
function rootChunk(name: string, className: string): Buffer {
  const field = (value: string) => Buffer.concat([u32(Buffer.byteLength(value, 'latin1')), Buffer.from(value, 'latin1')]);
  return chunk('ROOT', Buffer.concat([field(name), field(className)]));
}

function chunk(id: string, body: Buffer): Buffer {
  return Buffer.concat([Buffer.from(id, 'latin1'), u32(body.length), body]);
}

function u32(value: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value >>> 0);
  return bytes;
}

function u16(value: number): Buffer {
  const bytes = Buffer.alloc(2);
  bytes.writeUInt16BE(value);
  return bytes;
}

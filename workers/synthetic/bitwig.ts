/**
 * Writes synthetic Bitwig Studio projects (`.bwproject`) for tests, the demo library and `bench:scan`, laid out as
 * FORMATS-MORE.md describes the fixture NKS-Preview-Generator.bwproject: the `BtWg` header (container `0003` as 3.x
 * to 5.x write it, or `0001` as 2.x), the meta block (entries sorted by key, the `structure` summary holding the
 * track list), spaces up to the body, and a body. The body is a stand-in (Bitwig's is undocumented): its root
 * object's header, a TEMPO parameter whose value is field 0x2c8 (f64), and opaque filler.
 */
import fs from 'node:fs/promises';
import path from 'node:path';

export interface BitwigProjectOptions {
  /** application_version_name. Default "3.2.7", as the fixture. */
  version?: string;
  /** Default "0003". */
  container?: '0001' | '0003';
  /** The tracks of the summary's track list (instrument tracks). Default ["Inst 1"]. */
  tracks?: readonly string[];
  /** The summary's effect tracks. Default none. */
  effectTracks?: readonly string[];
  /** The TEMPO parameter's value in the body. Default 120; null writes no tempo field. */
  tempo?: number | null;
  /** used_files. Default none. */
  usedFiles?: readonly string[];
  /** Meta `type`. Default "application/bitwig-project". */
  type?: string;
  /** title, artist, genre, creator. Default empty, "Masafumi" for the creator (as the fixture). */
  title?: string;
  artist?: string;
  genre?: string;
  /** Opaque bytes after the tempo, to make the file as large as a big project's. Default 4 KiB. */
  bodyBytes?: number;
}

type MetaEntry = [key: string, tag: number, value: Buffer];

export async function writeBitwigProject(filePath: string, options: BitwigProjectOptions = {}): Promise<void> {
  await fs.mkdir(path.dirname(filePath), { recursive: true });
  await fs.writeFile(filePath, bitwigProjectBytes(options));
}

export function bitwigProjectBytes(options: BitwigProjectOptions = {}): Buffer {
  const container = options.container ?? '0003';
  const entries: MetaEntry[] = [
    ['album', 0x08, text('')],
    ['application_version_name', 0x08, text(options.version ?? '3.2.7')],
    ['artist', 0x08, text(options.artist ?? '')],
    ['branch', 0x08, text('releases')],
    ['creator', 0x08, text('Masafumi')],
    ['genre', 0x08, text(options.genre ?? '')],
    ['referenced_packaged_file_ids', 0x19, u32(0)],
    ['revision_no', 0x03, u32(91_380)],
    ['structure', 0x0d, blob(summary(container, options.tracks ?? ['Inst 1'], options.effectTracks ?? []))],
    ['title', 0x08, text(options.title ?? '')],
    ['type', 0x08, text(options.type ?? 'application/bitwig-project')],
    ['used_files', 0x19, Buffer.concat([u32((options.usedFiles ?? []).length), ...(options.usedFiles ?? []).map(text)])],
  ];
  const meta = Buffer.concat([
    u32(4),
    text('meta'),
    ...entries.map(([key, tag, value]) => Buffer.concat([u32(1), text(key), Buffer.from([tag]), value])),
    u32(0),
  ]);
  const headerLength = 4 + (container === '0003' ? 38 : 36);
  // Bitwig leaves room after the meta block (the fixture's body starts at 0x1670, its meta ends at 0x2e7).
  const bodyOffset = Math.ceil((headerLength + meta.length + 1024) / 16) * 16;
  const padding = Buffer.alloc(bodyOffset - 1 - headerLength - meta.length, 0x20);
  return Buffer.concat([header(container, bodyOffset), meta, padding, body(options)]);
}

/** "BtWg" and the hex run: container, two fields seen as 0002 and 0095, the body offset, zeros. */
function header(container: string, bodyOffset: number, last = '00'): Buffer {
  const digits = `${container}00020095${hex8(bodyOffset)}${'0'.repeat(16)}${container === '0003' ? last : ''}`;
  return Buffer.from(`BtWg${digits}`, 'latin1');
}

function body(options: BitwigProjectOptions): Buffer {
  const tempo = options.tempo === undefined ? 120 : options.tempo;
  const fields = [
    Buffer.from([0x0a]),
    u32(0x2e),
    u32(0x1832),
    field(0x44, 0x08, text('Untitled')),
    // A volume parameter before the tempo: its value field is another id, which the tempo search must skip.
    field(0x2bd, 0x08, text('VOLUME')),
    field(0x2c9, 0x07, f64(0.5)),
    ...(tempo === null ? [] : [field(0x2bd, 0x08, text('TEMPO')), field(0x2c8, 0x07, f64(tempo))]),
    field(0x2c8, 0x07, f64(0.25)),
    Buffer.alloc(options.bodyBytes ?? 4096, 0x11),
    u32(0),
  ];
  return Buffer.concat(fields);
}

/** The summary document: root (class 0x285) > project (0xad2, class 0x283) > track lists and the master. */
function summary(container: string, tracks: readonly string[], effectTracks: readonly string[]): Buffer {
  const string = container === '0001' ? (value: string) => Buffer.concat([Buffer.from(value, 'utf8'), Buffer.from([0])]) : text;
  const list = (classId: number, names: readonly string[]) =>
    Buffer.concat([...names.map((name) => Buffer.concat([u32(classId), field(0xad1, 0x08, string(name)), u32(0)])), u32(3)]);
  const document = Buffer.concat([
    Buffer.from([0x0a]),
    u32(0x285),
    field(0xad3, 0x08, string('')),
    field(0xad2, 0x09, Buffer.concat([u32(0x283), field(0xad1, 0x08, string('Project')), field(0xace, 0x12, list(0x288, tracks)), field(0xacf, 0x12, list(0x28a, effectTracks)), field(0xad0, 0x09, Buffer.concat([u32(0x28b), field(0xad1, 0x08, string('Master')), u32(0)])), u32(0)])),
    u32(0),
  ]);
  const headerLength = 4 + (container === '0003' ? 38 : 36);
  return Buffer.concat([header(container, headerLength + 1, '01'), document]);
}

function field(id: number, tag: number, value: Buffer): Buffer {
  return Buffer.concat([u32(id), Buffer.from([tag]), value]);
}

function text(value: string): Buffer {
  const bytes = Buffer.from(value, 'utf8');
  return Buffer.concat([u32(bytes.length), bytes]);
}

function blob(value: Buffer): Buffer {
  return Buffer.concat([u32(value.length), value]);
}

function u32(value: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value >>> 0);
  return bytes;
}

function f64(value: number): Buffer {
  const bytes = Buffer.alloc(8);
  bytes.writeDoubleBE(value);
  return bytes;
}

function hex8(value: number): string {
  return value.toString(16).padStart(8, '0');
}

/**
 * Writes synthetic Logic Pro `.logicx` packages for tests and benchmarks: the layout of a real Logic 10.4
 * package (FORMATS.md; the fixtures' flying-nothing and Corona-13), with its plists in XML or binary form.
 *
 *   Name.logicx/Resources/ProjectInformation.plist
 *   Name.logicx/Alternatives/000/MetaData.plist
 *   Name.logicx/Alternatives/000/ProjectData        (opaque bytes: readers must never parse it)
 *   Name.logicx/Media/Audio Files/*.wav              (or beside the package for a folder project)
 */
import fs from 'node:fs/promises';
import path from 'node:path';

export interface LogicxOptions {
  /** `LastSavedFrom`. Default "Logic Pro X 10.4.4 (4981.1)", as the flying-nothing fixture. */
  savedBy?: string;
  /** `BeatsPerMinute`. Default 120. */
  tempo?: number;
  /** Store the tempo as a real (newer Logic) rather than an integer (older). Default: only when not whole. */
  tempoAsReal?: boolean;
  /** `SongKey` + `SongGenderKey`. Default C major (Logic's own default). */
  key?: { tonic: string; mode: string };
  /** `SongSignatureNumerator`/`Denominator`. Default [4, 4]. */
  timeSignature?: readonly [number, number];
  /** `SampleRate`. Default 44100. */
  sampleRate?: number;
  /** `NumberOfTracks`. Default 8. */
  trackCount?: number;
  /** Written to disk and listed in `AudioFiles`. Default ["Bounce 1.wav", "Vocals#01.wav"]. */
  audioFiles?: readonly string[];
  /** Written to disk and listed in `UnusedAudioFiles`. Default none. */
  unusedAudioFiles?: readonly string[];
  /** Listed in `AudioFiles` but never written, to stand for lost media. Default none. */
  missingAudioFiles?: readonly string[];
  /** Encoding of both plists. Default "xml". */
  plistFormat?: 'xml' | 'binary';
  /** `HasProjectFolder`: audio beside the package instead of inside it. Default false. */
  projectFolder?: boolean;
  /** The alternative folder to write. Default "000". */
  alternative?: string;
}

/** Marks a number to be written as a plist real even when it is whole (120.0 rather than 120). */
export class PlistReal {
  constructor(readonly value: number) {}
}

export type WritablePlistValue =
  | string
  | number
  | boolean
  | Date
  | Uint8Array
  | PlistReal
  | WritablePlistValue[]
  | Map<string, WritablePlistValue>;

const DEFAULT_AUDIO_FILES = ['Bounce 1.wav', 'Vocals#01.wav'];

export async function writeLogicx(packagePath: string, options: LogicxOptions = {}): Promise<void> {
  const audioFiles = options.audioFiles ?? DEFAULT_AUDIO_FILES;
  const unusedAudioFiles = options.unusedAudioFiles ?? [];
  const alternative = options.alternative ?? '000';
  const encode = options.plistFormat === 'binary' ? encodeBinaryPlist : encodeXmlPlist;
  const audioFolder = options.projectFolder
    ? path.join(path.dirname(packagePath), 'Audio Files')
    : path.join(packagePath, 'Media', 'Audio Files');

  await fs.mkdir(path.join(packagePath, 'Resources'), { recursive: true });
  await fs.mkdir(path.join(packagePath, 'Alternatives', alternative), { recursive: true });
  await fs.mkdir(audioFolder, { recursive: true });

  const alternativeFolder = path.join(packagePath, 'Alternatives', alternative);
  const informationPath = path.join(packagePath, 'Resources', 'ProjectInformation.plist');
  await fs.writeFile(informationPath, encode(projectInformation(packagePath, options)));
  await fs.writeFile(path.join(alternativeFolder, 'MetaData.plist'), encode(metaData(options)));
  await fs.writeFile(path.join(alternativeFolder, 'ProjectData'), OPAQUE_PROJECT_DATA);
  for (const name of [...audioFiles, ...unusedAudioFiles]) {
    await fs.writeFile(path.join(audioFolder, name), silentWav(options.sampleRate ?? 44_100));
  }
}

function projectInformation(packagePath: string, options: LogicxOptions): Map<string, WritablePlistValue> {
  return new Map<string, WritablePlistValue>([
    ['VariantNames', new Map([['0', path.basename(packagePath, path.extname(packagePath))]])],
    ['HasProjectFolder', options.projectFolder ?? false],
    ['LastSavedFrom', options.savedBy ?? 'Logic Pro X 10.4.4 (4981.1)'],
    ['projectAssetFlags', 8265],
    ['BundleVersion', 1],
  ]);
}

function metaData(options: LogicxOptions): Map<string, WritablePlistValue> {
  const tempo = options.tempo ?? 120;
  const [numerator, denominator] = options.timeSignature ?? [4, 4];
  const listed = (names: readonly string[]) => names.map((name) => `Audio Files/${name}`);
  return new Map<string, WritablePlistValue>([
    ['UnusedAudioFiles', listed(options.unusedAudioFiles ?? [])],
    ['SampleRate', options.sampleRate ?? 44_100],
    ['SongKey', options.key?.tonic ?? 'C'],
    ['SignatureKey', 7],
    ['Version', 3],
    ['UltrabeatFiles', []],
    ['SongGenderKey', options.key?.mode ?? 'major'],
    ['SongSignatureDenominator', denominator],
    ['HasARAPlugins', false],
    ['BeatsPerMinute', (options.tempoAsReal ?? !Number.isInteger(tempo)) ? new PlistReal(tempo) : tempo],
    ['SongSignatureNumerator', numerator],
    ['FrameRateIndex', 1],
    ['SamplerInstrumentsFiles', []],
    ['isTimeCodeBased', false],
    ['NumberOfTracks', options.trackCount ?? 8],
    ['SurroundFormatIndex', 5],
    ['PlaybackFiles', []],
    ['AudioFiles', listed([...(options.audioFiles ?? DEFAULT_AUDIO_FILES), ...(options.missingAudioFiles ?? [])])],
    ['ImpulsResponsesFiles', []],
  ]);
}

/** Stands in for Logic's undocumented project data; deliberately not a plist, so parsing it would fail. */
const OPAQUE_PROJECT_DATA = Buffer.from('\u0000synthetic ProjectData, opaque to readers\u0000'.repeat(16), 'latin1');

/** A valid 16-bit mono PCM WAV of 10 ms of silence: enough for any reader, cheap to write in bulk. */
export function silentWav(sampleRate: number): Buffer {
  const dataBytes = Math.round(sampleRate / 100) * 2;
  const wav = Buffer.alloc(44 + dataBytes);
  wav.write('RIFF', 0, 'latin1');
  wav.writeUInt32LE(36 + dataBytes, 4);
  wav.write('WAVEfmt ', 8, 'latin1');
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20);
  wav.writeUInt16LE(1, 22);
  wav.writeUInt32LE(sampleRate, 24);
  wav.writeUInt32LE(sampleRate * 2, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36, 'latin1');
  wav.writeUInt32LE(dataBytes, 40);
  return wav;
}

// ---- XML plists, as Apple writes them (tabs, the PropertyList-1.0 DOCTYPE) ----

export function encodeXmlPlist(root: WritablePlistValue): Buffer {
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">',
    '<plist version="1.0">',
    ...xmlLines(root, 0),
    '</plist>',
    '',
  ];
  return Buffer.from(lines.join('\n'), 'utf8');
}

function xmlLines(value: WritablePlistValue, depth: number): string[] {
  const indent = '\t'.repeat(depth);
  if (value instanceof Map) {
    if (value.size === 0) return [`${indent}<dict/>`];
    const entries = [...value].flatMap(([key, item]) => [
      `${indent}\t<key>${escapeXml(key)}</key>`,
      ...xmlLines(item, depth + 1),
    ]);
    return [`${indent}<dict>`, ...entries, `${indent}</dict>`];
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return [`${indent}<array/>`];
    return [`${indent}<array>`, ...value.flatMap((item) => xmlLines(item, depth + 1)), `${indent}</array>`];
  }
  return [`${indent}${xmlLeaf(value)}`];
}

function xmlLeaf(value: Exclude<WritablePlistValue, WritablePlistValue[] | Map<string, WritablePlistValue>>): string {
  if (value instanceof PlistReal) return `<real>${value.value}</real>`;
  if (value instanceof Date) return `<date>${value.toISOString().replace(/\.\d{3}Z$/, 'Z')}</date>`;
  if (value instanceof Uint8Array) return `<data>${Buffer.from(value).toString('base64')}</data>`;
  if (typeof value === 'boolean') return value ? '<true/>' : '<false/>';
  if (typeof value === 'number') return Number.isInteger(value) ? `<integer>${value}</integer>` : `<real>${value}</real>`;
  return `<string>${escapeXml(value)}</string>`;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

// ---- Binary plists (bplist00: objects, offset table, 32-byte trailer; Apple's CFBinaryPList.c) ----

type FlatObject = { leaf: Buffer } | { marker: number; children: number[] };

export function encodeBinaryPlist(root: WritablePlistValue): Buffer {
  const objects: FlatObject[] = [];
  flatten(root, objects);
  const referenceWidth = bytesFor(objects.length - 1);
  const chunks: Buffer[] = [Buffer.from('bplist00', 'latin1')];
  const offsets: number[] = [];
  let position = 8;
  for (const object of objects) {
    const bytes = 'leaf' in object ? object.leaf : containerBytes(object.marker, object.children, referenceWidth);
    offsets.push(position);
    chunks.push(bytes);
    position += bytes.length;
  }
  const offsetWidth = bytesFor(position);
  const table = Buffer.alloc(offsets.length * offsetWidth);
  offsets.forEach((offset, index) => table.writeUIntBE(offset, index * offsetWidth, offsetWidth));
  const trailer = Buffer.alloc(32);
  trailer.writeUInt8(offsetWidth, 6);
  trailer.writeUInt8(referenceWidth, 7);
  trailer.writeBigUInt64BE(BigInt(objects.length), 8);
  trailer.writeBigUInt64BE(0n, 16);
  trailer.writeBigUInt64BE(BigInt(position), 24);
  return Buffer.concat([...chunks, table, trailer]);
}

/** Gives `value` the next index, then its children theirs (the root is object 0). */
function flatten(value: WritablePlistValue, objects: FlatObject[]): number {
  const index = objects.length;
  if (value instanceof Map) {
    const container = { marker: 0xd0, children: [] as number[] };
    objects.push(container);
    const keys = [...value.keys()].map((key) => flatten(key, objects));
    const values = [...value.values()].map((item) => flatten(item, objects));
    container.children = [...keys, ...values];
    return index;
  }
  if (Array.isArray(value)) {
    const container = { marker: 0xa0, children: [] as number[] };
    objects.push(container);
    container.children = value.map((item) => flatten(item, objects));
    return index;
  }
  objects.push({ leaf: leafBytes(value) });
  return index;
}

function containerBytes(marker: number, children: number[], referenceWidth: number): Buffer {
  const count = marker === 0xd0 ? children.length / 2 : children.length;
  const references = Buffer.alloc(children.length * referenceWidth);
  children.forEach((child, index) => references.writeUIntBE(child, index * referenceWidth, referenceWidth));
  return Buffer.concat([sizedMarker(marker, count), references]);
}

function leafBytes(value: Exclude<WritablePlistValue, WritablePlistValue[] | Map<string, WritablePlistValue>>): Buffer {
  if (typeof value === 'boolean') return Buffer.from([value ? 0x09 : 0x08]);
  if (value instanceof PlistReal || (typeof value === 'number' && !Number.isInteger(value))) {
    const real = Buffer.alloc(9);
    real.writeUInt8(0x23, 0);
    real.writeDoubleBE(value instanceof PlistReal ? value.value : value, 1);
    return real;
  }
  if (typeof value === 'number') return integerBytes(value);
  if (value instanceof Date) {
    const date = Buffer.alloc(9);
    date.writeUInt8(0x33, 0);
    date.writeDoubleBE(value.getTime() / 1000 - 978_307_200, 1);
    return date;
  }
  if (value instanceof Uint8Array) return Buffer.concat([sizedMarker(0x40, value.length), Buffer.from(value)]);
  // ASCII exactly when every character takes one UTF-8 byte; anything else is stored as UTF-16.
  if (Buffer.byteLength(value, 'utf8') === value.length) {
    return Buffer.concat([sizedMarker(0x50, value.length), Buffer.from(value, 'latin1')]);
  }
  const utf16 = Buffer.from(value, 'utf16le').swap16();
  return Buffer.concat([sizedMarker(0x60, utf16.length / 2), utf16]);
}

function integerBytes(value: number): Buffer {
  if (value >= 0 && value < 2 ** 32) {
    const width = value < 256 ? 1 : value < 65_536 ? 2 : 4;
    const bytes = Buffer.alloc(1 + width);
    bytes.writeUInt8(0x10 | Math.log2(width), 0);
    bytes.writeUIntBE(value, 1, width);
    return bytes;
  }
  const bytes = Buffer.alloc(9);
  bytes.writeUInt8(0x13, 0);
  bytes.writeBigInt64BE(BigInt(value), 1);
  return bytes;
}

/** A marker whose low nibble holds the count, or 0xF followed by the count as an integer object. */
function sizedMarker(marker: number, count: number): Buffer {
  return count < 15 ? Buffer.from([marker | count]) : Buffer.concat([Buffer.from([marker | 0x0f]), integerBytes(count)]);
}

function bytesFor(largest: number): number {
  return largest < 256 ? 1 : largest < 65_536 ? 2 : largest < 2 ** 32 ? 4 : 8;
}

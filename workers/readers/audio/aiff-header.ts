/**
 * An AIFF or AIFF-C file's sample layout, from its chunks (big-endian sizes): `COMM` gives channels, frames, bits and
 * the rate (an 80-bit extended float), and in AIFF-C the compression; `SSND` holds the samples after an offset.
 * AIFF's integers are big-endian and left-justified (12 bits are read as 16); AIFF-C adds 'sowt' (little-endian, as
 * Logic and Pro Tools write it), 'fl32'/'fl64' (floats), 'in24'/'in32' and 'raw ' (unsigned 8-bit). Other
 * compressions (a-law, IMA, MACE...) are left to ffmpeg, or refused by its codec list.
 */
import type { FileHandle } from 'node:fs/promises';
import { streamFormatRefusal } from '../../analysis/stream-format';
import { chunksOf, readAt } from './chunked-file';
import { BYTES_PER_SAMPLE, MAX_PCM_CHANNELS, type PcmEncoding, type PcmHeader } from './pcm-layout';

interface Common {
  channels: number;
  frames: number;
  bits: number;
  sampleRate: number;
  compression: string;
}

export async function readAiffHeader(handle: FileHandle, fileSize: number): Promise<PcmHeader> {
  const form = await readAt(handle, 0, 12);
  const type = form.toString('latin1', 8, 12);
  if (form.length < 12 || form.toString('latin1', 0, 4) !== 'FORM' || (type !== 'AIFF' && type !== 'AIFC')) return { ok: false, reason: 'The AIFF file has no FORM header.' };
  let common: Common | null = null;
  let sound: { offset: number; size: number } | null = null;
  for await (const chunk of chunksOf(handle, 12, fileSize, false)) {
    if (chunk.id === 'COMM') common = await readCommon(handle, chunk.offset, type === 'AIFC');
    else if (chunk.id === 'SSND') {
      const head = await readAt(handle, chunk.offset, 8);
      if (head.length === 8) sound = { offset: chunk.offset + 8 + head.readUInt32BE(0), size: chunk.size - 8 - head.readUInt32BE(0) };
    }
    if (common && sound) break;
  }
  if (!common) return { ok: false, reason: 'The AIFF file has no COMM chunk.' };
  if (!sound) return { ok: false, reason: 'The AIFF file has no sound data.' };
  const { channels, sampleRate } = common;
  // The rate as the header writes it, before it is rounded: 999.6 Hz is not 1 kHz.
  const refusal = streamFormatRefusal('aiff', { sampleRate, channels });
  if (refusal) return { ok: false, reason: refusal };
  if (channels > MAX_PCM_CHANNELS) return { ok: false, unsupported: `${channels}-channel AIFF` };
  const encoding = encodingOf(common);
  if (!encoding) return { ok: false, unsupported: `AIFF-C '${common.compression}' (${common.bits}-bit)` };
  const frameBytes = BYTES_PER_SAMPLE[encoding] * channels;
  const bytes = Math.max(0, Math.min(sound.size, fileSize - sound.offset, common.frames * frameBytes));
  return { ok: true, layout: { channels, sampleRate: Math.round(sampleRate), encoding, dataOffset: sound.offset, frames: Math.floor(bytes / frameBytes) } };
}

async function readCommon(handle: FileHandle, offset: number, compressed: boolean): Promise<Common | null> {
  const body = await readAt(handle, offset, compressed ? 22 : 18);
  if (body.length < 18) return null;
  return {
    channels: body.readInt16BE(0),
    frames: body.readUInt32BE(2),
    bits: body.readInt16BE(6),
    sampleRate: extended80(body.subarray(8, 18)),
    compression: compressed && body.length >= 22 ? body.toString('latin1', 18, 22) : 'NONE',
  };
}

/** An IEEE 754 80-bit extended float (sign, 15-bit exponent, 64-bit mantissa with its integer bit): AIFF's rate. */
export function extended80(bytes: Uint8Array): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset, 10);
  const exponent = view.getUint16(0) & 0x7fff;
  const mantissa = view.getUint32(2) * 2 ** 32 + view.getUint32(6);
  if (exponent === 0 && mantissa === 0) return 0;
  const value = mantissa * 2 ** (exponent - 16383 - 63);
  return view.getUint16(0) & 0x8000 ? -value : value;
}

function encodingOf({ compression, bits }: Common): PcmEncoding | null {
  const bytes = Math.ceil(bits / 8);
  switch (compression) {
    case 'NONE':
    case 'twos':
    case 'in24':
    case 'in32':
      return bigEndianInteger(compression === 'in24' ? 3 : compression === 'in32' ? 4 : bytes);
    case 'sowt':
      return ({ 2: 's16le', 3: 's24le', 4: 's32le' } as Partial<Record<number, PcmEncoding>>)[bytes] ?? null;
    case 'fl32':
    case 'FL32':
      return 'f32be';
    case 'fl64':
    case 'FL64':
      return 'f64be';
    case 'raw ':
      return bytes === 1 ? 'u8' : null;
    default:
      return null;
  }
}

function bigEndianInteger(bytes: number): PcmEncoding | null {
  return ({ 1: 's8', 2: 's16be', 3: 's24be', 4: 's32be' } as Partial<Record<number, PcmEncoding>>)[bytes] ?? null;
}

/**
 * A WAV file's sample layout, from its chunks (RIFF, and RF64/BW64 whose 64-bit sizes sit in a `ds64` chunk): the
 * `fmt ` chunk says how samples are written (PCM integers of 8 to 32 bits, IEEE floats of 32 or 64, plainly or in
 * WAVE_FORMAT_EXTENSIBLE), the `data` chunk where they are. A data size of 0 or 0xFFFFFFFF (a recorder that never
 * went back to write it) or one past the file's end means "to the end", as ffmpeg reads it.
 */
import type { FileHandle } from 'node:fs/promises';
import { streamFormatRefusal } from '../../analysis/stream-format';
import { chunksOf, readAt } from './chunked-file';
import { BYTES_PER_SAMPLE, MAX_PCM_CHANNELS, type PcmEncoding, type PcmHeader } from './pcm-layout';

const FORMAT_PCM = 0x0001;
const FORMAT_FLOAT = 0x0003;
const FORMAT_EXTENSIBLE = 0xfffe;
const FLOATS: Partial<Record<number, PcmEncoding>> = { 4: 'f32le', 8: 'f64le' };
const INTEGERS: Partial<Record<number, PcmEncoding>> = { 1: 'u8', 2: 's16le', 3: 's24le', 4: 's32le' };
const KNOWN_FORMATS: Partial<Record<number, string>> = { 0x0002: 'ADPCM', 0x0006: 'a-law', 0x0007: 'mu-law', 0x0011: 'IMA ADPCM', 0x0055: 'MP3', 0x0092: 'AC-3', 0x2000: 'AC-3' };

interface Format {
  tag: number;
  channels: number;
  sampleRate: number;
  blockAlign: number;
}

export async function readWavHeader(handle: FileHandle, fileSize: number): Promise<PcmHeader> {
  const riff = await readAt(handle, 0, 12);
  const kind = riff.toString('latin1', 0, 4);
  if (riff.length < 12 || !['RIFF', 'RF64', 'BW64'].includes(kind) || riff.toString('latin1', 8, 12) !== 'WAVE') return { ok: false, reason: 'The WAV file has no RIFF header.' };
  let format: Format | null = null;
  let longDataSize: number | null = null;
  let data: { offset: number; size: number } | null = null;
  for await (const chunk of chunksOf(handle, 12, fileSize, true)) {
    if (chunk.id === 'ds64') {
      const body = await readAt(handle, chunk.offset, 16);
      if (body.length === 16) longDataSize = body.readUInt32LE(8) + body.readUInt32LE(12) * 2 ** 32;
    } else if (chunk.id === 'fmt ') {
      format = await readFormat(handle, chunk.offset, chunk.size);
    } else if (chunk.id === 'data') {
      data = { offset: chunk.offset, size: chunk.size === 0xffffffff && longDataSize !== null ? longDataSize : chunk.size };
    }
    if (format && data) break;
  }
  if (!format) return { ok: false, reason: 'The WAV file has no format chunk.' };
  if (!data) return { ok: false, reason: 'The WAV file has no data chunk.' };
  const encoding = encodingOf(format);
  if (typeof encoding !== 'string') return encoding;
  const frameBytes = BYTES_PER_SAMPLE[encoding] * format.channels;
  const available = fileSize - data.offset;
  const bytes = data.size === 0 || data.size === 0xffffffff || data.size > available ? available : data.size;
  return { ok: true, layout: { channels: format.channels, sampleRate: format.sampleRate, encoding, dataOffset: data.offset, frames: Math.max(0, Math.floor(bytes / frameBytes)) } };
}

async function readFormat(handle: FileHandle, offset: number, size: number): Promise<Format | null> {
  const body = await readAt(handle, offset, Math.min(size, 40));
  if (body.length < 16) return null;
  let tag = body.readUInt16LE(0);
  // WAVE_FORMAT_EXTENSIBLE: the real format is the first two bytes of its sub-format GUID.
  if (tag === FORMAT_EXTENSIBLE && body.length >= 26) tag = body.readUInt16LE(24);
  return { tag, channels: body.readUInt16LE(2), sampleRate: body.readUInt32LE(4), blockAlign: body.readUInt16LE(12) };
}

/** The encoding of the samples; or, for a format these readers leave to ffmpeg or a header that cannot be right, why. */
function encodingOf(format: Format): PcmEncoding | Exclude<PcmHeader, { ok: true }> {
  const { tag, channels, sampleRate, blockAlign } = format;
  // The one rule first, whatever the encoding: a stream it refuses is decoded by nobody, ffmpeg included.
  const refusal = streamFormatRefusal('wav', { sampleRate, channels });
  if (refusal) return { ok: false, reason: refusal };
  if (tag !== FORMAT_PCM && tag !== FORMAT_FLOAT) return { ok: false, unsupported: `${KNOWN_FORMATS[tag] ?? `format 0x${tag.toString(16)}`} WAV` };
  if (blockAlign === 0 || blockAlign % channels !== 0) return { ok: false, reason: 'The WAV file’s format chunk does not add up.' };
  if (channels > MAX_PCM_CHANNELS) return { ok: false, unsupported: `${channels}-channel WAV` };
  // The container's size decides (24 valid bits in 32 are left-justified, read as 32).
  const container = blockAlign / channels;
  const encoding = (tag === FORMAT_FLOAT ? FLOATS : INTEGERS)[container];
  return encoding ?? { ok: false, unsupported: `${container * 8}-bit ${tag === FORMAT_FLOAT ? 'float' : 'integer'} WAV` };
}

/**
 * Where a WAV's or an AIFF's samples lie and how they are written (`wav-header.ts`, `aiff-header.ts` find it), and
 * their conversion to float, as ffmpeg converts them (full scale is 2^(bits-1), so -1 is reached and +1 is not).
 * Everything here is plain TypeScript over bounds-checked views: a hostile header can make it answer nonsense,
 * never read outside its buffer.
 */

export type PcmEncoding = 'u8' | 's8' | 's16le' | 's16be' | 's24le' | 's24be' | 's32le' | 's32be' | 'f32le' | 'f32be' | 'f64le' | 'f64be';

export interface PcmLayout {
  channels: number;
  sampleRate: number;
  encoding: PcmEncoding;
  /** Bytes from the file's start to the first sample. */
  dataOffset: number;
  /** Whole frames only, and no further than the file's end. */
  frames: number;
}

/**
 * A header's answer. `unsupported`: real audio these readers leave to ffmpeg (a-law, more channels than
 * `MAX_PCM_CHANNELS`...), saying what it is; `reason`: a header that cannot be right, which nothing decodes.
 */
export type PcmHeader = { ok: true; layout: PcmLayout } | { ok: false; unsupported: string } | { ok: false; reason: string };

/** 7.1 and below; wider files (ambisonics, stems in one file) go to ffmpeg. */
export const MAX_PCM_CHANNELS = 8;

export const BYTES_PER_SAMPLE: Record<PcmEncoding, number> = {
  u8: 1,
  s8: 1,
  s16le: 2,
  s16be: 2,
  s24le: 3,
  s24be: 3,
  s32le: 4,
  s32be: 4,
  f32le: 4,
  f32be: 4,
  f64le: 8,
  f64be: 8,
};

/** Interleaved `frames` frames of `bytes` into `planar[c]` (each at least `frames` long). */
export function pcmToFloat(bytes: Uint8Array, frames: number, channels: number, encoding: PcmEncoding, planar: Float32Array[]): void {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const size = BYTES_PER_SAMPLE[encoding];
  const little = encoding.endsWith('le');
  const read = sampleReader(encoding, view, little);
  for (let c = 0; c < channels; c++) {
    const out = planar[c]!;
    let offset = c * size;
    const step = channels * size;
    for (let i = 0; i < frames; i++, offset += step) out[i] = read(offset);
  }
}

function sampleReader(encoding: PcmEncoding, view: DataView, little: boolean): (offset: number) => number {
  switch (encoding) {
    case 'u8':
      return (offset) => (view.getUint8(offset) - 128) / 128;
    case 's8':
      return (offset) => view.getInt8(offset) / 128;
    case 's16le':
    case 's16be':
      return (offset) => view.getInt16(offset, little) / 32768;
    case 's24le':
      return (offset) => ((view.getUint8(offset) | (view.getUint8(offset + 1) << 8) | (view.getInt8(offset + 2) << 16)) / 8388608);
    case 's24be':
      return (offset) => (((view.getInt8(offset) << 16) | (view.getUint8(offset + 1) << 8) | view.getUint8(offset + 2)) / 8388608);
    case 's32le':
    case 's32be':
      return (offset) => view.getInt32(offset, little) / 2147483648;
    case 'f32le':
    case 'f32be':
      return (offset) => finite(view.getFloat32(offset, little));
    case 'f64le':
    case 'f64be':
      return (offset) => finite(view.getFloat64(offset, little));
  }
}

/** A float file may hold NaN or infinity (a broken plug-in's bounce): as silence, so the meters stay finite. */
function finite(value: number): number {
  return Number.isFinite(value) ? value : 0;
}

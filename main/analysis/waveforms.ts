/**
 * The waveforms the player draws, one file per analysed audio file in `<data>/waveforms/<fingerprint>.dat`, in the
 * layout of BBC audiowaveform's `.dat` (version 1, 8-bit): a 20-byte header (version, flags, sample rate, samples
 * per pixel, pixel count, little-endian 32-bit each) and then a min/max pair of signed bytes per pixel.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { ANALYSIS_SAMPLE_RATE, WAVEFORM_SAMPLES_PER_PIXEL } from '../../common/audio/audio-analysis';
import { writingTo } from '../disk/disk-full';

/** The folder in the app's data folder. */
export const WAVEFORMS_FOLDER = 'waveforms';
const HEADER_BYTES = 20;
const FLAG_8_BIT = 1;

export interface Waveform {
  sampleRate: number;
  samplesPerPixel: number;
  /** Min/max pairs, signed 8-bit. */
  peaks: Int8Array;
}

/** A fingerprint as `audioFingerprint` makes it. One from elsewhere (a song pulled from the cloud) names no file. */
export function isFingerprint(value: unknown): value is string {
  return typeof value === 'string' && /^[0-9a-f]{64}$/.test(value);
}

export function waveformFile(dataDir: string, fingerprint: string): string {
  if (!isFingerprint(fingerprint)) throw new Error('Not an audio fingerprint.');
  return path.join(dataDir, WAVEFORMS_FOLDER, `${fingerprint}.dat`);
}

/** Writes beside a temporary name first, so a crash never leaves half a waveform under the real one. */
export async function writeWaveform(dataDir: string, fingerprint: string, peaks: Int8Array): Promise<void> {
  const file = waveformFile(dataDir, fingerprint);
  await fs.mkdir(path.dirname(file), { recursive: true });
  const bytes = Buffer.alloc(HEADER_BYTES + peaks.length);
  bytes.writeInt32LE(1, 0);
  bytes.writeUInt32LE(FLAG_8_BIT, 4);
  bytes.writeInt32LE(ANALYSIS_SAMPLE_RATE, 8);
  bytes.writeInt32LE(WAVEFORM_SAMPLES_PER_PIXEL, 12);
  bytes.writeUInt32LE(peaks.length / 2, 16);
  Buffer.from(peaks.buffer, peaks.byteOffset, peaks.length).copy(bytes, HEADER_BYTES);
  await writingTo(`${file}.part`, () => fs.writeFile(`${file}.part`, bytes));
  await fs.rename(`${file}.part`, file);
}

/** The waveform of a fingerprint, or null when there is none or the file is not one this app wrote. */
export async function readWaveform(dataDir: string, fingerprint: string): Promise<Waveform | null> {
  if (!isFingerprint(fingerprint)) return null;
  const bytes = await fs.readFile(waveformFile(dataDir, fingerprint)).catch(() => null);
  if (!bytes || bytes.length < HEADER_BYTES || bytes.readInt32LE(0) !== 1 || bytes.readUInt32LE(4) !== FLAG_8_BIT) return null;
  const pixels = bytes.readUInt32LE(16);
  if (bytes.length !== HEADER_BYTES + pixels * 2) return null;
  return {
    sampleRate: bytes.readInt32LE(8),
    samplesPerPixel: bytes.readInt32LE(12),
    peaks: new Int8Array(bytes.buffer.slice(bytes.byteOffset + HEADER_BYTES, bytes.byteOffset + bytes.length)),
  };
}

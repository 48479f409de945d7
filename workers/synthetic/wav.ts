/** Real PCM WAV files of a tone, for tests and benchmarks that need audio ffmpeg and the player accept. */
import fs from 'node:fs';

/** A 16-bit PCM WAV of `seconds` of a 440 Hz tone at 8000/32768 of full scale (mono unless `channels` says otherwise). */
export function writeWav(file: string, seconds = 1, sampleRate = 8000, channels: 1 | 2 = 1): string {
  const tone = Float32Array.from({ length: Math.round(seconds * sampleRate) }, (_, i) => Math.round(Math.sin((2 * Math.PI * 440 * i) / sampleRate) * 8000) / 32767);
  fs.writeFileSync(file, wavBytes(tone, sampleRate, channels));
  return file;
}

/** A file of `samples` (mono, -1..1) as a 16-bit PCM WAV. */
export function writeSignalWav(file: string, samples: Float32Array, sampleRate: number, channels: 1 | 2 = 1): string {
  fs.writeFileSync(file, wavBytes(samples, sampleRate, channels));
  return file;
}

/** 16-bit PCM WAV, the mono signal copied to each channel, clipped at full scale. */
export function wavBytes(samples: Float32Array, sampleRate: number, channels: 1 | 2): Buffer {
  const data = Buffer.alloc(samples.length * 2 * channels);
  for (let i = 0; i < samples.length; i++) {
    const value = Math.max(-32768, Math.min(32767, Math.round(samples[i]! * 32767)));
    for (let c = 0; c < channels; c++) data.writeInt16LE(value, (i * channels + c) * 2);
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(channels, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2 * channels, 28);
  header.writeUInt16LE(2 * channels, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}


/** Real PCM WAV files of a tone, for tests and benchmarks that need audio ffmpeg and the player accept. */
import fs from 'node:fs';

/** A 16-bit PCM WAV of `seconds` of a 440 Hz tone (mono unless `channels` says otherwise). */
export function writeWav(file: string, seconds = 1, sampleRate = 8000, channels = 1): string {
  const frames = Math.round(seconds * sampleRate);
  const blockAlign = 2 * channels;
  const data = Buffer.alloc(frames * blockAlign);
  for (let i = 0; i < frames; i++) {
    const sample = Math.round(Math.sin((2 * Math.PI * 440 * i) / sampleRate) * 8000);
    for (let channel = 0; channel < channels; channel++) data.writeInt16LE(sample, i * blockAlign + channel * 2);
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(channels, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * blockAlign, 28);
  header.writeUInt16LE(blockAlign, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  fs.writeFileSync(file, Buffer.concat([header, data]));
  return file;
}

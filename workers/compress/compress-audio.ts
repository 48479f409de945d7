/**
 * Compresses one audio file with ffmpeg (the binary shipped by `@ffmpeg-installer/ffmpeg`, inside the registry
 * package for each system): checks the input, writes the output beside a temporary name, verifies it and only
 * then gives it its final name, so a half-written copy is never mistaken for a finished one. Failures answer the
 * spec's texts (section 8); the caller decides about retries.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import { COMPRESSION_ERRORS, type Bitrate, type CompressionFormat } from '../../common/upload-rules';
import type { CompressOutcome } from '../../common/worker-tasks';

/** Encoder and container per output format. */
const ENCODERS: Record<CompressionFormat, string[]> = {
  mp3: ['-codec:a', 'libmp3lame', '-f', 'mp3'],
  aac: ['-codec:a', 'aac', '-f', 'adts'],
  ogg: ['-codec:a', 'libvorbis', '-f', 'ogg'],
};

/** Inside a packaged app the binary lives beside the archive, not in it: executables cannot run from asar. */
export function ffmpegPath(): string {
  return ffmpeg.path.replace(`app.asar${pathSeparator()}`, `app.asar.unpacked${pathSeparator()}`);
}

function pathSeparator(): string {
  return process.platform === 'win32' ? '\\' : '/';
}

/** The one ffmpeg command line (the benchmark runs it raw to measure what the app adds). */
export function ffmpegArgs(input: string, output: string, bitrate: Bitrate, format: CompressionFormat): string[] {
  return ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', '-i', input, '-vn', '-map_metadata', '0', ...ENCODERS[format], '-b:a', bitrate, output];
}

export async function compressAudio(input: string, output: string, bitrate: Bitrate, format: CompressionFormat): Promise<CompressOutcome> {
  const inputSize = await fs
    .stat(input)
    .then((stats) => (stats.isFile() ? stats.size : null))
    .catch(() => null);
  if (inputSize === null) return { ok: false, reason: COMPRESSION_ERRORS.inputNotAccessible };

  const partial = `${output}.part`;
  const exit = await run(ffmpegPath(), ffmpegArgs(input, partial, bitrate, format));
  if (exit.code !== 0) {
    await fs.rm(partial, { force: true });
    return { ok: false, reason: COMPRESSION_ERRORS.failed, detail: exit.stderr.trim().split('\n').slice(-3).join('\n') };
  }
  const size = await fs
    .stat(partial)
    .then((stats) => stats.size)
    .catch(() => 0);
  if (size === 0) {
    await fs.rm(partial, { force: true });
    return { ok: false, reason: COMPRESSION_ERRORS.outputMissing };
  }
  if (!(await looksLike(partial, format))) {
    await fs.rm(partial, { force: true });
    return { ok: false, reason: COMPRESSION_ERRORS.outputUnverified };
  }
  await fs.rename(partial, output);
  return { ok: true, value: { path: output, size, originalSize: inputSize } };
}

/** The first bytes of the output must be what the format starts with: an ID3 tag or an MPEG/ADTS frame, or `OggS`. */
async function looksLike(file: string, format: CompressionFormat): Promise<boolean> {
  const handle = await fs.open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(4), 0, 4, 0);
    if (bytesRead < 4) return false;
    if (format === 'ogg') return buffer.toString('latin1') === 'OggS';
    if (format === 'mp3' && buffer.toString('latin1', 0, 3) === 'ID3') return true;
    return buffer[0] === 0xff && (buffer[1]! & 0xe0) === 0xe0;
  } finally {
    await handle.close();
  }
}

function run(command: string, args: string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'], windowsHide: true });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      // Only the tail matters for the message; an endless stream must not grow without bound.
      stderr = (stderr + chunk.toString()).slice(-4096);
    });
    child.on('error', (error) => resolve({ code: null, stderr: error.message }));
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

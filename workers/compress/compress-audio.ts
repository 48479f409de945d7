/**
 * Compresses one audio file with ffmpeg (the binary shipped by `@ffmpeg-installer/ffmpeg`, inside the registry
 * package for each system): checks the input, writes the output beside a temporary name, verifies it and only
 * then gives it its final name, so a half-written copy is never mistaken for a finished one. Failures answer the
 * spec's texts (section 8); the caller decides about retries.
 *
 * The input is checked first (`openAudioInput`): a file whose bytes are not what its name says is refused with that
 * reason and never reaches ffmpeg, which reads it with its named demuxer and the four kinds' codecs only.
 *
 * ffmpeg is a process of its own: ending the worker's thread would leave it running, so this function stops it
 * itself (SIGTERM, then SIGKILL after a grace) when the run is cancelled or passes its time limit, and caps
 * what it writes (`-fs`, then checked), so a file that decodes into hours of audio cannot fill the disk.
 */
import fs from 'node:fs/promises';
import { openAudioInput, type AudioInput } from '../audio-input';
import { ffmpegInputArgs, runFfmpeg, type FfmpegExit } from '../ffmpeg';
import { COMPRESSION_ERRORS, type Bitrate, type CompressionFormat } from '../../common/cloud/upload-rules';
import { FFMPEG_OUTPUT_MAX_BYTES, ffmpegOutputCapBytes, ffmpegTimeLimitMs, type CompressOutcome } from '../../common/bridge/worker-tasks';

/** Encoder and container per output format. */
const ENCODERS: Record<CompressionFormat, string[]> = {
  mp3: ['-codec:a', 'libmp3lame', '-f', 'mp3'],
  aac: ['-codec:a', 'aac', '-f', 'adts'],
  ogg: ['-codec:a', 'libvorbis', '-f', 'ogg'],
};

export { ffmpegPath } from '../ffmpeg';

/** The one ffmpeg command line (the benchmark runs it raw to measure what the app adds); `-fs` caps the output. */
export function ffmpegArgs(input: AudioInput, output: string, bitrate: Bitrate, format: CompressionFormat, maxOutputBytes = FFMPEG_OUTPUT_MAX_BYTES): string[] {
  return ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', ...ffmpegInputArgs(input), '-vn', '-map_metadata', '0', ...ENCODERS[format], '-b:a', bitrate, '-fs', String(maxOutputBytes), output];
}

export interface CompressOptions {
  /** Stops ffmpeg; the run answers "cancelled". Default: none. */
  signal?: AbortSignal;
  /** Default: `ffmpegTimeLimitMs` of the input's size. */
  timeLimitMs?: number;
  /** An output this large is cut off by ffmpeg and refused. Default: `ffmpegOutputCapBytes` of the input's size. */
  maxOutputBytes?: number;
}

export async function compressAudio(input: string, output: string, bitrate: Bitrate, format: CompressionFormat, options: CompressOptions = {}): Promise<CompressOutcome> {
  const inputSize = await fs
    .stat(input)
    .then((stats) => (stats.isFile() ? stats.size : null))
    .catch(() => null);
  if (inputSize === null) return { ok: false, reason: COMPRESSION_ERRORS.inputNotAccessible };
  const checked = await openAudioInput(input);
  if (!checked.ok) return checked.refused ? { ok: false, reason: COMPRESSION_ERRORS.failed, detail: checked.reason } : { ok: false, reason: COMPRESSION_ERRORS.inputNotAccessible };
  const timeLimitMs = options.timeLimitMs ?? ffmpegTimeLimitMs(inputSize);
  const maxOutputBytes = options.maxOutputBytes ?? ffmpegOutputCapBytes(inputSize);

  const partial = `${output}.part`;
  const exit = await runFfmpeg(ffmpegArgs(checked.input, partial, bitrate, format, maxOutputBytes), { timeLimitMs, signal: options.signal });
  if (exit.stopped || exit.code !== 0) {
    await fs.rm(partial, { force: true });
    return { ok: false, reason: COMPRESSION_ERRORS.failed, detail: failureDetail(exit, timeLimitMs) };
  }
  const size = await fs
    .stat(partial)
    .then((stats) => stats.size)
    .catch(() => 0);
  if (size >= maxOutputBytes) {
    await fs.rm(partial, { force: true });
    return { ok: false, reason: COMPRESSION_ERRORS.failed, detail: `the output reached its cap of ${formatBytes(maxOutputBytes)} and was refused` };
  }
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

function failureDetail(exit: FfmpegExit, timeLimitMs: number): string {
  if (exit.stopped === 'cancelled') return 'cancelled';
  if (exit.stopped === 'timed out') return `ffmpeg ran longer than its time limit of ${formatSeconds(timeLimitMs)} and was stopped`;
  return exit.stderr.trim().split('\n').slice(-3).join('\n');
}

function formatSeconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(1))} s`;
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Number((bytes / (1024 * 1024)).toFixed(1))} MB` : `${Math.round(bytes / 1024)} KB`;
}

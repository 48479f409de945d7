/** The tasks the worker pool runs, and what they answer. Plain data both ways (structured clone). */
import type { AnalysedAudio } from '../audio/audio-analysis';
import { assertNever } from '../errors';
import type { AudioMeta, Daw, ProjectMeta } from '../projects/project-meta';
import type { FoundPlugins, PluginFolder } from '../projects/plugins';
import type { Bitrate, CompressionFormat } from '../cloud/upload-rules';

/** What a scan cares about: session files, project packages and audio. */
export type EntryKind = 'session' | 'package' | 'audio';

export interface WalkEntry {
  path: string;
  kind: EntryKind;
  size: number;
  mtimeMs: number;
  ino: number;
}

export interface WalkError {
  path: string;
  reason: string;
}

export interface WalkResult {
  entries: WalkEntry[];
  errors: WalkError[];
  /** Folders read, for progress and benchmarks. */
  folders: number;
}

export type WorkerTask =
  /** Answers once the worker has loaded: the pool waits for it before it ends its threads. */
  | { kind: 'ping' }
  | { kind: 'walk'; root: string }
  /** The plug-ins installed in these folders (issue 31). */
  | { kind: 'find-plugins'; folders: PluginFolder[] }
  /**
   * `version`: Logic only, a version's folder inside the package (issue 19). `home`: the folder a copy's relative
   * paths count from (a snapshot kept in the app's data is read as if it sat beside its session). `gzipped`: the file
   * is a snapshot gzipped by Songshelf (a Pro Tools session), unpacked by the worker itself, one per lane.
   */
  | { kind: 'read-project'; path: string; daw: Daw; version?: string; home?: string; gzipped?: boolean }
  | { kind: 'read-audio'; path: string }
  | { kind: 'compress-audio'; input: string; output: string; bitrate: Bitrate; format: CompressionFormat }
  /** `decoder`: 'ffmpeg' decodes with the native ffmpeg whatever the file (the benchmark's yardstick); default: the memory-safe decoders first. */
  | { kind: 'analyse-audio'; path: string; decoder?: 'ffmpeg' }
  /** The demo library's projects and bounces, written into `folder` (workers/synthetic/write-demo.ts). */
  | { kind: 'write-demo'; folder: string };

export type ReadOutcome<T> = { ok: true; value: T } | { ok: false; reason: string };

/** `refused`: the file's bytes are not what its name says; it was never decoded, and trying again cannot help. */
export type AnalyseOutcome = { ok: true; value: AnalysedAudio } | { ok: false; reason: string; refused?: boolean };

export interface CompressedFile {
  path: string;
  size: number;
  originalSize: number;
}

/** A failure's reason is one of the spec's compression error texts; `detail` is what ffmpeg said. */
export type CompressOutcome = { ok: true; value: CompressedFile } | { ok: false; reason: string; detail?: string };

export interface WorkerResults {
  ping: 'pong';
  walk: WalkResult;
  'find-plugins': FoundPlugins;
  'read-project': ReadOutcome<ProjectMeta>;
  'read-audio': ReadOutcome<AudioMeta>;
  'compress-audio': CompressOutcome;
  'analyse-audio': AnalyseOutcome;
  'write-demo': 'written';
}

const MB = 1024 * 1024;

/**
 * How long a worker task may run before the pool stops it (ending its thread, which frees its lane): a file
 * crafted to hang a reader, or a drive that stops answering, must not hold a lane for good. Limits grow with
 * the input and are generous, tens of times what a real file takes on a slow computer, so that they only
 * ever stop what would never have finished.
 */
export interface WorkerTimeLimits {
  /** A project or audio read, before its file's size counts. Default: 30 s (a read takes milliseconds). */
  readBaseMs: number;
  /** Added to a read per MB of its file. Default: 2 s (the careful `.als` parser reads about 20 MB/s). */
  readMsPerMb: number;
  /** A folder walk, whatever it holds (a large library on a slow network drive takes minutes). Default: 30 min. */
  walkMs: number;
  /** An ffmpeg run, before its input's size counts. Default: 60 s. */
  compressBaseMs: number;
  /**
   * Added to an ffmpeg run per MB of input. Default: 5 s (a MB of CD-quality WAV is 6 s of audio, which a
   * slow computer encodes in well under a second; a small file that decodes into hours stops at the base).
   */
  compressMsPerMb: number;
  /** Writing the demo library (a second or two). Default: 5 min. */
  writeDemoMs: number;
}

export const WORKER_TIME_LIMITS: WorkerTimeLimits = {
  readBaseMs: 30_000,
  readMsPerMb: 2_000,
  walkMs: 30 * 60_000,
  compressBaseMs: 60_000,
  compressMsPerMb: 5_000,
  writeDemoMs: 5 * 60_000,
};

/** From the polite stop (SIGTERM, ffmpeg closes its file) to the forced one (SIGKILL). */
export const FFMPEG_KILL_GRACE_MS = 2_000;

/** After ffmpeg is stopped, time for its worker to clean up and answer before the pool ends the thread. */
const COMPRESS_ANSWER_MARGIN_MS = 5_000;

/** The most an ffmpeg run may write, per byte of input: a lossless input is 5 to 10 times its 192k copy. */
const FFMPEG_OUTPUT_PER_INPUT_BYTE = 4;
/** The output cap's floor, for a small input that holds long audio (a FLAC of near silence): 64 MB. */
const FFMPEG_OUTPUT_MIN_BYTES = 64 * MB;
/** The output cap's ceiling: 1 GB, twelve hours at 192k. */
export const FFMPEG_OUTPUT_MAX_BYTES = 1024 * MB;

/** How long ffmpeg may take on an input of this size; the worker stops it then. */
export function ffmpegTimeLimitMs(inputBytes: number, limits: WorkerTimeLimits = WORKER_TIME_LIMITS): number {
  return limits.compressBaseMs + perMb(limits.compressMsPerMb, inputBytes);
}

/** How many bytes ffmpeg may write for an input of this size (`-fs`, then checked). */
export function ffmpegOutputCapBytes(inputBytes: number): number {
  return Math.min(FFMPEG_OUTPUT_MAX_BYTES, Math.max(FFMPEG_OUTPUT_MIN_BYTES, FFMPEG_OUTPUT_PER_INPUT_BYTE * inputBytes));
}

/**
 * How long the pool lets a task run, from the size of the file it reads (0 for a walk). A compression gets
 * ffmpeg's limit and time to stop it: the worker stops ffmpeg itself and answers first, and ending its thread
 * is only the backstop (ffmpeg, a process of its own, would outlive it).
 */
export function workerTimeLimitMs(task: WorkerTask, inputBytes: number, limits: WorkerTimeLimits = WORKER_TIME_LIMITS): number {
  switch (task.kind) {
    case 'ping':
    case 'read-project':
    case 'read-audio':
      return limits.readBaseMs + perMb(limits.readMsPerMb, inputBytes);
    case 'walk':
    case 'find-plugins':
      return limits.walkMs;
    case 'write-demo':
      return limits.writeDemoMs;
    case 'compress-audio':
    case 'analyse-audio':
      return ffmpegTimeLimitMs(inputBytes, limits) + FFMPEG_KILL_GRACE_MS + COMPRESS_ANSWER_MARGIN_MS;
    default:
      return assertNever(task);
  }
}

function perMb(ms: number, bytes: number): number {
  return Math.ceil((ms * Math.max(0, bytes)) / MB);
}

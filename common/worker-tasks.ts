/** The tasks the worker pool runs, and what they answer. Plain data both ways (structured clone). */
import type { AudioMeta, Daw, ProjectMeta } from './project-meta';
import type { Bitrate, CompressionFormat } from './upload-rules';

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
  | { kind: 'read-project'; path: string; daw: Daw }
  | { kind: 'read-audio'; path: string }
  | { kind: 'compress-audio'; input: string; output: string; bitrate: Bitrate; format: CompressionFormat };

export type ReadOutcome<T> = { ok: true; value: T } | { ok: false; reason: string };

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
  'read-project': ReadOutcome<ProjectMeta>;
  'read-audio': ReadOutcome<AudioMeta>;
  'compress-audio': CompressOutcome;
}

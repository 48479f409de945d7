/** The tasks the worker pool runs, and what they answer. Plain data both ways (structured clone). */
import type { AudioMeta, Daw, ProjectMeta } from './project-meta';

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
  | { kind: 'walk'; root: string }
  | { kind: 'read-project'; path: string; daw: Daw }
  | { kind: 'read-audio'; path: string };

export type ReadOutcome<T> = { ok: true; value: T } | { ok: false; reason: string };

export interface WorkerResults {
  walk: WalkResult;
  'read-project': ReadOutcome<ProjectMeta>;
  'read-audio': ReadOutcome<AudioMeta>;
}

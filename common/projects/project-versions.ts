/**
 * A project's versions (issue 19): every save the DAW or the musician kept (FORMATS.md, "Versions the DAWs keep"),
 * read by the project readers and compared one with the next. Plain data: versions cross the worker boundary and
 * the bridge.
 */
import { z } from 'zod';
import type { Daw, ProjectMeta } from './project-meta';

/**
 * Where a version comes from: the project as it is now (`save`); another set or session beside it, or another
 * Logic alternative (`save-as`); a copy the DAW keeps by itself (`daw-backup`: Live's Backup/, Logic's Project File
 * Backups, Pro Tools' Session File Backups); a copy Songshelf kept (`snapshot`).
 */
export const VERSION_SOURCES = ['save', 'save-as', 'daw-backup', 'snapshot'] as const;
export type VersionSource = (typeof VERSION_SOURCES)[number];

/** A file (or, for Logic, a folder holding a MetaData.plist) that is one version of a project. */
export interface VersionFile {
  /** The session file; for Logic the folder of the version (an alternative or a backup slot). */
  path: string;
  source: VersionSource;
  daw: Daw;
  /** When it was saved (ms since 1970): the time in Live's backup names, else the file's modification time. */
  time: number;
  /** Bytes of the session file (Logic: its ProjectData). */
  sizeBytes: number;
  /** "Song v2.als", "Alternative 001", "Backup 03": how the musician would name it. */
  label: string;
}

export const VERSION_CHANGE_KINDS = [
  'tempo',
  'tempo-automation',
  'time-signature',
  'key',
  'tracks-added',
  'tracks-removed',
  'tracks-renamed',
  'track-count',
  'devices-added',
  'devices-removed',
  'plugins-added',
  'plugins-removed',
  'clip-count',
  'length',
  'samples-added',
  'samples-removed',
  'samples-missing',
  'samples-found',
  'daw-version',
  'no-musical-change',
  'unreadable',
] as const;
export type VersionChangeKind = (typeof VERSION_CHANGE_KINDS)[number];

export interface VersionChange {
  kind: VersionChangeKind;
  /** For people: "120 → 126 BPM", "added Vocals, Pad". */
  detail: string;
}

export interface ProjectVersion extends VersionFile {
  /** What the reader found, or null when the file could not be read (`error` says why). */
  meta: ProjectMeta | null;
  error?: string;
  /** Against the previous readable version, oldest first; the first version has none. */
  changes: VersionChange[];
}

/** Versions of one project found on disk, oldest first, and the files that could not be listed or read. */
export interface ProjectVersions {
  project: string;
  daw: Daw;
  versions: ProjectVersion[];
  errors: { path: string; reason: string }[];
}

/** A song's timeline for its panel: its project's versions and its bounce placed among them by time. */
export interface SongTimeline extends Omit<ProjectVersions, 'project' | 'daw'> {
  /** Null when the song has no project on this computer (audio only, or pulled from another computer). */
  project: string | null;
  /** The song's audio on this computer: when it was written, and whether the project was saved after it. */
  bounce: { path: string; time: number; olderThanLastSave: boolean } | null;
}

/** What the table shows of a project's history (`meta.versions`, written by the scan's project reads). */
export interface VersionSummary {
  count: number;
  /** "Tempo: 120 BPM → 126 BPM; Tracks added: Vocals", from the version before the project as it is now; null if none. */
  lastChange: string | null;
}

/** Longest last-change text kept: a row pulled from the cloud may carry anything. */
const MAX_LAST_CHANGE = 300;

/** The song's version summary, checked (its meta may come from another computer), or null. */
export function versionSummaryOf(meta: Record<string, unknown>): VersionSummary | null {
  const value = meta['versions'];
  if (typeof value !== 'object' || value === null) return null;
  const { count, lastChange } = value as Record<string, unknown>;
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 0 || count > 100_000) return null;
  return { count, lastChange: typeof lastChange === 'string' && lastChange !== '' ? lastChange.slice(0, MAX_LAST_CHANGE) : null };
}

/** "21 · Tempo: 120 BPM → 126 BPM": the Versions column. */
export function versionSummaryText(summary: VersionSummary | null): string {
  if (!summary || summary.count === 0) return '';
  return summary.lastChange ? `${summary.count} · ${summary.lastChange}` : String(summary.count);
}

/**
 * How many of Songshelf's own snapshots each song keeps, and in how much room, and how much room they take for the
 * whole library: beyond any of them, the oldest go first (a song's own, then the library's across songs). The
 * user's choice, for this computer (a disk's room is not another computer's); the per-song default is issue 19's,
 * the library's 5 GB (issue 28).
 */
export interface SnapshotBudget {
  count: number;
  megabytes: number;
  /** Every song's snapshots together. */
  totalMegabytes: number;
}

export const DEFAULT_SNAPSHOT_BUDGET: SnapshotBudget = { count: 50, megabytes: 200, totalMegabytes: 5 * 1024 };
export const SNAPSHOT_BUDGET_LIMITS = {
  count: { min: 1, max: 1000 },
  megabytes: { min: 10, max: 100_000 },
  totalMegabytes: { min: 10, max: 10_000_000 },
} as const;

export const snapshotBudgetSchema = z.strictObject({
  count: z.number().int().min(SNAPSHOT_BUDGET_LIMITS.count.min).max(SNAPSHOT_BUDGET_LIMITS.count.max),
  megabytes: z.number().int().min(SNAPSHOT_BUDGET_LIMITS.megabytes.min).max(SNAPSHOT_BUDGET_LIMITS.megabytes.max),
  totalMegabytes: z.number().int().min(SNAPSHOT_BUDGET_LIMITS.totalMegabytes.min).max(SNAPSHOT_BUDGET_LIMITS.totalMegabytes.max),
});

/**
 * Below this much free space on the data folder's disk no snapshot is taken (the user is told once); taking them
 * resumes when the space is back. A snapshot is never worth filling the disk the DAW records to.
 */
export const SNAPSHOT_FREE_SPACE_FLOOR_BYTES = 2 * 1024 * 1024 * 1024;

/**
 * A version file larger than this (a 1.5 GB file someone left in Backup/) is listed, but neither hashed, read nor
 * snapshotted: no session is that large, and reading one would hold a lane (and memory) for minutes.
 */
export const VERSION_FILE_MAX_BYTES = 512 * 1024 * 1024;

/** What the snapshots take now, for the versions section. */
export interface SnapshotUsage {
  bytes: number;
  snapshots: number;
  songs: number;
  /** No snapshot is taken while the disk has less free space than `SNAPSHOT_FREE_SPACE_FLOOR_BYTES`. */
  pausedForSpace: boolean;
}

/** What a budget would remove now (the user confirms before a lower budget removes anything). */
export interface SnapshotThinning {
  snapshots: number;
  bytes: number;
}


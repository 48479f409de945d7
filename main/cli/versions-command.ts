/**
 * `versions <project folder or session file>`: a project's versions, oldest first, each read in the worker pool as
 * the app reads projects, with what changed from the one before (issue 19). A session file or a `.logicx` package
 * names the project; a folder names the project whose set or session in it was saved last.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { extensionOf, PACKAGE_EXTENSIONS, SESSION_EXTENSIONS } from '../../common/projects/file-kinds';
import type { Daw } from '../../common/projects/project-meta';
import type { VersionChange, VersionSource } from '../../common/projects/project-versions';
import type { WorkerPool } from '../jobs/pool';
import { readProjectVersions } from '../versions/project-versions';

export interface VersionLine {
  /** ISO 8601, UTC. */
  time: string;
  source: VersionSource;
  path: string;
  dawVersion: string | null;
  tempo: number | null;
  timeSignature: string | null;
  key: string | null;
  trackCount: number | null;
  samples: string[];
  missingSamples: string[];
  changes: VersionChange[];
}

export interface VersionsReport {
  versions: VersionLine[];
  errors: { path: string; reason: string }[];
}

export async function runVersionsCommand(pool: WorkerPool, target: string): Promise<VersionsReport> {
  const project = await projectAt(target);
  if ('reason' in project) return { versions: [], errors: [{ path: target, reason: project.reason }] };
  const { versions, errors } = await readProjectVersions(pool, project.path, project.daw);
  return {
    versions: versions.map((version) => ({
      time: new Date(version.time).toISOString(),
      source: version.source,
      path: version.path,
      dawVersion: version.meta?.dawVersion ?? null,
      tempo: version.meta?.tempo ?? null,
      timeSignature: version.meta?.timeSignature ?? null,
      key: version.meta?.key ?? null,
      trackCount: version.meta?.trackCount ?? null,
      samples: version.meta?.samples ?? [],
      missingSamples: version.meta?.missingSamples ?? [],
      changes: version.changes,
    })),
    errors,
  };
}

/** The project a path names: a session file, a package, or the last-saved project directly in a folder. */
async function projectAt(target: string): Promise<{ path: string; daw: Daw } | { reason: string }> {
  const stats = await fs.stat(target).catch(() => null);
  if (!stats) return { reason: 'No such file or folder.' };
  const named = SESSION_EXTENSIONS[extensionOf(target)] ?? (stats.isDirectory() ? PACKAGE_EXTENSIONS[extensionOf(target)] : undefined);
  if (named) return { path: target, daw: named };
  if (!stats.isDirectory()) return { reason: 'Not a project: name an Ableton set, a Pro Tools session, a Logic project or a folder holding one.' };
  const entries = await fs.readdir(target, { withFileTypes: true });
  let newest: { path: string; daw: Daw; mtime: number } | null = null;
  for (const entry of entries) {
    if (entry.name.startsWith('.')) continue;
    const daw = entry.isFile() ? SESSION_EXTENSIONS[extensionOf(entry.name)] : entry.isDirectory() ? PACKAGE_EXTENSIONS[extensionOf(entry.name)] : undefined;
    if (!daw) continue;
    const full = path.join(target, entry.name);
    const mtime = (await fs.stat(full).catch(() => null))?.mtimeMs ?? 0;
    if (!newest || mtime > newest.mtime) newest = { path: full, daw, mtime };
  }
  return newest ? { path: newest.path, daw: newest.daw } : { reason: 'No Ableton set, Pro Tools session or Logic project in this folder.' };
}

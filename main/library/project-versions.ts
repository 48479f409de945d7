/**
 * A project's timeline (issue 19): its versions found on disk (`version-files.ts`), each read in the worker pool by
 * the project readers, oldest first, the same content kept once, and what changed from each readable version to
 * the next (`common/version-changes.ts`).
 *
 * The same content: a set or session whose bytes equal another's is one version (Live's newest backup is often the
 * set as saved; the copy kept is the one the musician knows: the save, else the earliest). Logic writes new ids on
 * every save, so its versions are never equal by bytes; one that changed nothing musical says so instead.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import type { Daw, ProjectMeta } from '../../common/project-meta';
import type { ProjectVersion, ProjectVersions, VersionFile, VersionSource, VersionSummary } from '../../common/project-versions';
import { changeText, versionChanges } from '../../common/version-changes';
import type { WorkerPool } from '../jobs/pool';
import { findVersionFiles } from './version-files';

/** Which copy of equal content stands for it, and which of two versions saved at the same moment comes first. */
const SOURCE_RANK: Record<VersionSource, number> = { 'daw-backup': 0, snapshot: 1, 'save-as': 2, save: 3 };

export async function readProjectVersions(pool: WorkerPool, projectPath: string, daw: Daw, signal?: AbortSignal): Promise<ProjectVersions> {
  const files = daw === 'logic' ? await findVersionFiles(projectPath, daw) : await withoutCopies(await findVersionFiles(projectPath, daw));
  const read = await Promise.all(
    files.map(async (file): Promise<ProjectVersion> => {
      const task = daw === 'logic' ? { kind: 'read-project' as const, path: projectPath, daw, version: file.path } : { kind: 'read-project' as const, path: file.path, daw };
      const outcome = await pool.run(task, signal);
      return outcome.ok ? { ...file, meta: outcome.value, changes: [] } : { ...file, meta: null, error: outcome.reason, changes: [] };
    }),
  );
  const versions = read.sort(byTime);
  let previous: ProjectVersion | null = null;
  for (const version of versions) {
    if (!version.meta) {
      version.changes = [{ kind: 'unreadable', detail: version.error ?? 'could not be read' }];
      continue;
    }
    if (previous?.meta) version.changes = versionChanges(previous.meta, version.meta);
    previous = version;
  }
  const errors = versions.filter((version) => version.error !== undefined).map((version) => ({ path: version.path, reason: version.error! }));
  return { project: projectPath, daw, versions, errors };
}

/**
 * The summary for the scan (one more read per project: the version before `current`), without reading the whole
 * history: the panel reads that when it is opened.
 */
export async function summariseVersions(pool: WorkerPool, projectPath: string, daw: Daw, current: ProjectMeta, signal?: AbortSignal): Promise<VersionSummary> {
  const files = daw === 'logic' ? await findVersionFiles(projectPath, daw) : await withoutCopies(await findVersionFiles(projectPath, daw));
  const now = files.find((file) => file.source === 'save');
  const earlier = files.filter((file) => file !== now && (now === undefined || file.time <= now.time) && file.source !== 'save-as').sort(byTime).at(-1);
  if (!earlier) return { count: files.length, lastChange: null };
  const outcome = await pool.run(daw === 'logic' ? { kind: 'read-project', path: projectPath, daw, version: earlier.path } : { kind: 'read-project', path: earlier.path, daw }, signal);
  if (!outcome.ok) return { count: files.length, lastChange: null };
  const changes = versionChanges(outcome.value, current).filter((change) => change.kind !== 'daw-version');
  return { count: files.length, lastChange: changes.map(changeText).join('; ') };
}

function byTime(a: VersionFile, b: VersionFile): number {
  return a.time - b.time || SOURCE_RANK[a.source] - SOURCE_RANK[b.source] || a.path.localeCompare(b.path);
}

/** One version per content: files of equal size are hashed, and of equal bytes the save (else the earliest) stays. */
async function withoutCopies(files: VersionFile[]): Promise<VersionFile[]> {
  const bySize = new Map<number, VersionFile[]>();
  for (const file of files) bySize.set(file.sizeBytes, [...(bySize.get(file.sizeBytes) ?? []), file]);
  const kept: VersionFile[] = [];
  for (const group of bySize.values()) {
    if (group.length === 1) {
      kept.push(...group);
      continue;
    }
    const byContent = new Map<string, VersionFile[]>();
    for (const file of group) {
      const hash = await contentHash(file.path);
      // A file that cannot be read now is kept: its read will say why.
      const key = hash ?? `unreadable:${file.path}`;
      byContent.set(key, [...(byContent.get(key) ?? []), file]);
    }
    for (const same of byContent.values()) kept.push(same.reduce((best, file) => (preferred(file, best) ? file : best)));
  }
  return kept;
}

function preferred(candidate: VersionFile, current: VersionFile): boolean {
  if (candidate.source === 'save' || current.source === 'save') return candidate.source === 'save';
  return candidate.time < current.time;
}

async function contentHash(file: string): Promise<string | null> {
  const bytes = await fs.readFile(file).catch(() => null);
  return bytes ? createHash('sha256').update(bytes).digest('hex') : null;
}

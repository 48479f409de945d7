/**
 * A project's timeline (issue 19): its versions found on disk (`version-files.ts`), each read in the worker pool by
 * the project readers, oldest first, the same content kept once, and what changed from each readable version to
 * the next (`common/projects/version-changes.ts`).
 *
 * The same content: a set or session whose bytes equal another's is one version (Live's newest backup is often the
 * set as saved; the copy kept is the one the musician knows: the save, else the earliest). Logic writes new ids on
 * every save, so its versions are never equal by bytes; one that changed nothing musical says so instead.
 *
 * A file larger than `VERSION_FILE_MAX_BYTES` (512 MB) is listed, neither hashed nor read, and says why. Hashes are
 * streamed; a gzipped snapshot is unpacked by the worker that reads it, within its lane and time limit.
 */
import path from 'node:path';
import { isPackageDaw } from '../../common/projects/file-kinds';
import { MESSAGES } from '../../common/messages';
import type { Daw, ProjectMeta } from '../../common/projects/project-meta';
import type { ReadOutcome } from '../../common/bridge/worker-tasks';
import { VERSION_FILE_MAX_BYTES, type ProjectVersion, type ProjectVersions, type VersionFile, type VersionSource, type VersionSummary } from '../../common/projects/project-versions';
import { changeText, versionChanges } from '../../common/projects/version-changes';
import type { WorkerPool } from '../jobs/pool';
import { fileSha256 } from '../analysis/content-hash';
import { isGzippedSnapshot, snapshotVersions } from './snapshots';
import { findVersionFiles } from './version-files';

/** Which copy of equal content stands for it, and which of two versions saved at the same moment comes first. */
const SOURCE_RANK: Record<VersionSource, number> = { 'daw-backup': 0, snapshot: 1, 'save-as': 2, save: 3 };

export interface VersionReadOptions {
  signal?: AbortSignal;
  /** The song whose snapshots (`snapshots.ts`) join the project's own versions. */
  snapshotsOf?: { dataDir: string; songId: string };
}

export async function readProjectVersions(pool: WorkerPool, projectPath: string, daw: Daw, options: VersionReadOptions = {}): Promise<ProjectVersions> {
  const { signal, snapshotsOf } = options;
  const snapshots = snapshotsOf ? await snapshotVersions(snapshotsOf.dataDir, snapshotsOf.songId, projectPath) : [];
  const files = isPackageDaw(daw) ? await findVersionFiles(projectPath, daw) : await withoutCopies([...(await findVersionFiles(projectPath, daw)), ...snapshots]);
  const read = await Promise.all(
    files.map(async (file): Promise<ProjectVersion> => {
      const outcome = await readVersion(pool, projectPath, daw, file, signal);
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
 * history: the panel reads that when it is opened. With it, the times of the versions listed: the project's saves,
 * from which its studio time is worked out (issue 32) with no further read.
 */
export async function summariseVersions(
  pool: WorkerPool,
  projectPath: string,
  daw: Daw,
  current: ProjectMeta,
  options: VersionReadOptions = {},
): Promise<VersionSummary & { saveTimes: number[] }> {
  const { signal, snapshotsOf } = options;
  const snapshots = snapshotsOf ? await snapshotVersions(snapshotsOf.dataDir, snapshotsOf.songId, projectPath) : [];
  const listed = [...(await findVersionFiles(projectPath, daw)), ...snapshots];
  const saveTimes = saveTimesOf(listed);
  const files = isPackageDaw(daw) ? listed : await withoutCopies(listed);
  const now = files.find((file) => file.source === 'save');
  const earlier = files.filter((file) => file !== now && (now === undefined || file.time <= now.time) && file.source !== 'save-as').sort(byTime).at(-1);
  if (!earlier) return { count: files.length, lastChange: null, saveTimes };
  const outcome = await readVersion(pool, projectPath, daw, earlier, signal);
  if (!outcome.ok) return { count: files.length, lastChange: null, saveTimes };
  const changes = versionChanges(outcome.value, current).filter((change) => change.kind !== 'daw-version');
  return { count: files.length, lastChange: changes.map(changeText).join('; '), saveTimes };
}

/**
 * The moments of work a project's versions give (issue 32): every version listed, also one whose bytes another
 * repeats (a backup of the save is still a save then). Its names and file times only: nothing is read.
 */
export function saveTimesOf(versions: readonly VersionFile[]): number[] {
  return versions.map((file) => file.time);
}

/** The saves of a project as the scan's read lists them (`summariseVersions`), without reading any version. */
export async function projectSaveTimes(projectPath: string, daw: Daw, snapshotsOf?: { dataDir: string; songId: string }): Promise<number[]> {
  const snapshots = snapshotsOf ? await snapshotVersions(snapshotsOf.dataDir, snapshotsOf.songId, projectPath) : [];
  return saveTimesOf([...(await findVersionFiles(projectPath, daw)), ...snapshots]);
}

function byTime(a: VersionFile, b: VersionFile): number {
  return a.time - b.time || SOURCE_RANK[a.source] - SOURCE_RANK[b.source] || a.path.localeCompare(b.path);
}

/**
 * A version read in the pool: a Logic one from its folder in the package, a snapshot as if beside its session (a
 * gzipped one unpacked by its worker). One past the size cap is not read.
 */
async function readVersion(pool: WorkerPool, projectPath: string, daw: Daw, file: VersionFile, signal: AbortSignal | undefined): Promise<ReadOutcome<ProjectMeta>> {
  if (file.sizeBytes > VERSION_FILE_MAX_BYTES) return { ok: false, reason: MESSAGES.versionTooLargeToRead };
  // A GarageBand alternative is read as Logic's (the same layout), so its versions compare as Logic's do.
  if (isPackageDaw(daw)) return pool.run({ kind: 'read-project', path: projectPath, daw: 'logic', version: file.path }, signal);
  if (file.source !== 'snapshot') return pool.run({ kind: 'read-project', path: file.path, daw }, signal);
  return pool.run({ kind: 'read-project', path: file.path, daw, home: path.dirname(projectPath), ...(isGzippedSnapshot(file.path) ? { gzipped: true } : {}) }, signal);
}

/**
 * One version per content, and of equal bytes the save (else the earliest) stays. A snapshot is named by the hash of
 * what it copied; other files are hashed when a snapshot or another file of their size could be their copy.
 */
async function withoutCopies(files: VersionFile[]): Promise<VersionFile[]> {
  const sizes = new Map<number, number>();
  for (const file of files) sizes.set(file.sizeBytes, (sizes.get(file.sizeBytes) ?? 0) + 1);
  const anySnapshot = files.some((file) => file.source === 'snapshot');
  const byContent = new Map<string, VersionFile[]>();
  for (const file of files) {
    const named = file.source === 'snapshot' ? /^([0-9a-f]{64})\./.exec(path.basename(file.path))?.[1] : undefined;
    const mayBeCopy = anySnapshot || (sizes.get(file.sizeBytes) ?? 0) > 1;
    // A file that cannot be read now, or is past the size cap, is kept: its read will say why.
    const key = named ?? (mayBeCopy ? await fileSha256(file.path) : null) ?? `unique:${file.path}`;
    byContent.set(key, [...(byContent.get(key) ?? []), file]);
  }
  return [...byContent.values()].map((same) => same.reduce((best, file) => (preferred(file, best) ? file : best)));
}

/** The save stands for its copies; else the DAW's or the musician's own file over a snapshot; else the earliest. */
function preferred(candidate: VersionFile, current: VersionFile): boolean {
  if (candidate.source === 'save' || current.source === 'save') return candidate.source === 'save';
  if ((candidate.source === 'snapshot') !== (current.source === 'snapshot')) return current.source === 'snapshot';
  return candidate.time < current.time;
}

/**
 * Songshelf's own snapshots of a project (issue 19): when a scan reads a session again because it was saved, a copy
 * of the session file is kept in `<data>/snapshots/<song id>/`, so the song's history outlives the DAW's own backup
 * rotation (Live and Pro Tools keep only the last few). One file per content (named by its SHA-256: a save that
 * changed nothing is not kept twice), stamped with the save's time, compressed (a Live set is gzip already; a Pro
 * Tools session is gzipped here). Each song keeps at most the user's budget (a count and megabytes, 50 and 200 unless
 * changed: `db/repositories/snapshot-budget.ts`), the oldest thinned first. Logic projects are packages whose history is in their own Project File Backups: not copied.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { extensionOf, SESSION_EXTENSIONS } from '../../common/file-kinds';
import { DEFAULT_SNAPSHOT_BUDGET, type SnapshotBudget, type VersionFile } from '../../common/project-versions';

export const SNAPSHOTS_FOLDER = 'snapshots';

const GZIPPED = '.gz';
const gzip = promisify(zlib.gzip);
const gunzip = promisify(zlib.gunzip);

const MEGABYTE = 1024 * 1024;

function songFolder(dataDir: string, songId: string): string {
  // Song ids are UUIDs (checked by the schema); a name with a separator never leaves the snapshots folder.
  if (!/^[0-9a-f-]{36}$/i.test(songId)) throw new Error('Not a song id.');
  return path.join(dataDir, SNAPSHOTS_FOLDER, songId);
}

/** Keeps a copy of the session as saved now; returns its path, or null when the same content is kept already. */
export async function snapshotSession(dataDir: string, songId: string, sessionPath: string, budget: SnapshotBudget = DEFAULT_SNAPSHOT_BUDGET): Promise<string | null> {
  const daw = SESSION_EXTENSIONS[extensionOf(sessionPath)];
  if (!daw) return null;
  const [bytes, stats] = await Promise.all([fs.readFile(sessionPath), fs.stat(sessionPath)]);
  const hash = createHash('sha256').update(bytes).digest('hex');
  const extension = extensionOf(sessionPath);
  // A Live set is gzip already; gzipping it again would gain nothing and hide it from the reader.
  const name = daw === 'ableton' ? `${hash}${extension}` : `${hash}${extension}${GZIPPED}`;
  const folder = songFolder(dataDir, songId);
  const target = path.join(folder, name);
  if (await fs.stat(target).then(() => true, () => false)) return null;
  await fs.mkdir(folder, { recursive: true });
  const stored = daw === 'ableton' ? bytes : await gzip(bytes);
  await fs.writeFile(`${target}.part`, stored);
  await fs.utimes(`${target}.part`, stats.atime, stats.mtime);
  await fs.rename(`${target}.part`, target);
  await thin(folder, budget);
  return target;
}

/** The oldest snapshots go until the song's are within its budget. */
async function thin(folder: string, budget: SnapshotBudget): Promise<void> {
  const kept = (await listSnapshots(folder)).sort((a, b) => a.time - b.time);
  let bytes = kept.reduce((sum, snapshot) => sum + snapshot.sizeBytes, 0);
  while (kept.length > budget.count || (bytes > budget.megabytes * MEGABYTE && kept.length > 1)) {
    const oldest = kept.shift()!;
    bytes -= oldest.sizeBytes;
    await fs.rm(oldest.path, { force: true });
  }
}

async function listSnapshots(folder: string): Promise<{ path: string; time: number; sizeBytes: number }[]> {
  const names = await fs.readdir(folder).catch(() => [] as string[]);
  const found: { path: string; time: number; sizeBytes: number }[] = [];
  for (const name of names.filter((candidate) => !candidate.endsWith('.part'))) {
    const stats = await fs.lstat(path.join(folder, name)).catch(() => null);
    if (stats?.isFile()) found.push({ path: path.join(folder, name), time: Math.round(stats.mtimeMs), sizeBytes: stats.size });
  }
  return found;
}

/** The song's snapshots as versions of its project (the same DAW's sessions only). */
export async function snapshotVersions(dataDir: string, songId: string, projectPath: string): Promise<VersionFile[]> {
  const daw = SESSION_EXTENSIONS[extensionOf(projectPath)];
  if (!daw) return [];
  const snapshots = await listSnapshots(songFolder(dataDir, songId));
  return snapshots
    .filter((snapshot) => SESSION_EXTENSIONS[extensionOf(snapshot.path.replace(/\.gz$/, ''))] === daw)
    .map((snapshot) => ({ path: snapshot.path, source: 'snapshot' as const, daw, time: snapshot.time, sizeBytes: snapshot.sizeBytes, label: `Snapshot ${new Date(snapshot.time).toISOString().slice(0, 16).replace('T', ' ')}` }));
}

/** Total size of every song's snapshots (bytes), for the benchmark and the settings. */
export async function snapshotBytes(dataDir: string): Promise<number> {
  const root = path.join(dataDir, SNAPSHOTS_FOLDER);
  let total = 0;
  for (const song of await fs.readdir(root).catch(() => [] as string[])) {
    for (const snapshot of await listSnapshots(path.join(root, song))) total += snapshot.sizeBytes;
  }
  return total;
}

/**
 * A snapshot the readers can open: a Live set as it is; a gzipped session unpacked into a temporary file, removed by
 * `done` once read.
 */
export async function readableSnapshot(snapshotPath: string): Promise<{ path: string; done: () => Promise<void> }> {
  if (!snapshotPath.endsWith(GZIPPED)) return { path: snapshotPath, done: async () => undefined };
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'songshelf-snapshot-'));
  const unpacked = path.join(folder, `snapshot${extensionOf(snapshotPath.slice(0, -GZIPPED.length))}`);
  await fs.writeFile(unpacked, await gunzip(await fs.readFile(snapshotPath)));
  return { path: unpacked, done: () => fs.rm(folder, { recursive: true, force: true }) };
}

/** Every song's snapshots within `budget` (the user lowered it): the oldest go first. */
export async function thinAllSnapshots(dataDir: string, budget: SnapshotBudget): Promise<void> {
  const root = path.join(dataDir, SNAPSHOTS_FOLDER);
  for (const songId of await fs.readdir(root).catch(() => [] as string[])) await thin(path.join(root, songId), budget);
}

/** Removes the snapshots of songs that are gone for good (`exists` answers for an id); returns how many songs' went. */
export async function removeSnapshotsOfGoneSongs(dataDir: string, exists: (songId: string) => boolean): Promise<number> {
  const root = path.join(dataDir, SNAPSHOTS_FOLDER);
  let removed = 0;
  for (const songId of await fs.readdir(root).catch(() => [] as string[])) {
    if (exists(songId)) continue;
    await fs.rm(path.join(root, songId), { recursive: true, force: true });
    removed += 1;
  }
  return removed;
}

/**
 * Songshelf's own snapshots of a project (issue 19): when a scan reads a session again because it was saved, a copy
 * of the session file is kept in `<data>/snapshots/<song id>/`, so the song's history outlives the DAW's own backup
 * rotation (Live and Pro Tools keep only the last few). One file per content (named by its SHA-256: a save that
 * changed nothing is not kept twice), stamped with the save's time, compressed (a Live set is gzip already; a Pro
 * Tools session is gzipped here). Each song keeps at most the user's budget (a count and megabytes, 50 and 200 unless
 * changed: `db/repositories/snapshot-budget.ts`), the oldest thinned first. Logic projects are packages whose history
 * is in their own Project File Backups: not copied.
 *
 * Files go through streams, hashed as they are copied: a session is never held whole in memory, and one larger than
 * `VERSION_FILE_MAX_BYTES` (512 MB) is not copied at all. The library-wide budget and the free-space floor are the
 * keeper's (`snapshot-keeper.ts`); who owns a folder after a merge, and when it goes, the sweep's (`snapshot-sweep.ts`).
 */
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { extensionOf, SESSION_EXTENSIONS } from '../../common/projects/file-kinds';
import { DEFAULT_SNAPSHOT_BUDGET, VERSION_FILE_MAX_BYTES, type SnapshotBudget, type VersionFile } from '../../common/projects/project-versions';
import { writingTo } from '../disk/disk-full';
import { openRegularFile } from '../security/regular-file';

export const SNAPSHOTS_FOLDER = 'snapshots';

const GZIPPED = '.gz';
const PART = '.part';
const MEGABYTE = 1024 * 1024;
const SONG_ID = /^[0-9a-f-]{36}$/i;

/** One kept snapshot of one song. */
export interface StoredSnapshot {
  songId: string;
  path: string;
  /** The save's time (the file's modification time). */
  time: number;
  sizeBytes: number;
}

export function isSongId(name: string): boolean {
  return SONG_ID.test(name);
}

export function songFolder(dataDir: string, songId: string): string {
  // Song ids are UUIDs (checked by the schema); a name with a separator never leaves the snapshots folder.
  if (!isSongId(songId)) throw new Error('Not a song id.');
  return path.join(dataDir, SNAPSHOTS_FOLDER, songId);
}

/**
 * Keeps a copy of the session as saved now; returns its path, or null when the same content is kept already, or the
 * session is larger than `maxBytes` (default `VERSION_FILE_MAX_BYTES`, 512 MB; said in the log).
 */
export async function snapshotSession(
  dataDir: string,
  songId: string,
  sessionPath: string,
  budget: Pick<SnapshotBudget, 'count' | 'megabytes'> = DEFAULT_SNAPSHOT_BUDGET,
  maxBytes = VERSION_FILE_MAX_BYTES,
): Promise<string | null> {
  const extension = extensionOf(sessionPath);
  const daw = SESSION_EXTENSIONS[extension];
  if (!daw) return null;
  const folder = songFolder(dataDir, songId);
  const stats = await fs.stat(sessionPath);
  if (stats.size > maxBytes) {
    console.warn(`[library] no snapshot of ${sessionPath}: ${Math.round(stats.size / MEGABYTE)} MB, more than the ${Math.round(maxBytes / MEGABYTE)} MB a session snapshot may have`);
    return null;
  }
  await fs.mkdir(folder, { recursive: true });
  // Written under a name of its own while it is hashed, then named by its content: one read of the session.
  const part = path.join(folder, `.${randomUUID()}${PART}`);
  try {
    // A Live set is gzip already; gzipping it again would gain nothing and hide it from the reader.
    const hash = await writingTo(part, () => copyHashed(sessionPath, part, daw !== 'ableton', maxBytes));
    const target = path.join(folder, daw === 'ableton' ? `${hash}${extension}` : `${hash}${extension}${GZIPPED}`);
    if (await exists(target)) return null;
    await fs.utimes(part, stats.atime, stats.mtime);
    await fs.rename(part, target);
    await thin(folder, budget);
    return target;
  } finally {
    await fs.rm(part, { force: true });
  }
}

/** Streams `source` into `target` (gzipped or as it is), hashing the source's bytes on the way; refuses past `maxBytes`. */
async function copyHashed(source: string, target: string, gzipIt: boolean, maxBytes: number): Promise<string> {
  const hash = createHash('sha256');
  let read = 0;
  const hashing = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      read += chunk.length;
      if (read > maxBytes) return done(new Error(`grew past ${Math.round(maxBytes / MEGABYTE)} MB while it was copied`));
      hash.update(chunk);
      done(null, chunk);
    },
  });
  // A regular file only, opened without waiting: a FIFO named like the session would hold the copy for ever.
  const input = (await openRegularFile(source)).createReadStream({ end: maxBytes });
  if (gzipIt) await pipeline(input, hashing, zlib.createGzip(), createWriteStream(target));
  else await pipeline(input, hashing, createWriteStream(target));
  return hash.digest('hex');
}

/** The oldest snapshots go until the song's are within its budget. */
async function thin(folder: string, budget: Pick<SnapshotBudget, 'count' | 'megabytes'>): Promise<void> {
  const kept = (await listSnapshots(folder)).sort((a, b) => a.time - b.time);
  let bytes = kept.reduce((sum, snapshot) => sum + snapshot.sizeBytes, 0);
  while (kept.length > budget.count || (bytes > budget.megabytes * MEGABYTE && kept.length > 1)) {
    const oldest = kept.shift()!;
    bytes -= oldest.sizeBytes;
    await fs.rm(oldest.path, { force: true });
  }
}

/** The snapshots in one song's folder (none when it has none). */
export async function listSnapshots(folder: string): Promise<StoredSnapshot[]> {
  const songId = path.basename(folder);
  const names = await fs.readdir(folder).catch(() => [] as string[]);
  const found: StoredSnapshot[] = [];
  for (const name of names.filter((candidate) => !candidate.endsWith(PART) && !candidate.startsWith('.'))) {
    const stats = await fs.lstat(path.join(folder, name)).catch(() => null);
    if (stats?.isFile()) found.push({ songId, path: path.join(folder, name), time: Math.round(stats.mtimeMs), sizeBytes: stats.size });
  }
  return found;
}

/** The song ids that have a snapshot folder. */
export async function snapshotSongIds(dataDir: string): Promise<string[]> {
  const names = await fs.readdir(path.join(dataDir, SNAPSHOTS_FOLDER)).catch(() => [] as string[]);
  return names.filter(isSongId);
}

/** Every song's snapshots. */
export async function listLibrarySnapshots(dataDir: string): Promise<StoredSnapshot[]> {
  const all: StoredSnapshot[] = [];
  for (const songId of await snapshotSongIds(dataDir)) all.push(...(await listSnapshots(songFolder(dataDir, songId))));
  return all;
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
  return (await listLibrarySnapshots(dataDir)).reduce((sum, snapshot) => sum + snapshot.sizeBytes, 0);
}

/** Whether a snapshot is gzipped here (a Pro Tools session): the readers get it unpacked. */
export function isGzippedSnapshot(snapshotPath: string): boolean {
  return snapshotPath.endsWith(GZIPPED);
}

/**
 * A snapshot the DAW can open (a copy of a version): a Live set as it is; a gzipped session unpacked, as a stream,
 * into a temporary file removed by `done`. The readers unpack theirs in the pool instead (`project-versions.ts`).
 */
export async function readableSnapshot(snapshotPath: string): Promise<{ path: string; done: () => Promise<void> }> {
  if (!isGzippedSnapshot(snapshotPath)) return { path: snapshotPath, done: async () => undefined };
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'songshelf-snapshot-'));
  const unpacked = path.join(folder, `snapshot${extensionOf(snapshotPath.slice(0, -GZIPPED.length))}`);
  const done = () => fs.rm(folder, { recursive: true, force: true });
  try {
    await writingTo(unpacked, () => pipeline(createReadStream(snapshotPath), zlib.createGunzip(), createWriteStream(unpacked)));
  } catch (error) {
    await done();
    throw error;
  }
  return { path: unpacked, done };
}

/**
 * Moves every snapshot of `from` to `to` (a merged song's to the one kept). The same content is kept once: a file of
 * that name under `to` is the same bytes, and the earlier of the two times stays on it. Returns how many files moved.
 */
export async function moveSnapshots(dataDir: string, from: string, to: string): Promise<number> {
  const source = songFolder(dataDir, from);
  const target = songFolder(dataDir, to);
  const snapshots = await listSnapshots(source);
  if (snapshots.length > 0) await fs.mkdir(target, { recursive: true });
  let moved = 0;
  for (const snapshot of snapshots) {
    const destination = path.join(target, path.basename(snapshot.path));
    const there = await fs.stat(destination).catch(() => null);
    if (there) {
      if (snapshot.time < there.mtimeMs) await fs.utimes(destination, new Date(snapshot.time), new Date(snapshot.time));
      await fs.rm(snapshot.path, { force: true });
    } else {
      await fs.rename(snapshot.path, destination);
      moved += 1;
    }
  }
  await fs.rm(source, { recursive: true, force: true });
  return moved;
}

/** Removes one song's snapshot folder; returns the bytes it held. */
export async function removeSongSnapshots(dataDir: string, songId: string): Promise<number> {
  const folder = songFolder(dataDir, songId);
  const bytes = (await listSnapshots(folder)).reduce((sum, snapshot) => sum + snapshot.sizeBytes, 0);
  await fs.rm(folder, { recursive: true, force: true });
  return bytes;
}

async function exists(file: string): Promise<boolean> {
  return fs.stat(file).then(
    () => true,
    () => false,
  );
}

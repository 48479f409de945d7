/** The scan index: what the last scan saw of each file, so the next one knows what changed. */
import { and, eq, inArray, or } from 'drizzle-orm';
import { pathInside } from '../path-range';
import { insertRows, updateRows } from '../prepared-writes';
import type { EntryKind } from '../../common/bridge/worker-tasks';
import type { Db } from '../handle';
import { files } from '../schema';

export interface IndexedFile {
  path: string;
  kind: EntryKind;
  size: number;
  mtimeMs: number;
  ino: number;
  contentHash: string | null;
  songId: string | null;
}

/**
 * The folder's index, or only the part inside `scopes` (a targeted scan). Read row by row into the map: a library of
 * 20,000 projects has 68,000 rows, and a result set held whole (drizzle's `all()`: every row, then a mapped copy of
 * each) tripled what a rescan holds at its peak.
 */
export function indexOfDirectory(db: Db, directoryId: string, scopes: string[] | null = null): Map<string, IndexedFile> {
  const inScopes = scopes === null ? undefined : or(...scopes.map((scope) => pathInside(files.path, scope)));
  const query = db.orm
    .select({ path: files.path, kind: files.kind, size: files.size, mtimeMs: files.mtimeMs, ino: files.inode, contentHash: files.contentHash, songId: files.songId })
    .from(files)
    .where(and(eq(files.directoryId, directoryId), inScopes))
    .toSQL();
  const index = new Map<string, IndexedFile>();
  const rows = db.sqlite.prepare(query.sql).raw().iterate(...query.params) as IterableIterator<[string, EntryKind, number, number, number, string | null, string | null]>;
  for (const [path, kind, size, mtimeMs, ino, contentHash, songId] of rows) index.set(path, { path, kind, size, mtimeMs, ino, contentHash, songId });
  return index;
}

/** Whether any file of the folder is indexed: a scan of it has finished before. */
export function hasIndexedFiles(db: Db, directoryId: string): boolean {
  return db.orm.select({ path: files.path }).from(files).where(eq(files.directoryId, directoryId)).limit(1).get() !== undefined;
}

/** Writes (inserts or replaces) index rows; runs inside the caller's transaction. */
export function upsertIndexed(db: Db, directoryId: string, entries: IndexedFile[]): void {
  const seenAt = db.now();
  insertRows(
    db,
    files,
    entries.map((entry) => ({
      path: entry.path,
      directoryId,
      size: entry.size,
      mtimeMs: entry.mtimeMs,
      inode: entry.ino,
      kind: entry.kind,
      contentHash: entry.contentHash,
      songId: entry.songId,
      seenAt,
    })),
    files.path,
  );
}

/** Records the fingerprints of files just read (a move is recognised by them); runs inside the caller's transaction. */
export function setContentHashes(db: Db, hashes: { path: string; contentHash: string | null }[]): void {
  updateRows(db, files, hashes, files.path);
}

export function removeIndexed(db: Db, paths: string[]): void {
  for (let i = 0; i < paths.length; i += 500) db.orm.delete(files).where(inArray(files.path, paths.slice(i, i + 500))).run();
}

export function removeIndexOfDirectory(db: Db, directoryId: string): void {
  db.orm.delete(files).where(eq(files.directoryId, directoryId)).run();
}

/** The scan index: what the last scan saw of each file, so the next one knows what changed. */
import { and, eq, inArray, or } from 'drizzle-orm';
import { pathInside } from '../path-range';
import { insertRows } from '../prepared-writes';
import type { EntryKind } from '../../common/worker-tasks';
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

/** The folder's index, or only the part inside `scopes` (a targeted scan). */
export function indexOfDirectory(db: Db, directoryId: string, scopes: string[] | null = null): Map<string, IndexedFile> {
  const inScopes = scopes === null ? undefined : or(...scopes.map((scope) => pathInside(files.path, scope)));
  const rows = db.orm.select().from(files).where(and(eq(files.directoryId, directoryId), inScopes)).all();
  return new Map(
    rows.map((row) => [
      row.path,
      { path: row.path, kind: row.kind as EntryKind, size: row.size, mtimeMs: row.mtimeMs, ino: row.inode, contentHash: row.contentHash, songId: row.songId },
    ]),
  );
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

export function removeIndexed(db: Db, paths: string[]): void {
  for (let i = 0; i < paths.length; i += 500) db.orm.delete(files).where(inArray(files.path, paths.slice(i, i + 500))).run();
}

export function removeIndexOfDirectory(db: Db, directoryId: string): void {
  db.orm.delete(files).where(eq(files.directoryId, directoryId)).run();
}

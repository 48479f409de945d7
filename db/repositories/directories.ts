/** Watched folders: the `directories` table. */
import { asc, eq, sql } from 'drizzle-orm';
import type { WatchedDirectory } from '../../common/projects/library';
import type { Db } from '../handle';
import { newId } from '../ids';
import { directories } from '../schema';

export function listDirectories(db: Db): WatchedDirectory[] {
  return db.orm.select().from(directories).orderBy(asc(directories.addedAt)).all();
}

export function getDirectory(db: Db, id: string): WatchedDirectory | null {
  return db.orm.select().from(directories).where(eq(directories.id, id)).get() ?? null;
}

export function getDirectoryByPath(db: Db, folder: string): WatchedDirectory | null {
  return db.orm.select().from(directories).where(eq(directories.path, folder)).get() ?? null;
}

export function countDirectories(db: Db): number {
  return db.orm.select({ n: sql<number>`count(*)` }).from(directories).get()?.n ?? 0;
}

export function insertDirectory(db: Db, folder: string, viewId: string | null): WatchedDirectory {
  return db.orm.insert(directories).values({ id: newId(), path: folder, viewId, addedAt: db.now() }).returning().get();
}

export function deleteDirectory(db: Db, id: string): void {
  db.orm.delete(directories).where(eq(directories.id, id)).run();
}

export function markScanned(db: Db, id: string, at: number = db.now()): void {
  db.orm.update(directories).set({ lastScanAt: at }).where(eq(directories.id, id)).run();
}

/**
 * The handle every repository takes first: the Drizzle and better-sqlite3 views of one open database, and its
 * transactions. It imports nothing of db/ at run time, so repositories, the seed and `connection.ts` (which opens
 * a database and seeds it) all depend on it and never on each other in a circle.
 */
import type BetterSqlite3 from 'better-sqlite3';
import type { BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import type { ChangeLog } from './change-log';
import type * as schema from './schema';

export type Orm = BetterSQLite3Database<typeof schema>;

export interface Db {
  orm: Orm;
  sqlite: BetterSqlite3.Database;
  file: string;
  /** Clock of every write; tests pass their own. Default: `Date.now`. */
  now: () => number;
  /** What the writes on this database changed, for the page and the sync (`change-log.ts`). */
  changes: ChangeLog;
}

/**
 * Runs `work` in one transaction: all of it is written, or none. Nested calls become savepoints. What it changed is
 * told once, when it commits.
 */
export function inTransaction<T>(db: Db, work: () => T): T {
  return db.changes.transaction(() => db.sqlite.transaction(work)());
}

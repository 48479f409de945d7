/**
 * Prepared statements kept by their SQL, per database: the bulk writes (`prepared-writes.ts`) and the table's page
 * reads (`song-query.ts`) run a few statement shapes thousands of times, and preparing one again costs more than
 * SQLite's own work for a small read (a page of 100 songs: 0.25 ms of 1.5). The SQL texts are the shapes of the
 * code's statements (values are bound, never spliced), so the set is small; a bound keeps it so even so.
 */
import type BetterSqlite3 from 'better-sqlite3';
import type { Db } from './handle';

/** Statement shapes kept per database; the least recently used one goes first. */
const KEPT = 256;

const cache = new WeakMap<BetterSqlite3.Database, Map<string, BetterSqlite3.Statement>>();

/** `sql` prepared on `db`, once. A statement still being iterated is busy: a fresh one is prepared beside it. */
export function cachedStatement(db: Db, sql: string): BetterSqlite3.Statement {
  let statements = cache.get(db.sqlite);
  if (!statements) {
    statements = new Map();
    cache.set(db.sqlite, statements);
  }
  const kept = statements.get(sql);
  if (kept?.busy) return db.sqlite.prepare(sql);
  if (kept) {
    // Handed out as prepared: a reader its last user switched to plain values gives objects again.
    if (kept.reader) kept.raw(false);
    // Kept in the order of use: the Map's first entry is the one unused longest.
    statements.delete(sql);
    statements.set(sql, kept);
    return kept;
  }
  const prepared = db.sqlite.prepare(sql);
  statements.set(sql, prepared);
  if (statements.size > KEPT) statements.delete(statements.keys().next().value as string);
  return prepared;
}

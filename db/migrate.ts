/**
 * Brings a database file up to this version's schema, safely: a database written by a newer Songshelf is
 * refused untouched, and the file is copied before any migration runs, so a failed migration loses nothing. The
 * schema's SQL functions (`sql-functions.ts`) are registered on the connection first: its migrations and triggers
 * call them.
 */
import type BetterSqlite3 from 'better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import type { BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { AppError } from '../common/errors';
import { backUpDatabase } from './backup';
import { registerSqlFunctions } from './sql-functions';

const MIGRATIONS_TABLE = '__drizzle_migrations';

export interface MigrationOutcome {
  applied: number;
  /** Where the pre-migration copy was written; null when nothing was pending or the file was new. */
  backupPath: string | null;
}

interface AppliedRow {
  hash: string;
  created_at: number;
}

export function migrateDatabase(
  sqlite: BetterSqlite3.Database,
  orm: BetterSQLite3Database<Record<string, unknown>>,
  file: string,
  migrationsFolder: string,
): MigrationOutcome {
  registerSqlFunctions(sqlite);
  const known = readMigrationFiles({ migrationsFolder });
  const knownHashes = new Set(known.map((m) => m.hash));
  const newestKnown = Math.max(0, ...known.map((m) => m.folderMillis));
  const applied = readApplied(sqlite);

  const foreign = applied.filter((row) => Number(row.created_at) > newestKnown || !knownHashes.has(row.hash));
  if (foreign.length > 0) {
    throw new AppError(
      'db_too_new',
      `This library was written by a newer version of Songshelf (${foreign.length} change(s) to its ` +
        `database that this version does not know). Update Songshelf to open it; the file ${file} was left ` +
        `untouched.`,
    );
  }

  const lastApplied = Math.max(0, ...applied.map((row) => Number(row.created_at)));
  const pending = known.filter((m) => m.folderMillis > lastApplied);
  if (pending.length === 0) return { applied: 0, backupPath: null };

  const backupPath = hasUserTables(sqlite) ? backUpDatabase(sqlite, file, `migration-v${applied.length}`, Date.now()) : null;
  migrate(orm, { migrationsFolder });
  return { applied: pending.length, backupPath };
}

function readApplied(sqlite: BetterSqlite3.Database): AppliedRow[] {
  const exists = sqlite
    .prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?`)
    .get(MIGRATIONS_TABLE);
  if (!exists) return [];
  return sqlite.prepare(`SELECT hash, created_at FROM ${MIGRATIONS_TABLE} ORDER BY created_at`).all() as AppliedRow[];
}

function hasUserTables(sqlite: BetterSqlite3.Database): boolean {
  const row = sqlite
    .prepare(`SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`)
    .get() as { n: number };
  return row.n > 0;
}

/** For tests: a real database file in a fresh temp folder, with a clock the test controls. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { DATABASE_FILE_NAME, openDatabase, type OpenedDatabase } from './connection';
import { registerSqlFunctions } from './sql-functions';

export const MIGRATIONS_FOLDER = path.resolve(import.meta.dirname, '..', 'migrations');

export interface TestClock {
  now: () => number;
  set(ms: number): void;
  advance(ms: number): void;
}

export function testClock(start = Date.UTC(2026, 0, 1)): TestClock {
  let current = start;
  return { now: () => current, set: (ms) => (current = ms), advance: (ms) => (current += ms) };
}

/** Wall-clock time, for tests of code that waits (backoff, timers). */
export function realClock(): TestClock {
  return {
    now: () => Date.now(),
    set: () => {
      throw new Error('a real clock cannot be set');
    },
    advance: () => {
      throw new Error('a real clock cannot be advanced');
    },
  };
}

export function tempDir(prefix = 'songshelf-test-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

export function openTestDatabase(clock: TestClock = testClock(), dir = tempDir()): OpenedDatabase {
  return openDatabase(path.join(dir, DATABASE_FILE_NAME), { migrationsFolder: MIGRATIONS_FOLDER, now: clock.now });
}

/** A copy of the migrations folder that knows only the first `count` migrations, as an older version would. */
export function olderMigrationsFolder(count: number): string {
  const folder = tempDir('songshelf-migrations-');
  fs.cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalPath, 'utf8')) as { entries: unknown[] };
  journal.entries = journal.entries.slice(0, count);
  fs.writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

/**
 * A file as an older version left it: its first `count` migrations only, for the test of a data migration.
 * Written with the migrator alone, as this version's code writes this version's columns.
 */
export function olderDatabase(file: string, count: number): BetterSqlite3.Database {
  const sqlite = new BetterSqlite3(file);
  registerSqlFunctions(sqlite);
  migrate(drizzle(sqlite), { migrationsFolder: olderMigrationsFolder(count) });
  return sqlite;
}

/** For tests: a real database file in a fresh temp folder, with a clock the test controls. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DATABASE_FILE_NAME, openDatabase, type OpenedDatabase } from './connection';

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

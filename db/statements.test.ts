import { afterEach, describe, expect, it } from 'vitest';
import type { OpenedDatabase } from './connection';
import { cachedStatement } from './statements';
import { openTestDatabase } from './test-support';

let db: OpenedDatabase | null = null;
afterEach(() => db?.close());

describe('cachedStatement', () => {
  it('prepares a statement once per SQL and runs it with any values', () => {
    db = openTestDatabase();
    const first = cachedStatement(db, 'SELECT ? + 1 AS n');
    expect(cachedStatement(db, 'SELECT ? + 1 AS n')).toBe(first);
    expect(first.get(1)).toEqual({ n: 2 });
    expect(cachedStatement(db, 'SELECT ? + 1 AS n').get(41)).toEqual({ n: 42 });
    expect(cachedStatement(db, 'SELECT ? + 2 AS n')).not.toBe(first);
  });

  it('hands out a kept reader giving objects, whatever mode its last user left it in', () => {
    db = openTestDatabase();
    cachedStatement(db, 'SELECT 7 AS n').raw(true);
    expect(cachedStatement(db, 'SELECT 7 AS n').get()).toEqual({ n: 7 });
  });

  it('hands out a fresh statement while the kept one is still being read row by row', () => {
    db = openTestDatabase();
    const sql = 'SELECT value FROM json_each(?)';
    const kept = cachedStatement(db, sql);
    const rows = kept.iterate('[1, 2, 3]');
    rows.next();
    const beside = cachedStatement(db, sql);
    expect(beside).not.toBe(kept);
    expect(beside.all('[4]')).toEqual([{ value: 4 }]);
    rows.return?.();
    expect(cachedStatement(db, sql)).toBe(kept);
  });

  it('keeps at most 256 shapes, letting go of the one unused longest', () => {
    db = openTestDatabase();
    const opened = db;
    const oldest = cachedStatement(opened, 'SELECT 0');
    const used = cachedStatement(opened, 'SELECT 1');
    for (let n = 2; n < 256; n++) cachedStatement(opened, `SELECT ${n}`);
    // 256 shapes kept. `SELECT 0`, used again, is now the newest: the 257th shape lets go of `SELECT 1` instead.
    expect(cachedStatement(opened, 'SELECT 0')).toBe(oldest);
    cachedStatement(opened, 'SELECT 256');
    expect(cachedStatement(opened, 'SELECT 0')).toBe(oldest);
    expect(cachedStatement(opened, 'SELECT 1')).not.toBe(used);
  });
});

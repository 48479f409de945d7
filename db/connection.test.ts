import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { AppError } from '../common/errors';
import { DATABASE_FILE_NAME, openDatabase } from './connection';
import { getViews } from './repositories/views';
import { MIGRATIONS_FOLDER, olderDatabase, openTestDatabase, tempDir } from './test-support';

function tableNames(sqlite: BetterSqlite3.Database): string[] {
  return (sqlite.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`).all() as { name: string }[]).map(
    (row) => row.name,
  );
}

describe('openDatabase', () => {
  it('migrates an empty file to every table of the spec, FTS5 included, in WAL mode', () => {
    const db = openTestDatabase();
    const tables = tableNames(db.sqlite);
    for (const table of ['songs', 'songs_fts', 'views', 'directories', 'files', 'user_settings', 'subscription', 'sync_records', 'jobs', 'kv']) {
      expect(tables).toContain(table);
    }
    expect(db.sqlite.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.migration.applied).toBeGreaterThanOrEqual(2);
    expect(db.migration.backupPath).toBeNull();
    db.close();
  });

  it('creates the default views All Songs (custom) and Hidden (hidden) on first start', () => {
    const db = openTestDatabase();
    expect(getViews(db).map((view) => [view.title, view.type])).toEqual([
      ['All Songs', 'custom'],
      ['Hidden', 'hidden'],
    ]);
    db.close();
  });

  it('re-opens an up-to-date database without migrating, backing up or adding views again', () => {
    const dir = tempDir();
    openTestDatabase(undefined, dir).close();
    const again = openTestDatabase(undefined, dir);
    expect(again.migration).toEqual({ applied: 0, backupPath: null });
    expect(getViews(again)).toHaveLength(2);
    again.close();
  });

  it('queues custom fields made before they synced, so a first sync pushes them rather than removing them', () => {
    const file = path.join(tempDir(), DATABASE_FILE_NAME);
    const old = olderDatabase(file, 10);
    old.prepare(`INSERT INTO custom_fields (id, name, type, options, position, created_at, modified_at) VALUES ('field-1', 'Mood', 'text', '[]', 0, 1, 1)`).run();
    old.close();
    const current = openDatabase(file, { migrationsFolder: MIGRATIONS_FOLDER });
    const records = current.sqlite.prepare(`SELECT type, table_name AS "table", record_id AS recordId, synced FROM sync_records WHERE table_name = 'custom_fields'`).all();
    expect(records).toEqual([{ type: 'add', table: 'custom_fields', recordId: 'field-1', synced: 0 }]);
    current.close();
  });

  it('copies the file before a migration runs, and the copy holds the data as it was', () => {
    const dir = tempDir();
    const file = path.join(dir, DATABASE_FILE_NAME);
    const old = olderDatabase(file, 1);
    old.prepare(`INSERT INTO kv (key, value) VALUES ('marker', '"before"')`).run();
    old.close();

    const current = openDatabase(file, { migrationsFolder: MIGRATIONS_FOLDER });
    const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
    expect(current.migration.applied).toBe(journal.entries.length - 1);
    const backupPath = current.migration.backupPath;
    expect(backupPath).not.toBeNull();
    current.close();

    const backup = new BetterSqlite3(backupPath as string, { readonly: true });
    expect(backup.prepare(`SELECT value FROM kv WHERE key = 'marker'`).get()).toEqual({ value: '"before"' });
    expect(tableNames(backup)).not.toContain('songs_fts');
    backup.close();
  });

  it('dates every migration after the one before it: drizzle skips one older than the last applied', () => {
    const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as { entries: { when: number; tag: string }[] };
    const late = journal.entries.filter((entry, index) => index > 0 && entry.when <= (journal.entries[index - 1]?.when ?? 0));
    expect(late.map((entry) => entry.tag)).toEqual([]);
  });

  it('refuses a database written by a newer version and leaves the file untouched', () => {
    const dir = tempDir();
    const file = path.join(dir, DATABASE_FILE_NAME);
    openTestDatabase(undefined, dir).close();
    const raw = new BetterSqlite3(file);
    raw.prepare(`INSERT INTO __drizzle_migrations (hash, created_at) VALUES ('from-the-future', ?)`).run(Date.now() + 10 ** 9);
    raw.pragma('wal_checkpoint(TRUNCATE)');
    raw.close();
    const before = fs.readFileSync(file);

    let caught: unknown;
    try {
      openDatabase(file, { migrationsFolder: MIGRATIONS_FOLDER });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(AppError);
    expect((caught as AppError).code).toBe('db_too_new');
    expect((caught as AppError).message).toMatch(/newer version of Songshelf/);
    expect(fs.readFileSync(file).equals(before)).toBe(true);
  });

  it('answers a clear error, not a crash, for a file that is not a database', () => {
    const dir = tempDir();
    const file = path.join(dir, DATABASE_FILE_NAME);
    fs.writeFileSync(file, 'this is not sqlite'.repeat(100));
    expect(() => openDatabase(file, { migrationsFolder: MIGRATIONS_FOLDER })).toThrow(/Could not open the library database/);
  });
});

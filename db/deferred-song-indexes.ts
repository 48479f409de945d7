/**
 * A first scan into an empty library builds the songs' sort indexes and full-text index once, after its songs are
 * written, instead of keeping them up row by row (issue 45, measured in bench:scan's `index` phase: 20,000 songs
 * written with every index kept up took about twice as long as written bare and indexed after). A library that
 * already has songs keeps its indexes: its scans add few songs to many, where building again costs more.
 *
 * Nothing is lost to a crash in between: the indexes' own SQL is kept in `kv` in the same transaction that drops them,
 * and whoever finds it there builds them again (the scan when its songs are written, else the next open, before the
 * migrations, which may name those indexes), in one transaction with the full-text index filled again from the songs
 * as they are then, so it ends consistent whatever was written in between. The unique and the project-path indexes
 * stay (the scan and the writer look songs up by them), as do the indexes queries name by hand (`INDEXED BY`), and so do the full-text index's delete and update triggers:
 * an edit while the scan runs is kept in step, and the refill makes it right in any case.
 *
 * While deferred, the table's sorts read without their indexes (20,000 rows, milliseconds) and a search does not find
 * the songs the scan is writing until it ends.
 */
import type BetterSqlite3 from 'better-sqlite3';
import type { Db } from './handle';
import { INDEXES_NAMED_BY_QUERIES } from './schema';

const MARKER_KEY = 'scan.deferredSongIndexes';

/**
 * Never deferred: the project path's (the scan and the writer look songs up by it), and every index a query names
 * with INDEXED BY, which would otherwise fail ("no such index") for a search typed while the first scan writes.
 */
const KEPT_INDEXES = new Set(['songs_project_path', ...INDEXES_NAMED_BY_QUERIES]);
const DEFERRED_TRIGGERS = ['songs_fts_insert'];

interface Deferred {
  /** `CREATE INDEX` and `CREATE TRIGGER` statements, as sqlite_master held them. */
  statements: string[];
}

/**
 * Drops the sort indexes and the full-text index's insert trigger when the library has no song and nothing is deferred
 * already. Returns whether it did: the caller then restores them (`restoreSongIndexes`), in a `finally`.
 */
export function deferSongIndexes(db: Db): boolean {
  const { sqlite } = db;
  return sqlite.transaction(() => {
    if (sqlite.prepare('SELECT 1 FROM songs LIMIT 1').get() !== undefined) return false;
    if (markerOf(sqlite) !== null) return false;
    const indexes = (sqlite.pragma("index_list('songs')") as { name: string; unique: number; origin: string }[]).filter(
      (index) => index.origin === 'c' && index.unique === 0 && !KEPT_INDEXES.has(index.name),
    );
    const statements: string[] = [];
    const sqlOf = sqlite.prepare('SELECT sql FROM sqlite_master WHERE name = ? AND sql IS NOT NULL');
    for (const name of [...indexes.map((index) => index.name), ...DEFERRED_TRIGGERS]) {
      const row = sqlOf.get(name) as { sql: string } | undefined;
      if (row) statements.push(row.sql);
    }
    const deferred: Deferred = { statements };
    sqlite.prepare('INSERT INTO kv (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(MARKER_KEY, JSON.stringify(deferred));
    for (const index of indexes) sqlite.exec(`DROP INDEX "${index.name}"`);
    for (const trigger of DEFERRED_TRIGGERS) sqlite.exec(`DROP TRIGGER IF EXISTS "${trigger}"`);
    return true;
  })();
}

/**
 * Builds again what `deferSongIndexes` dropped and fills the full-text index from the songs, in one transaction;
 * nothing when nothing is deferred. Takes the bare connection: the database's open runs it before its migrations.
 * Returns whether it built anything.
 */
export function restoreSongIndexes(sqlite: BetterSqlite3.Database): boolean {
  const hasKv = sqlite.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'kv'").get() !== undefined;
  if (!hasKv) return false;
  return sqlite.transaction(() => {
    const deferred = markerOf(sqlite);
    if (deferred === null) return false;
    for (const statement of deferred.statements) sqlite.exec(statement);
    // The same text the insert trigger writes (migrations/0001_songs_fts.sql, refilled as 0015 does).
    sqlite.exec(`DELETE FROM songs_fts;
      INSERT INTO songs_fts (rowid, name, notes, tags, file_names)
        SELECT seq, name, notes,
          (SELECT group_concat(value, ' ') FROM json_each(songs.tags)),
          coalesce(file_name, '') || ' ' || coalesce(session_file_name, '')
        FROM songs;`);
    sqlite.prepare('DELETE FROM kv WHERE key = ?').run(MARKER_KEY);
    return true;
  })();
}

/** Whether the songs' indexes wait to be built (for tests and the benchmark). */
export function songIndexesDeferred(sqlite: BetterSqlite3.Database): boolean {
  return markerOf(sqlite) !== null;
}

function markerOf(sqlite: BetterSqlite3.Database): Deferred | null {
  const row = sqlite.prepare('SELECT value FROM kv WHERE key = ?').get(MARKER_KEY) as { value: string } | undefined;
  return row ? (JSON.parse(row.value) as Deferred) : null;
}

/**
 * The songs table's one writer (`repositories/song-writer.ts`), held by SQLite itself. Each connection gets temporary
 * triggers that run before every INSERT, UPDATE and DELETE of `main.songs` and call back into this module, which
 * refuses the write unless the writer's scope is open on that connection. The rule is the database's, not a reading
 * of the SQL, so no spelling passes it: a comment before the statement, `main.songs` or `"main"."songs"`, a WITH
 * clause, an upsert, `exec`, or a write made by another table's trigger. A refused write throws an `AppError`
 * (`internal`: it is a bug) before its row changes, and its statement is undone.
 *
 * The scope opens only through the function `claimSongWriterScope` hands out, and it hands it out once: the writer
 * claims it as it loads, so a second claim fails at once (and a module that claimed it first would make the writer
 * fail to load, which no test would miss).
 *
 * Not held here, on purpose: the migrations, which run before the triggers exist and rewrite songs as the schema's
 * own (`0012_key_spelling`), and another connection to the file (the app opens one; tests that need a row as an older
 * version left it write it so).
 */
import type BetterSqlite3 from 'better-sqlite3';
import { AppError } from '../common/errors';
import type { Db } from './handle';

export const OUTSIDE_SONG_WRITER = 'Only the songs writer (db/repositories/song-writer.ts) writes the songs table';

/** The SQL function the triggers call: it answers only while the writer's scope is open, and throws otherwise. */
const SCOPE_CHECK = 'song_writer_scope';

/** How deep the writer's calls are on each connection (they call each other; all are synchronous). */
const depths = new WeakMap<BetterSqlite3.Database, number>();

/**
 * Makes `sqlite` refuse any write of `songs` outside the writer's scope. Called once a connection is migrated. Each
 * row a write in the scope is about to change goes to `rowWritten` (its id), as SQLite names it: the change log tells
 * which songs a write changed by it (`change-log.ts`), whatever the statement's spelling.
 */
export function guardSongs(sqlite: BetterSqlite3.Database, rowWritten: (id: string) => void = () => {}): void {
  sqlite.function(SCOPE_CHECK, { deterministic: false }, (statement: unknown, id: unknown) => {
    if ((depths.get(sqlite) ?? 0) > 0) {
      rowWritten(String(id));
      return null;
    }
    throw new AppError('internal', `${OUTSIDE_SONG_WRITER}: ${String(statement)} of song ${String(id)} refused outside its scope`);
  });
  for (const [statement, row] of [['INSERT', 'new'], ['UPDATE', 'old'], ['DELETE', 'old']] as const) {
    sqlite.exec(
      `CREATE TEMP TRIGGER song_writer_only_${statement.toLowerCase()} BEFORE ${statement} ON main.songs ` +
        `BEGIN SELECT ${SCOPE_CHECK}('${statement}', ${row}.id); END`,
    );
  }
}

/** Runs `work` with the songs table open to it on `db`'s connection. */
export type SongWriterScope = <T>(db: Db, work: () => T) => T;

let claimed = false;

/** The writer's scope, handed out once: to `repositories/song-writer.ts`, as it loads. */
export function claimSongWriterScope(): SongWriterScope {
  if (claimed) throw new AppError('internal', `${OUTSIDE_SONG_WRITER}: its scope is claimed once, by the writer itself`);
  claimed = true;
  return (db, work) => {
    depths.set(db.sqlite, (depths.get(db.sqlite) ?? 0) + 1);
    try {
      return work();
    } finally {
      depths.set(db.sqlite, (depths.get(db.sqlite) ?? 1) - 1);
    }
  };
}

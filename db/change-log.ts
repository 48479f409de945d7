/**
 * The one change stream's source: every write statement on the database records the table it touched, a
 * transaction's records are kept until it commits (and dropped if it rolls back), and each committed change goes
 * to whoever is listening for it:
 *
 * - a call from the page (`capture`, used by the router) collects its changes, so its reply can carry them;
 * - everything else (scans, reads, sync, uploads) goes to the background listeners, which coalesce it;
 * - a write that queues something for the cloud (`pushNeeded`, called by the sync-record writer) wakes the sync.
 *
 * Nobody types by hand which tables a write touched: `recordWrites` reads it from the statement, and for `songs`
 * which fields, from the columns an UPDATE sets (so a status edit tells `status`, and a page re-reads rows only when
 * such a field can move them: `common/views/row-moves.ts`), and which songs: the ids of the rows SQLite's guard saw the
 * statement write (`song-writer-scope.ts`), so a page re-reads only the lists those songs are or may now be in. That
 * the songs writer (`repositories/song-writer.ts`) is the only one is not read from the SQL: SQLite holds it.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type BetterSqlite3 from 'better-sqlite3';
import { ChangeSet, MAX_TOLD_ROWS } from '../common/bridge/change-set';
import type { ChangedTable, CoreChanges } from '../common/bridge/ipc';
import { PLUGINS_HERE } from '../common/views/row-moves';
import { songFieldsOfColumns } from './rows/song-column-fields';

/** The database's tables, by what they feed on screen. Tables not listed (files, FTS) feed nothing here. */
const FEEDS: Readonly<Record<string, ChangedTable>> = {
  songs: 'songs',
  song_tags: 'songs',
  // What is installed here decides which of a song's plug-ins are missing: what pages show of its plug-ins changes.
  installed_plugins: 'songs',
  removed_by_sync: 'songs',
  views: 'views',
  custom_fields: 'custom_fields',
  directories: 'directories',
  user_settings: 'user_settings',
  subscription: 'subscription',
  sync_records: 'sync_records',
  kv: 'kv',
  jobs: 'jobs',
  // A song's links and what their listeners wrote: their repositories (repositories/song-shares.ts, song-comments.ts)
  // are the only writers, so the panel's Sharing and the player's pins follow the feed.
  song_shares: 'song_shares',
  song_comments: 'song_comments',
};

/** A job's lease renewed (its heartbeat) changes nothing a page shows. */
const JOB_HEARTBEAT = ['heartbeat_at', 'updated_at'];

/**
 * The fields a write statement changes, for the tables whose fields the pages tell apart; null: any. A song's are
 * its fields (`song-fields.ts`), read from the columns an UPDATE sets. An empty list: nothing a page shows.
 */
const FIELDS: Readonly<Record<string, (source: string) => string[] | null>> = {
  songs: (source) => {
    const columns = updatedColumns(source);
    return columns && songFieldsOfColumns(columns);
  },
  song_tags: () => ['tags'],
  installed_plugins: () => [PLUGINS_HERE],
  jobs: (source) => (updatedColumns(source)?.every((column) => JOB_HEARTBEAT.includes(column)) ? [] : null),
};

/** The statement itself, after an optional WITH clause. */
function mainStatement(source: string): string {
  return /^\s*with\b/i.test(source) ? source.slice(source.search(/\)\s*(insert|replace|update|delete)\b/i) + 1) : source;
}

/** The table an INSERT, REPLACE, UPDATE or DELETE writes (after an optional WITH clause), lower case, or null for a read. */
function targetTable(source: string): string | null {
  const match = /^\s*(?:insert(?:\s+or\s+\w+)?\s+into|replace\s+into|update(?:\s+or\s+\w+)?|delete\s+from)\s+["`[]?(\w+)/i.exec(mainStatement(source));
  return match ? match[1]!.toLowerCase() : null;
}

/** What a write statement feeds on screen, or null for a read or a table that feeds nothing. */
export function writtenTable(source: string): ChangedTable | null {
  const table = targetTable(source);
  return table === null ? null : (FEEDS[table] ?? null);
}

/** The fields of its table a write statement changes (see `FIELDS`): null for any, or a table not told apart. */
export function writtenFields(source: string): string[] | null {
  const table = targetTable(source);
  const fields = table === null ? undefined : FIELDS[table];
  return fields ? fields(source) : null;
}

/**
 * The columns an UPDATE sets, lower case, or null for another statement or a SET this does not read: each
 * assignment up to the next comma outside parentheses and quotes, until WHERE, RETURNING or FROM.
 */
export function updatedColumns(source: string): string[] | null {
  const statement = mainStatement(source);
  const head = /^\s*update(?:\s+or\s+\w+)?\s+["`[]?\w+["`\]]?\s+set\s/i.exec(statement);
  if (!head) return null;
  const columns: string[] = [];
  let start = head[0].length;
  let depth = 0;
  let quote: string | null = null;
  for (let at = start; at <= statement.length; at++) {
    const char = statement[at] ?? '';
    if (quote) {
      if (char === quote) quote = null;
      continue;
    }
    if (char === "'" || char === '"' || char === '`') quote = char;
    else if (char === '[') quote = ']';
    else if (char === '(') depth++;
    else if (char === ')') depth--;
    else if (depth === 0 && (char === '' || char === ',' || /^\s+(?:where|returning|from)\b/i.test(statement.slice(at, at + 12)))) {
      const column = /^\s*["`[]?(\w+)["`\]]?\s*=/.exec(statement.slice(start, at));
      if (!column) return null;
      columns.push(column[1]!.toLowerCase());
      if (char !== ',') return columns;
      start = at + 1;
    }
  }
  return null;
}

interface Frame {
  changes: ChangeSet;
  push: boolean;
}

/** A call's changes: open while the call runs; writes after it ended (work it started) are background. */
interface Scope {
  changes: ChangeSet;
  open: boolean;
}

type ChangesListener = (changes: ChangeSet) => void;

export class ChangeLog {
  private readonly scopes = new AsyncLocalStorage<Scope>();
  private readonly frames: Frame[] = [];
  private readonly background = new Set<ChangesListener>();
  private readonly pushListeners = new Set<() => void>();
  /** The songs each statement running now has written so far (statements do not nest; a stack all the same). */
  private readonly naming: Set<string>[] = [];
  private seq = 0;

  /** A write statement changed rows of `table`: these `fields` of them, or (null) any; these `rows`, or (null) any. */
  touched(table: ChangedTable, fields: readonly string[] | null = null, rows: readonly string[] | null = null): void {
    const frame = this.frames.at(-1);
    if (frame) frame.changes.add(table, fields, rows);
    else this.publish(changesOf(table, fields, rows), false);
  }

  /** SQLite is about to write the song `id` (its guard says so): the statement running now names it. */
  rowWritten(id: string): void {
    const rows = this.naming.at(-1);
    // One past the cap is enough to say "many".
    if (rows && rows.size <= MAX_TOLD_ROWS) rows.add(id);
  }

  /** Runs one write statement of songs, and returns with its value the ids of the songs SQLite saw it write. */
  namingRows<T>(statement: () => T): { value: T; rows: string[] } {
    const rows = new Set<string>();
    this.naming.push(rows);
    try {
      return { value: statement(), rows: [...rows] };
    } finally {
      this.naming.pop();
    }
  }

  /** A write queued something for the cloud: the sync should run once it commits. */
  pushNeeded(): void {
    const frame = this.frames.at(-1);
    if (frame) frame.push = true;
    else this.publish(new ChangeSet(), true);
  }

  /** Runs a transaction's work: what it records is published when the outermost one commits, never on rollback. */
  transaction<T>(work: () => T): T {
    const frame: Frame = { changes: new ChangeSet(), push: false };
    this.frames.push(frame);
    let value: T;
    try {
      value = work();
    } finally {
      this.frames.pop();
    }
    const parent = this.frames.at(-1);
    if (parent) {
      parent.changes.addChanges(frame.changes.describe());
      parent.push ||= frame.push;
    } else {
      this.publish(frame.changes, frame.push);
    }
    return value;
  }

  /** Runs one call from the page and returns, with its value, what its writes changed (numbered, or null). */
  async capture<T>(work: () => Promise<T> | T): Promise<{ value: T; changes: CoreChanges | null }> {
    const scope: Scope = { changes: new ChangeSet(), open: true };
    try {
      const value = await this.scopes.run(scope, work);
      return { value, changes: this.close(scope) };
    } catch (error) {
      // Writes committed before the failure happened all the same: they still go out, to everyone.
      scope.open = false;
      if (scope.changes.size > 0) for (const listener of this.background) listener(scope.changes);
      throw error;
    }
  }

  /** Changes made outside any call (background work). Returns the unsubscribe function. */
  onBackground(listener: ChangesListener): () => void {
    this.background.add(listener);
    return () => this.background.delete(listener);
  }

  /** Writes that queued something for the cloud. Returns the unsubscribe function. */
  onPushNeeded(listener: () => void): () => void {
    this.pushListeners.add(listener);
    return () => this.pushListeners.delete(listener);
  }

  /** Numbers a set of changes, so that a page told twice (its reply and the event) applies them once. */
  number(changes: ChangeSet): CoreChanges {
    return { ...changes.describe(), seq: ++this.seq };
  }

  private close(scope: Scope): CoreChanges | null {
    scope.open = false;
    return scope.changes.size > 0 ? this.number(scope.changes) : null;
  }

  private publish(changes: ChangeSet, push: boolean): void {
    if (push) for (const listener of this.pushListeners) listener();
    if (changes.size === 0) return;
    const scope = this.scopes.getStore();
    if (scope?.open) {
      scope.changes.addChanges(changes.describe());
      return;
    }
    for (const listener of this.background) listener(changes);
  }
}

function changesOf(table: ChangedTable, fields: readonly string[] | null, rows: readonly string[] | null): ChangeSet {
  const changes = new ChangeSet();
  changes.add(table, fields, rows);
  return changes;
}

type Runner = (...params: unknown[]) => unknown;

/**
 * Makes every write statement prepared on `sqlite` from now on record its table in `log` when it changes rows. A
 * statement with RETURNING is read with `get`/`all`, which do not say how many rows changed: a row back counts; read
 * row by row (`iterate`: nothing here iterates a write), it is not told. `exec` is not covered: it runs the
 * migrations' SQL, and nothing else uses it.
 */
export function recordWrites(sqlite: BetterSqlite3.Database, log: ChangeLog): void {
  const prepare = sqlite.prepare.bind(sqlite);
  sqlite.prepare = ((source: string) => {
    const statement = prepare(source);
    const target = targetTable(source);
    const fed = target === null ? null : (FEEDS[target] ?? null);
    const fieldsOf = target === null ? undefined : FIELDS[target];
    const fields = fed && fieldsOf ? fieldsOf(source) : null;
    // Told when it changes rows a page shows; a write that changes nothing shown (a job's heartbeat) is not told.
    const table = fields?.length === 0 ? null : fed;
    if (!table) return statement;
    const tell = (rows: readonly string[] | null) => log.touched(table, fields, rows);
    // A write of songs names its rows; another table's (what is installed here, which changes what songs show) none.
    const named = <T>(runner: Runner, params: unknown[]): { value: T; rows: string[] | null } =>
      target === 'songs' ? log.namingRows(() => runner(...params) as T) : { value: runner(...params) as T, rows: null };
    const run = statement.run.bind(statement) as Runner;
    const get = statement.get.bind(statement) as Runner;
    const all = statement.all.bind(statement) as Runner;
    Object.assign(statement, {
      run: (...params: unknown[]) => {
        const { value: result, rows } = named<BetterSqlite3.RunResult>(run, params);
        // More rows changed than SQLite named (none should be): any rows.
        if (result.changes > 0) tell(rows && rows.length >= Math.min(result.changes, MAX_TOLD_ROWS) ? rows : null);
        return result;
      },
      get: (...params: unknown[]) => {
        const { value: row, rows } = named<unknown>(get, params);
        if (row !== undefined) tell(rows?.length ? rows : null);
        return row;
      },
      all: (...params: unknown[]) => {
        const { value: found, rows } = named<unknown[]>(all, params);
        if (found.length > 0) tell(rows && rows.length >= Math.min(found.length, MAX_TOLD_ROWS) ? rows : null);
        return found;
      },
    });
    return statement;
  }) as typeof sqlite.prepare;
}

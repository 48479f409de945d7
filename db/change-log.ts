/**
 * The one change stream's source: every write statement on the database records the table it touched, a
 * transaction's records are kept until it commits (and dropped if it rolls back), and each committed change goes
 * to whoever is listening for it:
 *
 * - a call from the page (`capture`, used by the router) collects its changes, so its reply can carry them;
 * - everything else (scans, reads, sync, uploads) goes to the background listeners, which coalesce it;
 * - a write that queues something for the cloud (`pushNeeded`, called by the sync-record writer) wakes the sync.
 *
 * Nobody types by hand which tables a write touched: `recordWrites` reads it from the statement.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type BetterSqlite3 from 'better-sqlite3';
import type { ChangedTable, CoreChanges } from '../common/ipc';

/** The database's tables, by what they feed on screen. Tables not listed (jobs, files, FTS) feed nothing here. */
const FEEDS: Readonly<Record<string, ChangedTable>> = {
  songs: 'songs',
  song_tags: 'songs',
  removed_by_sync: 'songs',
  views: 'views',
  custom_fields: 'custom_fields',
  directories: 'directories',
  user_settings: 'user_settings',
  subscription: 'subscription',
  sync_records: 'sync_records',
  kv: 'kv',
};

/** The table an INSERT, REPLACE, UPDATE or DELETE writes (after an optional WITH clause), or null for a read. */
export function writtenTable(source: string): ChangedTable | null {
  const statement = /^\s*with\b/i.test(source) ? source.slice(source.search(/\)\s*(insert|replace|update|delete)\b/i) + 1) : source;
  const match = /^\s*(?:insert(?:\s+or\s+\w+)?\s+into|replace\s+into|update(?:\s+or\s+\w+)?|delete\s+from)\s+["`[]?(\w+)/i.exec(statement);
  return match ? (FEEDS[match[1]!.toLowerCase()] ?? null) : null;
}

interface Frame {
  tables: Set<ChangedTable>;
  push: boolean;
}

/** A call's changes: open while the call runs; writes after it ended (work it started) are background. */
interface Scope {
  tables: Set<ChangedTable>;
  open: boolean;
}

type TablesListener = (tables: ChangedTable[]) => void;

export class ChangeLog {
  private readonly scopes = new AsyncLocalStorage<Scope>();
  private readonly frames: Frame[] = [];
  private readonly background = new Set<TablesListener>();
  private readonly pushListeners = new Set<() => void>();
  private seq = 0;

  /** A write statement changed rows of `table`. */
  touched(table: ChangedTable): void {
    const frame = this.frames.at(-1);
    if (frame) frame.tables.add(table);
    else this.publish(new Set([table]), false);
  }

  /** A write queued something for the cloud: the sync should run once it commits. */
  pushNeeded(): void {
    const frame = this.frames.at(-1);
    if (frame) frame.push = true;
    else this.publish(new Set(), true);
  }

  /** Runs a transaction's work: what it records is published when the outermost one commits, never on rollback. */
  transaction<T>(work: () => T): T {
    const frame: Frame = { tables: new Set(), push: false };
    this.frames.push(frame);
    let value: T;
    try {
      value = work();
    } finally {
      this.frames.pop();
    }
    const parent = this.frames.at(-1);
    if (parent) {
      for (const table of frame.tables) parent.tables.add(table);
      parent.push ||= frame.push;
    } else {
      this.publish(frame.tables, frame.push);
    }
    return value;
  }

  /** Runs one call from the page and returns, with its value, what its writes changed (numbered, or null). */
  async capture<T>(work: () => Promise<T> | T): Promise<{ value: T; changes: CoreChanges | null }> {
    const scope: Scope = { tables: new Set(), open: true };
    try {
      const value = await this.scopes.run(scope, work);
      return { value, changes: this.close(scope) };
    } catch (error) {
      // Writes committed before the failure happened all the same: they still go out, to everyone.
      scope.open = false;
      if (scope.tables.size > 0) for (const listener of this.background) listener([...scope.tables]);
      throw error;
    }
  }

  /** Changes made outside any call (background work). Returns the unsubscribe function. */
  onBackground(listener: TablesListener): () => void {
    this.background.add(listener);
    return () => this.background.delete(listener);
  }

  /** Writes that queued something for the cloud. Returns the unsubscribe function. */
  onPushNeeded(listener: () => void): () => void {
    this.pushListeners.add(listener);
    return () => this.pushListeners.delete(listener);
  }

  /** Numbers a set of changes, so that a page told twice (its reply and the event) applies them once. */
  number(tables: Iterable<ChangedTable>): CoreChanges {
    return { tables: [...tables], seq: ++this.seq };
  }

  private close(scope: Scope): CoreChanges | null {
    scope.open = false;
    return scope.tables.size > 0 ? this.number(scope.tables) : null;
  }

  private publish(tables: Set<ChangedTable>, push: boolean): void {
    if (push) for (const listener of this.pushListeners) listener();
    if (tables.size === 0) return;
    const scope = this.scopes.getStore();
    if (scope?.open) {
      for (const table of tables) scope.tables.add(table);
      return;
    }
    for (const listener of this.background) listener([...tables]);
  }
}

type Runner = (...params: unknown[]) => unknown;

/**
 * Makes every write statement prepared on `sqlite` from now on record its table in `log` when it changes rows. A
 * statement with RETURNING is read with `get`/`all`, which do not say how many rows changed: a row back counts.
 */
export function recordWrites(sqlite: BetterSqlite3.Database, log: ChangeLog): void {
  const prepare = sqlite.prepare.bind(sqlite);
  sqlite.prepare = ((source: string) => {
    const statement = prepare(source);
    const table = writtenTable(source);
    if (!table) return statement;
    const run = statement.run.bind(statement) as Runner;
    const get = statement.get.bind(statement) as Runner;
    const all = statement.all.bind(statement) as Runner;
    Object.assign(statement, {
      run: (...params: unknown[]) => {
        const result = run(...params) as BetterSqlite3.RunResult;
        if (result.changes > 0) log.touched(table);
        return result;
      },
      get: (...params: unknown[]) => {
        const row = get(...params);
        if (row !== undefined) log.touched(table);
        return row;
      },
      all: (...params: unknown[]) => {
        const rows = all(...params) as unknown[];
        if (rows.length > 0) log.touched(table);
        return rows;
      },
    });
    return statement;
  }) as typeof sqlite.prepare;
}

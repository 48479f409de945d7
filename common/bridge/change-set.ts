/**
 * What writes changed, table by table, with the fields of each when every write to it named them and the rows when
 * every write to it named those: an edit of a song's status names `status` (and the times it stamps) and the song's
 * id; an insert or a delete names no fields, but its rows; a write of a table whose rows nobody counts (what is
 * installed here) names none, and then any row may have changed. Built by the core's change log, coalesced by its
 * notifier and by the page's feed, so "which fields" and "which rows" are merged the same way everywhere: once any
 * write of a table names no fields (no rows), the table's fields (rows) are unknown, and so are its rows past
 * `MAX_TOLD_ROWS` (a scan, a bulk edit of 50,000 songs: a page reads again whatever it shows).
 */
import type { ChangedFields, ChangedRows, ChangedTable, CoreChanges } from './ipc';

/** Past this many ids a change says "many rows" (unknown): a page would read as much as it holds anyway. */
export const MAX_TOLD_ROWS = 1000;

export class ChangeSet {
  /** Per table, the fields changed; null: any. */
  private readonly byTable = new Map<ChangedTable, Set<string> | null>();
  /** Per table, the ids of its rows changed; null: any. */
  private readonly rowsByTable = new Map<ChangedTable, Set<string> | null>();

  /** Writes changed `table`: these `fields` of it, or (null) any; these `rows` (their ids), or (null) any. */
  add(table: ChangedTable, fields: readonly string[] | null, rows: readonly string[] | null = null): void {
    this.addRows(table, rows);
    const known = this.byTable.get(table);
    if (known === null) return;
    if (fields === null) this.byTable.set(table, null);
    else if (known === undefined) this.byTable.set(table, new Set(fields));
    else for (const field of fields) known.add(field);
  }

  /** Adds what another set of changes (a reply's, an event's) says. */
  addChanges(changes: { tables: readonly ChangedTable[]; fields?: ChangedFields | undefined; rows?: ChangedRows | undefined }): void {
    for (const table of changes.tables) this.add(table, changes.fields?.[table] ?? null, changes.rows?.[table] ?? null);
  }

  get size(): number {
    return this.byTable.size;
  }

  get tables(): ChangedTable[] {
    return [...this.byTable.keys()];
  }

  has(table: ChangedTable): boolean {
    return this.byTable.has(table);
  }

  /** The fields of `table` that changed, or null when any may have (or the table did not change: see `has`). */
  fieldsOf(table: ChangedTable): string[] | null {
    const fields = this.byTable.get(table);
    return fields ? [...fields] : null;
  }

  /** The ids of the rows of `table` that changed, or null when any may have (or the table did not change). */
  rowsOf(table: ChangedTable): string[] | null {
    const rows = this.rowsByTable.get(table);
    return rows ? [...rows] : null;
  }

  /** The tables and, for those whose fields (rows) are known, the fields (rows): what `CoreChanges` carries, less its number. */
  describe(): Omit<CoreChanges, 'seq'> {
    const fields: ChangedFields = {};
    for (const [table, known] of this.byTable) if (known) fields[table] = [...known];
    const rows: ChangedRows = {};
    for (const [table, known] of this.rowsByTable) if (known) rows[table] = [...known];
    return {
      tables: this.tables,
      ...(Object.keys(fields).length > 0 ? { fields } : {}),
      ...(Object.keys(rows).length > 0 ? { rows } : {}),
    };
  }

  private addRows(table: ChangedTable, rows: readonly string[] | null): void {
    const known = this.rowsByTable.get(table);
    // A table changed by a write that named no rows stays "any row".
    if (known === null) return;
    if (rows === null || rows.length > MAX_TOLD_ROWS) {
      this.rowsByTable.set(table, null);
      return;
    }
    const ids = known ?? new Set<string>();
    for (const id of rows) ids.add(id);
    this.rowsByTable.set(table, ids.size > MAX_TOLD_ROWS ? null : ids);
  }
}

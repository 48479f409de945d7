/**
 * What writes changed, table by table, with the fields of each when every write to it named them: an edit of a
 * song's status names `status` (and the times it stamps); an insert, a delete or a whole-row write names none, and
 * then any field may have changed. Built by the core's change log, coalesced by its notifier and by the page's feed,
 * so "which fields" is merged the same way everywhere: once any write of a table names no fields, the table's fields
 * are unknown.
 */
import type { ChangedFields, ChangedTable, CoreChanges } from './ipc';

export class ChangeSet {
  /** Per table, the fields changed; null: any. */
  private readonly byTable = new Map<ChangedTable, Set<string> | null>();

  /** Writes changed `table`: these `fields` of it, or (null) any. */
  add(table: ChangedTable, fields: readonly string[] | null): void {
    const known = this.byTable.get(table);
    if (known === null) return;
    if (fields === null) this.byTable.set(table, null);
    else if (known === undefined) this.byTable.set(table, new Set(fields));
    else for (const field of fields) known.add(field);
  }

  /** Adds what another set of changes (a reply's, an event's) says. */
  addChanges(changes: { tables: readonly ChangedTable[]; fields?: ChangedFields | undefined }): void {
    for (const table of changes.tables) this.add(table, changes.fields?.[table] ?? null);
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

  /** The tables and, for those whose fields are known, the fields: what `CoreChanges` carries, less its number. */
  describe(): Omit<CoreChanges, 'seq'> {
    const fields: ChangedFields = {};
    for (const [table, known] of this.byTable) if (known) fields[table] = [...known];
    return Object.keys(fields).length > 0 ? { tables: this.tables, fields } : { tables: this.tables };
  }
}

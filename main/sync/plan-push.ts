/**
 * What a push sends: the last record of each row decides (a row written many times goes once, in the order of its
 * last write), an upsert or a deletion. At the storage cap, rows new to the cloud of a table that waits there
 * (`waitsAtStorageCap`: songs) are held back, their records left unsynced, while edits and deletions go on.
 */
import type { SyncedTable } from '../../common/cloud/account';
import type { SyncRecordRef } from '../../db/repositories/sync-records';
import { syncedTableEntries, syncedTables } from './synced-tables';

export interface PushPlan {
  /** Ids to send, by table, in the order of their last records. */
  upserts: Record<SyncedTable, string[]>;
  /** Ids to delete in the cloud, by table (a table of one row per account is never deleted: it is sent). */
  deletes: Record<SyncedTable, string[]>;
  /** `table:id` -> the records that go with it (held-back rows have none: they stay unsynced). */
  recordIds: Map<string, number[]>;
}

export function planPush(records: SyncRecordRef[], storageFull: boolean): PushPlan {
  const latest = new Map<string, SyncRecordRef>();
  const recordIds = new Map<string, number[]>();
  const added = new Set<string>();
  for (const record of records) {
    const key = `${record.table}:${record.recordId}`;
    latest.delete(key);
    latest.set(key, record);
    const ids = recordIds.get(key);
    if (ids) ids.push(record.id);
    else recordIds.set(key, [record.id]);
    if (record.type === 'add') added.add(key);
  }
  const plan: PushPlan = { upserts: byTable(), deletes: byTable(), recordIds };
  for (const [key, record] of latest) {
    const entry = syncedTables[record.table];
    if (entry.kind === 'rows' && record.type === 'delete') plan.deletes[record.table].push(record.recordId);
    else if (entry.kind === 'rows' && entry.waitsAtStorageCap && storageFull && added.has(key)) recordIds.delete(key);
    else plan.upserts[record.table].push(record.recordId);
  }
  return plan;
}

function byTable(): Record<SyncedTable, string[]> {
  return Object.fromEntries(syncedTableEntries.map(([table]): [SyncedTable, string[]] => [table, []])) as Record<SyncedTable, string[]>;
}

/**
 * Sync records: every write of a song, view or settings row appends one here, in the same transaction, so a
 * change can never be saved without also being queued for the cloud. A record says which row changed and how (its
 * kind and id): the push sends the row as it is then, so the core writes no copy of it. `data` is kept only for the
 * spec's `db:add-sync-record` callers, who may attach their own.
 */
import { and, asc, count, eq, gt, inArray } from 'drizzle-orm';
import type { NewSyncRecord, SyncRecord, SyncRecordType, SyncedTable } from '../../common/cloud/account';
import type { JsonValue } from '../../common/bridge/schema-parts';
import type { Db } from '../handle';
import { insertRows } from '../prepared-writes';
import { parseJsonColumn } from '../rows/json-column';
import { syncRecords } from '../schema';

/** A record to write: its kind and the row's id, and `data` only from `db:add-sync-record`. */
export type SyncRecordWrite = Omit<NewSyncRecord, 'data'> & { data?: JsonValue };

export function writeSyncRecord(db: Db, record: SyncRecordWrite): SyncRecord {
  const row = db.orm
    .insert(syncRecords)
    .values({
      type: record.type,
      tableName: record.table,
      recordId: record.recordId,
      data: JSON.stringify(record.data ?? null),
      timestamp: db.now(),
    })
    .returning()
    .get();
  db.changes.pushNeeded();
  return syncRecordFromRow(row);
}

/** Many records at once, for bulk writes (a first scan adds thousands of songs). */
export function writeSyncRecords(db: Db, records: SyncRecordWrite[]): void {
  if (records.length === 0) return;
  const timestamp = db.now();
  db.changes.pushNeeded();
  insertRows(
    db,
    syncRecords,
    records.map((record) => ({ type: record.type, tableName: record.table, recordId: record.recordId, data: JSON.stringify(record.data ?? null), timestamp })),
  );
}

/**
 * Queues an `add` of every row of `table` (that `where`, on `row`, selects) not already waiting, oldest first, in
 * one statement. Returns how many it queued.
 */
export function queueAllRows(db: Db, table: 'songs' | 'views' | 'custom_fields', where = 'TRUE'): number {
  const queued = db.sqlite
    .prepare(
      `INSERT INTO sync_records (type, table_name, record_id, data, timestamp, synced)
       SELECT 'add', '${table}', row.id, 'null', ?, 0 FROM ${table} row
       WHERE row.id NOT IN (SELECT record_id FROM sync_records WHERE synced = 0 AND table_name = '${table}') AND ${where}
       ORDER BY row.created_at`,
    )
    .run(db.now()).changes;
  if (queued > 0) db.changes.pushNeeded();
  return queued;
}

/** Unsynced records, oldest first: they are pushed in the order they were written. */
export function getUnsyncedChanges(db: Db, limit = 1000): SyncRecord[] {
  return db.orm
    .select()
    .from(syncRecords)
    .where(eq(syncRecords.synced, false))
    .orderBy(asc(syncRecords.id))
    .limit(limit)
    .all()
    .map(syncRecordFromRow);
}

/** What a push needs to know of unsynced records (it sends rows as they are now, not the records' copies). */
export type SyncRecordRef = Pick<SyncRecord, 'id' | 'type' | 'table' | 'recordId'>;

/** Unsynced records after `afterId`, oldest first, without their data. */
export function getUnsyncedRefs(db: Db, limit: number, afterId = 0): SyncRecordRef[] {
  return db.orm
    .select({ id: syncRecords.id, type: syncRecords.type, table: syncRecords.tableName, recordId: syncRecords.recordId })
    .from(syncRecords)
    .where(and(eq(syncRecords.synced, false), gt(syncRecords.id, afterId)))
    .orderBy(asc(syncRecords.id))
    .limit(limit)
    .all()
    .map((row) => ({ id: row.id, type: row.type as SyncRecordType, table: row.table as SyncedTable, recordId: row.recordId }));
}

export function countUnsynced(db: Db): number {
  return db.orm.select({ count: count() }).from(syncRecords).where(eq(syncRecords.synced, false)).get()?.count ?? 0;
}

export function markSynced(db: Db, ids: number[]): number {
  if (ids.length === 0) return 0;
  const result = db.orm
    .update(syncRecords)
    .set({ synced: true, syncedAt: db.now() })
    .where(and(inArray(syncRecords.id, ids), eq(syncRecords.synced, false)))
    .run();
  return result.changes;
}

/** How many of the records `ids` names are marked synced (a push took them). */
export function countSynced(db: Db, ids: number[]): number {
  if (ids.length === 0) return 0;
  return db.orm.select({ count: count() }).from(syncRecords).where(and(inArray(syncRecords.id, ids), eq(syncRecords.synced, true))).get()?.count ?? 0;
}

/** Whether the record has changes that have not reached the cloud yet. */
export function hasUnsyncedChanges(db: Db, table: SyncedTable, recordId: string): boolean {
  const row = db.orm
    .select({ id: syncRecords.id })
    .from(syncRecords)
    .where(and(eq(syncRecords.tableName, table), eq(syncRecords.recordId, recordId), eq(syncRecords.synced, false)))
    .limit(1)
    .get();
  return row !== undefined;
}

/** Whether any change of the record has reached the cloud (a record of it was pushed); false for one it never heard of. */
export function hasReachedCloud(db: Db, table: SyncedTable, recordId: string): boolean {
  const row = db.orm
    .select({ id: syncRecords.id })
    .from(syncRecords)
    .where(and(eq(syncRecords.tableName, table), eq(syncRecords.recordId, recordId), eq(syncRecords.synced, true)))
    .limit(1)
    .get();
  return row !== undefined;
}

function syncRecordFromRow(row: typeof syncRecords.$inferSelect): SyncRecord {
  return {
    id: row.id,
    type: row.type as SyncRecordType,
    table: row.tableName as SyncedTable,
    recordId: row.recordId,
    data: parseJsonColumn<JsonValue>(row.data, null),
    timestamp: row.timestamp,
    synced: row.synced,
  };
}

/**
 * Sync records: every write of a song, view or settings row appends one here, in the same transaction, so a
 * change can never be saved without also being queued for the cloud.
 */
import { and, asc, count, eq, gt, inArray } from 'drizzle-orm';
import type { NewSyncRecord, SyncRecord, SyncRecordType, SyncedTable } from '../../common/account';
import type { JsonValue } from '../../common/schema-parts';
import type { Db } from '../handle';
import { insertRows } from '../prepared-writes';
import { parseJsonColumn } from '../rows/json-column';
import { syncRecords } from '../schema';

export function writeSyncRecord(db: Db, record: NewSyncRecord): SyncRecord {
  const row = db.orm
    .insert(syncRecords)
    .values({
      type: record.type,
      tableName: record.table,
      recordId: record.recordId,
      data: JSON.stringify(record.data),
      timestamp: db.now(),
    })
    .returning()
    .get();
  return syncRecordFromRow(row);
}

/** Many records at once, for bulk writes (a first scan adds thousands of songs). */
export function writeSyncRecords(db: Db, records: NewSyncRecord[]): void {
  const timestamp = db.now();
  insertRows(
    db,
    syncRecords,
    records.map((record) => ({ type: record.type, tableName: record.table, recordId: record.recordId, data: JSON.stringify(record.data), timestamp })),
  );
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

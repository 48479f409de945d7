/**
 * After a pull: what the cloud no longer holds is removed here too (spec section 4), except what would lose the
 * user's work: songs created in the last 5 minutes or after the last sync, records with changes not yet pushed,
 * and the views that never sync (Hidden, the folder views, this device's All Songs). Custom fields go the same way
 * (their values went with the songs the other device changed). Removed songs go to Hidden for 30 days, views and
 * fields leave a copy (`removed-by-sync.ts`). Mirroring the cloud writes no sync record: there is nothing to push
 * back.
 *
 * Whether a pass may remove at all is the caller's to decide (sync's brake, main/sync/removal-brake.ts): `planRemovals`
 * says what it would remove and out of how many songs, `applyRemovals` does it.
 */
import { eq, isNull, sql } from 'drizzle-orm';
import { SYNC_RECENT_SONG_GRACE_MS } from '../../common/constants';
import { inTransaction, type Db } from '../handle';
import { customFields, songs, views } from '../schema';
import { defaultViewId } from '../seed';
import { getLastSync } from './account';
import { markSongsRemoved, removeRecorded, unmarkSongsBackInCloud } from './removed-by-sync';
import { hasUnsyncedChanges } from './sync-records';

export type RemovableTable = 'songs' | 'views' | 'custom_fields';

/** Every id the cloud holds for the account, by table (the cloud's `sync_ids`). */
export type CloudIds = Record<RemovableTable, string[]>;

export interface RemovalPlan {
  /** Ids to remove here, by table. */
  ids: Record<RemovableTable, string[]>;
  /** The songs here a pull could remove (every song but those already waiting in Hidden for this reason). */
  librarySongs: number;
  /** The cloud holds nothing at all for the account. */
  cloudEmpty: boolean;
}

export interface Removed {
  songs: string[];
  /** Names of the views and fields removed. */
  views: string[];
  customFields: string[];
}

export function planRemovals(db: Db, cloud: CloudIds, now = db.now()): RemovalPlan {
  const ids = {
    songs: missingFromCloud(db, 'songs', new Set(cloud.songs), now),
    views: missingFromCloud(db, 'views', new Set(cloud.views), now),
    custom_fields: missingFromCloud(db, 'custom_fields', new Set(cloud.custom_fields), now),
  };
  const library = db.orm.select({ n: sql<number>`count(*)` }).from(songs).where(isNull(songs.removedBySyncAt)).get();
  const cloudEmpty = cloud.songs.length === 0 && cloud.views.length === 0 && cloud.custom_fields.length === 0;
  return { ids, librarySongs: library?.n ?? 0, cloudEmpty };
}

/** Removes what the plan names, in one transaction. */
export function applyRemovals(db: Db, plan: RemovalPlan, now = db.now()): Removed {
  return inTransaction(db, () => {
    markSongsRemoved(db, plan.ids.songs, now);
    return { songs: plan.ids.songs, views: removeRecorded(db, 'views', plan.ids.views, now), customFields: removeRecorded(db, 'custom_fields', plan.ids.custom_fields, now) };
  });
}

/** `db:clean-deleted` (the spec's channel): one table, no brake; removes as a pull does. Returns the ids removed. */
export function cleanDeleted(db: Db, input: { table: RemovableTable; cloudIds: string[]; now?: number }): string[] {
  const now = input.now ?? db.now();
  return inTransaction(db, () => {
    const ids = missingFromCloud(db, input.table, new Set(input.cloudIds), now);
    if (input.table === 'songs') {
      unmarkSongsBackInCloud(db, new Set(input.cloudIds));
      markSongsRemoved(db, ids, now);
    } else removeRecorded(db, input.table, ids, now);
    return ids;
  });
}

function missingFromCloud(db: Db, table: RemovableTable, inCloud: Set<string>, now: number): string[] {
  const missing = table === 'songs' ? songsMissingFromCloud(db, inCloud, now) : table === 'views' ? viewsMissingFromCloud(db, inCloud) : fieldsMissingFromCloud(db, inCloud);
  return missing.filter((id) => !hasUnsyncedChanges(db, table, id));
}

/** Songs past their grace, not already waiting in Hidden for this reason. */
function songsMissingFromCloud(db: Db, inCloud: Set<string>, now: number): string[] {
  const lastSync = getLastSync(db) ?? 0;
  const keepAfter = Math.min(now - SYNC_RECENT_SONG_GRACE_MS, lastSync);
  return db.orm
    .select({ id: songs.id, createdAt: songs.createdAt })
    .from(songs)
    .where(isNull(songs.removedBySyncAt))
    .all()
    .filter((row) => !inCloud.has(row.id) && row.createdAt <= keepAfter)
    .map((row) => row.id);
}

/** Custom views only, and never this device's own All Songs (it does not sync: `defaultViewId`). */
function viewsMissingFromCloud(db: Db, inCloud: Set<string>): string[] {
  const own = defaultViewId(db);
  return db.orm
    .select({ id: views.id })
    .from(views)
    .where(eq(views.type, 'custom'))
    .all()
    .filter((row) => !inCloud.has(row.id) && row.id !== own)
    .map((row) => row.id);
}

function fieldsMissingFromCloud(db: Db, inCloud: Set<string>): string[] {
  return db.orm.select({ id: customFields.id }).from(customFields).all().map((row) => row.id).filter((id) => !inCloud.has(id));
}

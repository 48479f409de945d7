/**
 * After a pull: what the cloud no longer holds is deleted here too (spec section 4), except what would lose
 * the user's work: songs created in the last 5 minutes or after the last sync, records with changes not yet
 * pushed, and the views that never sync (Hidden, the folder views, this device's All Songs). Custom fields go the
 * same way (their values went with the songs the other device changed). Mirroring the cloud writes no sync
 * record: there is nothing to push back.
 */
import { eq, inArray } from 'drizzle-orm';
import { SYNC_RECENT_SONG_GRACE_MS } from '../../common/constants';
import { inTransaction, type Db } from '../connection';
import { customFields, songs, views } from '../schema';
import { defaultViewId } from '../seed';
import { getLastSync } from './account';
import { hasUnsyncedChanges } from './sync-records';

export function cleanDeleted(
  db: Db,
  input: { table: 'songs' | 'views' | 'custom_fields'; cloudIds: string[]; now?: number },
): string[] {
  const now = input.now ?? db.now();
  const inCloud = new Set(input.cloudIds);
  return inTransaction(db, () => {
    const doomed =
      input.table === 'songs'
        ? songsMissingFromCloud(db, inCloud, now)
        : input.table === 'views'
          ? viewsMissingFromCloud(db, inCloud)
          : db.orm.select({ id: customFields.id }).from(customFields).all().map((row) => row.id).filter((id) => !inCloud.has(id));
    const unpushed = doomed.filter((id) => !hasUnsyncedChanges(db, input.table, id));
    const table = { songs, views, custom_fields: customFields }[input.table];
    for (let i = 0; i < unpushed.length; i += 500) db.orm.delete(table).where(inArray(table.id, unpushed.slice(i, i + 500))).run();
    return unpushed;
  });
}

function songsMissingFromCloud(db: Db, inCloud: Set<string>, now: number): string[] {
  const lastSync = getLastSync(db) ?? 0;
  const keepAfter = Math.min(now - SYNC_RECENT_SONG_GRACE_MS, lastSync);
  return db.orm
    .select({ id: songs.id, createdAt: songs.createdAt })
    .from(songs)
    .all()
    .filter((row) => !inCloud.has(row.id) && row.createdAt <= keepAfter)
    .map((row) => row.id);
}

/** Custom views only, and never this device's own All Songs (it does not sync: `defaultViewId`). */
function viewsMissingFromCloud(db: Db, inCloud: Set<string>): string[] {
  const own = defaultViewId(db);
  return db.orm
    .select({ id: views.id, type: views.type })
    .from(views)
    .where(eq(views.type, 'custom'))
    .all()
    .filter((row) => !inCloud.has(row.id) && row.id !== own)
    .map((row) => row.id);
}

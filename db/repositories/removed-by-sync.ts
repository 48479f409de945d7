/**
 * What a pull removed, kept 30 days (`SYNC_REMOVED_KEPT_MS`) so a removal is never silent nor beyond recovery:
 *
 * - a song stays in `songs`, hidden, with `removed_by_sync_at`: the user sees it in the Hidden view and restores it
 *   there (any write of the song clears the mark, `songToColumns`; the edit's sync record takes it back to the
 *   cloud). A marked song the cloud holds again (restored on another device) loses its mark;
 * - a custom view or field is deleted, its data copied to `removed_by_sync`.
 *
 * After 30 days both go for good; a marked song that is no longer hidden, or has a change not yet pushed, never does.
 */
import { and, eq, isNotNull, lte } from 'drizzle-orm';
import { SYNC_REMOVED_KEPT_MS } from '../../common/constants';
import type { Db } from '../handle';
import { removedBySync, songs } from '../schema';
import { listCustomFields, removeFieldsForGood } from './custom-fields';
import { deleteSongs, markRemovedBySync, unmarkRemovedBySync } from './song-writer';
import { hasUnsyncedChanges } from './sync-records';
import { getViews, removeViewsForGood } from './views';


/** Moves songs to Hidden, marked with the time; no new `modifiedAt` and no sync record: nothing goes back up. */
export function markSongsRemoved(db: Db, ids: string[], now: number): void {
  markRemovedBySync(db, ids, now);
}

/** Deletes custom views or fields, a copy of each kept in `removed_by_sync`. Returns their names, for the user. */
export function removeRecorded(db: Db, table: 'views' | 'custom_fields', ids: string[], now: number): string[] {
  if (ids.length === 0) return [];
  const wanted = new Set(ids);
  const rows =
    table === 'views'
      ? getViews(db).filter((view) => wanted.has(view.id)).map((view) => ({ id: view.id, name: view.title, data: view }))
      : listCustomFields(db).filter((field) => wanted.has(field.id)).map((field) => ({ id: field.id, name: field.name, data: field }));
  if (rows.length === 0) return [];
  db.orm.insert(removedBySync).values(rows.map((row) => ({ tableName: table, recordId: row.id, data: JSON.stringify(row.data), removedAt: now }))).run();
  const removed = rows.map((row) => row.id);
  if (table === 'views') removeViewsForGood(db, removed);
  else removeFieldsForGood(db, removed);
  return rows.map((row) => row.name);
}

/** Marked songs the cloud holds again are live songs: their mark goes. */
export function unmarkSongsBackInCloud(db: Db, inCloud: ReadonlySet<string>): void {
  const back = db.orm
    .select({ id: songs.id })
    .from(songs)
    .where(isNotNull(songs.removedBySyncAt))
    .all()
    .map((row) => row.id)
    .filter((id) => inCloud.has(id));
  unmarkRemovedBySync(db, back);
}

/** Deletes for good what was removed by sync 30 days ago or more. Returns how many songs went. */
export function purgeRemovedBySync(db: Db, now: number): number {
  const before = now - SYNC_REMOVED_KEPT_MS;
  const due = db.orm
    .select({ id: songs.id })
    .from(songs)
    .where(and(eq(songs.hidden, true), lte(songs.removedBySyncAt, before)))
    .all()
    .map((row) => row.id)
    .filter((id) => !hasUnsyncedChanges(db, 'songs', id));
  deleteSongs(db, due, null);
  db.orm.delete(removedBySync).where(lte(removedBySync.removedAt, before)).run();
  return due.length;
}

/**
 * What a pull brings down, written here: songs and views by last writer wins (the newer `modifiedAt` stays; a
 * local copy as new or newer is kept, and pushes itself), settings unless the user changed them here since. Like
 * `cleanDeleted`, mirroring the cloud writes no sync record: there is nothing to push back, except where two
 * songs of one project meet (`mergeProjectTwins`). And the upgrade's "queue everything" that gives the cloud a
 * whole library at once.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { PULLED_SONGS_BATCH } from '../../common/constants';
import type { CustomField } from '../../common/custom-fields';
import type { Song } from '../../common/song';
import type { View } from '../../common/view';
import { inTransaction, type Db } from '../connection';
import { insertRows } from '../prepared-writes';
import { customFieldToColumns } from '../rows/custom-field-row';
import { songFromRow, songToColumns } from '../rows/song-row';
import { viewToColumns } from '../rows/view-row';
import { customFields, files, songs, userSettings, views } from '../schema';
import { currentUserId } from './account';
import { listCustomFields } from './custom-fields';
import { deleteSongsForGood } from './songs';
import { hasUnsyncedChanges, writeSyncRecords } from './sync-records';

/**
 * Applies songs newer than the local copies: a pulled page in one transaction, written in batches of 5 (spec
 * section 9). Returns the ids written.
 */
export function applyPulledSongs(db: Db, pulled: Song[]): string[] {
  if (pulled.length === 0) return [];
  return inTransaction(db, () => {
    const local = localModifiedTimes(db, 'songs', pulled.map((song) => song.id));
    const newer = pulled.filter((song) => (local.get(song.id) ?? -1) < song.modifiedAt);
    for (let i = 0; i < newer.length; i += PULLED_SONGS_BATCH) insertRows(db, songs, newer.slice(i, i + PULLED_SONGS_BATCH).map(songToColumns), songs.id);
    mergeProjectTwins(db, newer.filter((song) => !local.has(song.id)));
    return newer.map((song) => song.id);
  });
}

/** What the musician edits on a song; the rest (its files, paths, what was read from the project) is the computer's. */
const EDITED_ON_ANY_COMPUTER = ['name', 'priority', 'tier', 'status', 'tags', 'notes', 'tempo', 'key', 'timeSignature', 'hidden', 'custom'] as const;

/**
 * One project, one song, on every computer. Two computers that scanned the same project folder (a shared Dropbox,
 * say, before they synced) each made a song for it; when one pulls the other's, the two become the one with the
 * smaller id (the older), so both computers settle on the same song without talking to each other. The merged
 * song keeps this computer's files and paths, the latest edits of either (and both sets of edited fields), and is
 * pushed as new; the other is deleted here and in the cloud, its indexed files now pointing at the merged song.
 */
function mergeProjectTwins(db: Db, pulledNew: Song[]): void {
  const pulledIds = new Set(pulledNew.map((song) => song.id));
  const paths = [...new Set(pulledNew.filter((song) => song.source === 'directory' && song.projectPath).map((song) => song.projectPath as string))];
  const byPath = new Map<string, Song[]>();
  for (let i = 0; i < paths.length; i += 500) {
    const rows = db.orm.select().from(songs).where(and(eq(songs.source, 'directory'), inArray(songs.projectPath, paths.slice(i, i + 500)))).all();
    for (const song of rows.map(songFromRow)) byPath.set(song.projectPath as string, [...(byPath.get(song.projectPath as string) ?? []), song]);
  }
  const now = db.now();
  for (const twins of byPath.values()) {
    if (twins.length < 2) continue;
    const [keeper, ...others] = [...twins].sort((a, b) => (a.id < b.id ? -1 : 1)) as [Song, ...Song[]];
    const latest = twins.reduce((a, b) => (b.modifiedAt > a.modifiedAt ? b : a));
    const own = twins.find((song) => !pulledIds.has(song.id)) ?? keeper;
    const edits = Object.fromEntries(EDITED_ON_ANY_COMPUTER.map((field) => [field, latest[field]]));
    const merged: Song = {
      ...own,
      ...edits,
      editedFields: [...new Set(twins.flatMap((song) => song.editedFields))],
      id: keeper.id,
      createdAt: Math.min(...twins.map((song) => song.createdAt)),
      modifiedAt: now,
      supabaseId: keeper.supabaseId,
    };
    insertRows(db, songs, [songToColumns(merged)], songs.id);
    writeSyncRecords(db, [{ type: 'update', table: 'songs', recordId: keeper.id, data: { id: keeper.id } }]);
    db.orm.update(files).set({ songId: keeper.id }).where(inArray(files.songId, others.map((song) => song.id))).run();
    deleteSongsForGood(db, others);
  }
}

/** Applies custom views newer than the local copies, in one transaction. Returns the ids written. */
export function applyPulledViews(db: Db, pulled: View[]): string[] {
  if (pulled.length === 0) return [];
  return inTransaction(db, () => {
    const local = localModifiedTimes(db, 'views', pulled.map((view) => view.id));
    const newer = pulled.filter((view) => view.type === 'custom' && (local.get(view.id) ?? -1) < view.modifiedAt);
    insertRows(db, views, newer.map(viewToColumns), views.id);
    return newer.map((view) => view.id);
  });
}

/**
 * Applies custom field definitions newer than the local copies, in one transaction. A name this computer already
 * uses for another field (both made "Mood" before they synced) is shown here as "Mood 2": names are unique in the
 * table; the cloud keeps the name it was given. Returns the ids written.
 */
export function applyPulledCustomFields(db: Db, pulled: CustomField[]): string[] {
  if (pulled.length === 0) return [];
  return inTransaction(db, () => {
    const local = new Map(listCustomFields(db).map((field) => [field.id, field]));
    const newer = pulled.filter((field) => (local.get(field.id)?.modifiedAt ?? -1) < field.modifiedAt);
    for (const field of newer) {
      local.delete(field.id);
      const taken = new Set([...local.values()].map((other) => other.name.toLowerCase()));
      let name = field.name;
      for (let n = 2; taken.has(name.toLowerCase()); n += 1) name = `${field.name} ${n}`;
      const written = { ...field, name };
      insertRows(db, customFields, [customFieldToColumns(written)], customFields.id);
      local.set(field.id, written);
    }
    return newer.map((field) => field.id);
  });
}

/** The cloud's project folders, unless the user changed theirs here and that change has not been pushed yet. */
export function applyPulledSettings(db: Db, projectDirectories: string[], updatedAt: number): boolean {
  return inTransaction(db, () => {
    const id = currentUserId(db);
    if (hasUnsyncedChanges(db, 'user_settings', id)) return false;
    const columns = { projectDirectories: JSON.stringify([...new Set(projectDirectories)]), updatedAt };
    db.orm.insert(userSettings).values({ id, ...columns }).onConflictDoUpdate({ target: userSettings.id, set: columns }).run();
    return true;
  });
}

/** Rows the cloud now holds carry their cloud id (the same id); written without a sync record or a new time. */
export function markPushed(db: Db, table: 'songs' | 'views', ids: string[]): void {
  const source = table === 'songs' ? songs : views;
  for (let i = 0; i < ids.length; i += 500) {
    db.orm
      .update(source)
      .set({ supabaseId: sql`${source.id}` })
      .where(and(inArray(source.id, ids.slice(i, i + 500)), isNull(source.supabaseId)))
      .run();
  }
}

/**
 * On upgrade (spec section 4): every song, every custom view, every custom field and the settings queued for the next push, except
 * rows already waiting with an unsynced record. The records name the rows; a push always sends a row as it is
 * when it goes, so they carry no copy of it. One statement per table, its waiting ids read once (a correlated
 * look-up per song took 14 s for 10,000 songs): a library of 200,000 songs queues in one go.
 */
export function queueEverythingForSync(db: Db): number {
  return inTransaction(db, () => {
    const now = db.now();
    let queued = 0;
    for (const [table, where] of [
      ['songs', ''],
      ['views', "AND row.type = 'custom'"],
      ['custom_fields', ''],
    ] as const) {
      queued += db.sqlite
        .prepare(
          `INSERT INTO sync_records (type, table_name, record_id, data, timestamp, synced)
           SELECT 'add', '${table}', row.id, json_object('id', row.id), ?, 0 FROM ${table} row
           WHERE row.id NOT IN (SELECT record_id FROM sync_records WHERE synced = 0 AND table_name = '${table}') ${where}
           ORDER BY row.created_at`,
        )
        .run(now).changes;
    }
    const settingsId = currentUserId(db);
    if (!hasUnsyncedChanges(db, 'user_settings', settingsId)) {
      writeSyncRecords(db, [{ type: 'update', table: 'user_settings', recordId: settingsId, data: { id: settingsId } }]);
      queued += 1;
    }
    return queued;
  });
}

function localModifiedTimes(db: Db, table: 'songs' | 'views', ids: string[]): Map<string, number> {
  const source = table === 'songs' ? songs : views;
  const times = new Map<string, number>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = db.orm.select({ id: source.id, modifiedAt: source.modifiedAt }).from(source).where(inArray(source.id, ids.slice(i, i + 500))).all();
    for (const row of rows) times.set(row.id, row.modifiedAt);
  }
  return times;
}

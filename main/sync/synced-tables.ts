/**
 * The tables sync carries, one entry each: which rows a push reads, what goes to the cloud, how pushed rows are
 * marked, how pulled rows are applied. The engine (sync-engine.ts) and the push plan (plan-push.ts) loop over this
 * map and name no table themselves, so a new synced table is an entry here (its name in `SYNCED_TABLES`, its cloud
 * shape in common/cloud/cloud-records.ts and its repository functions are what the entry points to).
 *
 * In the order a run pulls and pushes them: custom fields first, so the songs after them may hold values of a new
 * column.
 */
import type { SyncedTable } from '../../common/cloud/account';
import {
  customFieldFromCloud,
  customFieldToCloud,
  songFromCloud,
  songToCloud,
  viewFromCloud,
  viewToCloud,
  type CloudData,
} from '../../common/cloud/cloud-records';
import type { FolderPlaces, RefusedFolder } from '../../common/projects/folder-rules';
import type { Db } from '../../db/handle';
import { getUserSettings } from '../../db/repositories/account';
import type { RemovableTable } from '../../db/repositories/clean-deleted';
import { listCustomFields } from '../../db/repositories/custom-fields';
import { applyPulledCustomFields, applyPulledSettings, applyPulledSongs, applyPulledViews, markPushed } from '../../db/repositories/pulled-records';
import { getSongs } from '../../db/repositories/songs';
import { getViews } from '../../db/repositories/views';
import { defaultViewId } from '../../db/seed';
import type { SignedInCloud } from '../account/cloud-session';
import type { EventBus } from '../events';
import { followSnapshotMerges } from '../versions/snapshot-sweep';
import { SyncError } from './sync-error';

/** What an entry may use in a run. */
export interface SyncContext {
  db: Db;
  cloud: SignedInCloud;
  /** This data folder's name in the cloud's `origin` column: a pull skips the rows it wrote itself. */
  deviceId: string;
  /** Where the home and the app's data are: pulled folders there are dropped. */
  places: FolderPlaces;
  events: EventBus;
}

/**
 * A table whose rows go to the cloud table of the same name as `{ id, data, origin }`, each row sent as it is now;
 * pulled by a cursor on the cloud's time, deleted there by id, and removed here when the cloud lost them (the
 * removal rules are `db/repositories/clean-deleted.ts`'s, one per table).
 */
export interface RowTable<T> {
  kind: 'rows';
  table: RemovableTable;
  /**
   * The rows to send of those named, as they are now. A row gone since its record (its delete record comes on its
   * own), or one that never travels, is left out: its record is settled, there is nothing to send.
   */
  read(db: Db, ids: string[]): T[];
  idOf(row: T): string;
  toCloud(row: T): CloudData;
  /** What the user calls a row, to tell them which of their edits lost to a later one elsewhere. Absent: not told. */
  nameOf?(row: T): string;
  /** Rows the cloud now holds, marked so in the transaction that settles their records. Absent: nothing is marked. */
  markPushed?(db: Db, ids: string[]): void;
  /** Rows new to the cloud wait while the account is at its storage cap (edits and deletions go on). Default false. */
  waitsAtStorageCap?: boolean;
  /** A cloud row's data as a row of this table; null when it is not one (it is skipped and counted). */
  fromCloud(data: unknown): T | null;
  /** Writes pulled rows where they are newer, in one transaction; the ids written. */
  applyPulled(db: Db, rows: T[]): string[];
  /** Runs once a pull of this table is done (every page). */
  afterPull?(context: SyncContext): Promise<void>;
}

/** A table of one row per account, sent and read whole (the settings: no cursor, never deleted). */
export interface SingleRowTable {
  kind: 'single';
  /** Sends the row; how many went (1). */
  push(context: SyncContext): Promise<number>;
  /** Takes the cloud's row when it is newer; how many were written (0 or 1). */
  pull(context: SyncContext): Promise<number>;
}

export type SyncedTableEntry = RowTable<unknown> | SingleRowTable;

/** Infers a row table's type from its functions. */
function rows<T>(entry: RowTable<T>): RowTable<T> {
  return entry;
}

function byIds<T extends { id: string }>(all: T[], ids: string[]): T[] {
  const wanted = new Set(ids);
  return all.filter((row) => wanted.has(row.id));
}

export const syncedTables: Record<SyncedTable, SyncedTableEntry> = {
  custom_fields: rows({
    kind: 'rows',
    table: 'custom_fields',
    read: (db, ids) => byIds(listCustomFields(db), ids),
    idOf: (field) => field.id,
    toCloud: customFieldToCloud,
    fromCloud: customFieldFromCloud,
    applyPulled: applyPulledCustomFields,
  }),
  songs: rows({
    kind: 'rows',
    table: 'songs',
    read: (db, ids) => getSongs(db, { ids, includeHidden: true }),
    idOf: (song) => song.id,
    toCloud: songToCloud,
    nameOf: (song) => song.name,
    markPushed: (db, ids) => markPushed(db, 'songs', ids),
    waitsAtStorageCap: true,
    fromCloud: songFromCloud,
    applyPulled: applyPulledSongs,
    // Songs of one project merged by the pull: the deleted one's snapshots are the kept one's now.
    afterPull: async ({ db, places }) => {
      await followSnapshotMerges(db, places.dataDir);
    },
  }),
  views: rows({
    kind: 'rows',
    table: 'views',
    // Only the user's custom views travel: the default All Songs, Hidden and the folder views are each device's own.
    read: (db, ids) => {
      const own = defaultViewId(db);
      return byIds(getViews(db), ids).filter((view) => view.type === 'custom' && view.id !== own);
    },
    idOf: (view) => view.id,
    toCloud: viewToCloud,
    markPushed: (db, ids) => markPushed(db, 'views', ids),
    fromCloud: viewFromCloud,
    applyPulled: applyPulledViews,
  }),
  user_settings: {
    kind: 'single',
    push: async ({ db, cloud, deviceId }) => {
      const settings = getUserSettings(db);
      const { error } = await cloud.supabase
        .from('user_settings')
        .upsert({ id: cloud.userId, project_directories: settings.projectDirectories, changed_at: settings.updatedAt, origin: deviceId }, { onConflict: 'id' });
      if (error) throw new SyncError(`Pushing the settings failed: ${error.message}`);
      return 1;
    },
    // The cloud's settings when they are newer than this device's (last writer wins, as for songs).
    pull: async ({ db, cloud, places, events }) => {
      const { data, error } = await cloud.supabase.from('user_settings').select('project_directories, changed_at').eq('id', cloud.userId).maybeSingle();
      if (error) throw new SyncError(`Pulling the settings failed: ${error.message}`);
      const changedAt = Number(data?.changed_at ?? 0);
      if (!data || changedAt <= getUserSettings(db).updatedAt) return 0;
      const folders = Array.isArray(data.project_directories) ? data.project_directories.filter((folder): folder is string => typeof folder === 'string') : [];
      const { applied, dropped } = applyPulledSettings(db, folders, changedAt, places);
      tellAboutDroppedFolders(events, dropped);
      return applied ? 1 : 0;
    },
  },
};

/** Every entry with its table's name, in the map's order. */
export const syncedTableEntries = Object.entries(syncedTables) as [SyncedTable, SyncedTableEntry][];

/** The row tables, in the map's order. */
export const syncedRowTables: RowTable<unknown>[] = Object.values(syncedTables).filter((entry): entry is RowTable<unknown> => entry.kind === 'rows');

/** Settings are the user's own data, but a folder no computer may watch means they were not written by this app. */
function tellAboutDroppedFolders(events: EventBus, dropped: RefusedFolder[]): void {
  if (dropped.length === 0) return;
  const [first] = dropped as [RefusedFolder];
  const more = dropped.length > 1 ? ` (and ${dropped.length - 1} more)` : '';
  events.emit('notify', { kind: 'error', title: 'Folders from the cloud were not kept', body: `${first.reason}${more}` });
}

/**
 * The one writer of the `songs` table. Every path that changes songs (an edit, a bulk edit, a scan, a read, a pull,
 * a custom field's change, an upload's bookkeeping, a removal by sync) calls it, so three rules hold everywhere:
 *
 * - columns come from one mapping (`rows/song-row.ts`), and a write can name only the columns it changes;
 * - the processing flag carries its time: set when the flag is raised (kept while it stays up), cleared with it,
 *   so the 2-minute rule (spec section 4) can clear any flag left up;
 * - a change that must reach the cloud queues its sync record (the kind and the id; the push reads the row as it
 *   is then), in the caller's transaction; a write that mirrors the cloud or keeps the app's books queues none, nor
 *   does a song waiting for its upload at the storage cap (`storage-cap.ts`).
 *
 * Thousands of rows go through cached prepared statements (`prepared-writes.ts`). Each export runs inside the writer's
 * scope, which only this module holds (`song-writer-scope.ts`): SQLite refuses a write of songs anywhere else.
 */
import { and, inArray, isNull, sql } from 'drizzle-orm';
import type { Song } from '../../common/songs/song';
import type { Db } from '../handle';
import { insertRows, updateRows } from '../prepared-writes';
import { songToColumns, type SongInsert } from '../rows/song-row';
import { songs } from '../schema';
import { claimSongWriterScope } from '../song-writer-scope';
import { songsSyncedAtCap } from './storage-cap';
import { writeSyncRecords } from './sync-records';

export type SongColumn = Exclude<keyof SongInsert, 'seq' | 'id' | 'processingStartedAt'>;

/** Whether a write goes to the cloud: as an `add` or an `update` of the song, or not (`null`). */
export type SongSync = 'add' | 'update' | null;

/** A song as it was and as it is to be written (`writeSongChanges`). */
export interface SongChange {
  before: Song;
  after: Song;
}

const CHUNK = 500;

/** This module's alone: claimed as it loads, and never handed out again. */
const inScope = claimSongWriterScope();

/** Each export is one of these: the writer's work, run inside its scope, the only place songs may be written. */
function writer<A extends unknown[], R>(write: (db: Db, ...args: A) => R): (db: Db, ...args: A) => R {
  return (db, ...args) => inScope(db, () => write(db, ...args));
}

/** Inserts new songs (a first scan writes thousands); a new song's processing flag went up when it was made. */
export const insertSongs = writer((db: Db, added: readonly Song[], sync: 'add' | null = 'add'): void => {
  insertRows(db, songs, added.map((song) => ({ ...songToColumns(song), processingStartedAt: song.isBeingProcessedByHandleNewProject ? song.createdAt : null })));
  queue(db, added, sync);
});

/** Writes whole songs: new ones inserted, existing ones rewritten (a pull, two copies of a project made one). */
export const upsertSongs = writer((db: Db, written: readonly Song[], sync: SongSync): void => {
  const times = flagTimes(db, written);
  insertRows(db, songs, written.map((song) => ({ ...songToColumns(song), processingStartedAt: times.get(song.id) ?? null })), songs.id);
  queue(db, written, sync);
});

/** Rewrites existing songs whole (the caller merged the change into the song as it is). */
export const rewriteSongs = writer((db: Db, changed: readonly Song[], sync: SongSync = 'update'): void => {
  const times = flagTimes(db, changed);
  updateRows(db, songs, changed.map((song) => ({ ...songToColumns(song), processingStartedAt: times.get(song.id) ?? null })), songs.id);
  queue(db, changed, sync);
});

/**
 * Rewrites only `columns` of existing songs: an edit of status across 50,000 songs must not rewrite (and reindex)
 * their names and tags.
 */
export const writeSongColumns = writer((db: Db, changed: readonly Song[], columns: readonly SongColumn[], sync: SongSync = 'update'): void => {
  if (changed.length === 0) return;
  const times = columns.includes('isBeingProcessed') ? flagTimes(db, changed) : null;
  const rows = changed.map((song) => {
    const all = songToColumns(song);
    const row: Partial<SongInsert> = Object.fromEntries([['id', song.id], ...columns.map((column) => [column, all[column]])]);
    if (times) row.processingStartedAt = times.get(song.id) ?? null;
    return row;
  });
  updateRows(db, songs, rows, songs.id);
  queue(db, changed, sync);
});

/**
 * Writes each song's columns that differ from the song it was: a status edit sets status, its edit time and
 * `modifiedAt`, and leaves the name, notes, tags and files alone, so neither the full-text index nor the tags index
 * is rewritten (their triggers fire on an UPDATE that names their columns). A song that was waiting in Hidden for the
 * purge (`removedBySyncAt`) is a live one again, as when written whole.
 */
export const writeSongChanges = writer((db: Db, changes: readonly SongChange[], sync: SongSync = 'update'): void => {
  const byColumns = new Map<string, { columns: SongColumn[]; songs: Song[] }>();
  for (const { before, after } of changes) {
    const columns = changedColumns(before, after);
    const key = columns.join(',');
    const group = byColumns.get(key) ?? { columns, songs: [] };
    group.songs.push(after);
    byColumns.set(key, group);
  }
  // A song with nothing new (the same value, in the same millisecond) is not written, nor sent again.
  for (const group of byColumns.values()) if (group.columns.length > 0) writeSongColumns(db, group.songs, group.columns, sync);
});

/** The columns where `after` differs from `before` as stored. */
function changedColumns(before: Song, after: Song): SongColumn[] {
  const stored: Record<string, unknown> = { ...songToColumns(before), removedBySyncAt: before.removedBySyncAt ?? null };
  const next: Record<string, unknown> = songToColumns(after);
  return Object.keys(next).filter((column) => column !== 'id' && stored[column] !== next[column]) as SongColumn[];
}

/** Songs the cloud now holds carry their cloud id (their own id): bookkeeping, without a sync record or a new time. */
export const markSongsPushed = writer((db: Db, ids: readonly string[]): void => {
  for (let i = 0; i < ids.length; i += CHUNK) {
    db.orm
      .update(songs)
      .set({ supabaseId: sql`${songs.id}` })
      .where(and(inArray(songs.id, ids.slice(i, i + CHUNK)), isNull(songs.supabaseId)))
      .run();
  }
});

/**
 * Removes the value at `path` (a custom field's) from every song that has one, in one statement (a field used by
 * 200,000 songs), each an `update` for the cloud. Returns how many songs changed.
 */
export const removeCustomValues = writer((db: Db, path: string): number => {
  const changed = db.orm
    .update(songs)
    .set({ custom: sql`json_remove(${songs.custom}, ${path})`, modifiedAt: db.now() })
    .where(sql`json_type(${songs.custom}, ${path}) IS NOT NULL`)
    .returning({ id: songs.id })
    .all();
  writeSyncRecords(db, changed.map(({ id }) => ({ type: 'update', table: 'songs', recordId: id })));
  return changed.length;
});

/** Deletes songs for good; with `delete`, each with the record that takes it out of the cloud too (by its id). */
export const deleteSongs = writer((db: Db, ids: readonly string[], sync: 'delete' | null): void => {
  for (let i = 0; i < ids.length; i += CHUNK) db.orm.delete(songs).where(inArray(songs.id, ids.slice(i, i + CHUNK))).run();
  if (sync) writeSyncRecords(db, ids.map((id) => ({ type: 'delete', table: 'songs', recordId: id })));
});

/** A pull found these gone from the cloud: to Hidden, marked with the time; no new `modifiedAt`, nothing goes up. */
export const markRemovedBySync = writer((db: Db, ids: readonly string[], now: number): void => {
  setById(db, ids, { hidden: true, removedBySyncAt: now });
});

/** The cloud holds these again (restored on another device): live songs, their mark gone. */
export const unmarkRemovedBySync = writer((db: Db, ids: readonly string[]): void => {
  setById(db, ids, { removedBySyncAt: null });
});

/** Lowers processing flags (left up by a crash, or too old): bookkeeping, not a change for the cloud. */
export const lowerProcessingFlags = writer((db: Db, ids: readonly string[]): void => {
  setById(db, ids, { isBeingProcessed: false, processingStartedAt: null });
});

function setById(db: Db, ids: readonly string[], values: Partial<SongInsert>): void {
  for (let i = 0; i < ids.length; i += CHUNK) db.orm.update(songs).set(values).where(inArray(songs.id, ids.slice(i, i + CHUNK))).run();
}

/** When each song's processing flag went up: kept if it was up already, now if it goes up, none if it is down. */
function flagTimes(db: Db, written: readonly Song[]): Map<string, number> {
  const raised = written.filter((song) => song.isBeingProcessedByHandleNewProject).map((song) => song.id);
  const times = new Map<string, number>();
  if (raised.length === 0) return times;
  for (let i = 0; i < raised.length; i += CHUNK) {
    const rows = db.orm
      .select({ id: songs.id, startedAt: songs.processingStartedAt })
      .from(songs)
      .where(sql`${songs.isBeingProcessed} = 1 AND ${inArray(songs.id, raised.slice(i, i + CHUNK))}`)
      .all();
    for (const row of rows) if (row.startedAt !== null) times.set(row.id, row.startedAt);
  }
  const now = db.now();
  for (const id of raised) if (!times.has(id)) times.set(id, now);
  return times;
}

/** Each song's sync record, but for songs the storage cap keeps from sync while their audio waits (`storage-cap.ts`). */
function queue(db: Db, written: readonly Song[], sync: SongSync): void {
  if (sync) writeSyncRecords(db, songsSyncedAtCap(db, written).map((song) => ({ type: sync, table: 'songs', recordId: song.id })));
}

/**
 * Undoing the last import (issue 28, item 4), from what it recorded (`db/repositories/last-import.ts`): each value it
 * wrote goes back to the value and edit time it had before, and each song it added goes. Like the import, an undo
 * never reverts newer work: a value edited since (here, or pulled from another computer) stays, and so does an added
 * song someone edited. The writes go through the songs writer with their sync records; an added song the cloud never
 * heard of leaves without a delete record, so another computer's song under the same id is not removed from it.
 */
import { AppError } from '../../common/errors';
import type { ImportUndoReport, LastImport } from '../../common/songs/library-export';
import { MESSAGES } from '../../common/messages';
import type { Song } from '../../common/songs/song';
import { sameValue } from '../../common/songs/song-edits';
import { inTransaction, type Db } from '../../db/handle';
import { getLastImport, setLastImport, type ImportedValue, type ImportRecord } from '../../db/repositories/last-import';
import { deleteSongs, rewriteSongs } from '../../db/repositories/song-writer';
import { getSongs } from '../../db/repositories/songs';
import { hasReachedCloud } from '../../db/repositories/sync-records';
import { editTimeAt, valueAt, withValueAt } from './imported-values';

/** Songs read per query (SQLite's bound parameters). */
const READ_CHUNK = 500;

export function lastImport(db: Db): LastImport | null {
  const record = getLastImport(db);
  return record ? { importedAt: record.importedAt, updated: record.updated.length, added: record.added.length } : null;
}

/** Undoes the import made at `importedAt`, if it is still the last one (the page may show an older state). */
export function undoLastImport(db: Db, importedAt: number): ImportUndoReport {
  return inTransaction(db, () => {
    const record = getLastImport(db);
    if (!record || record.importedAt !== importedAt) throw new AppError('not_found', MESSAGES.noImportToUndo);
    const report: ImportUndoReport = { restored: 0, removed: 0, kept: 0 };
    restoreUpdated(db, record, report);
    removeAdded(db, record, report);
    setLastImport(db, null);
    return report;
  });
}

function restoreUpdated(db: Db, record: ImportRecord, report: ImportUndoReport): void {
  const songs = new Map(songsOf(db, record.updated.map((entry) => entry.id)).map((song) => [song.id, song]));
  const restored: Song[] = [];
  for (const { id, values } of record.updated) {
    const song = songs.get(id);
    if (!song) continue;
    let next = song;
    for (const value of values) {
      if (changedSince(song, value)) report.kept += 1;
      else next = withValueAt(next, value.key, value.before, value.beforeAt);
    }
    if (next !== song) restored.push({ ...next, modifiedAt: db.now() });
  }
  rewriteSongs(db, restored);
  report.restored = restored.length;
}

/** Whether the value is no longer what the import wrote: edited since, here or on another computer. */
function changedSince(song: Song, value: ImportedValue): boolean {
  return !sameValue(valueAt(song, value.key), value.after) || editTimeAt(song, value.key) !== value.afterAt;
}

function removeAdded(db: Db, record: ImportRecord, report: ImportUndoReport): void {
  const remove: string[] = [];
  for (const song of songsOf(db, record.added)) {
    // The import's own values carry times from before it; a later time is someone's edit since.
    if (Object.values(song.editedAt).some((at) => at > record.importedAt)) report.kept += 1;
    else remove.push(song.id);
  }
  const pushed = new Set(remove.filter((id) => hasReachedCloud(db, 'songs', id)));
  deleteSongs(db, [...pushed], 'delete');
  deleteSongs(db, remove.filter((id) => !pushed.has(id)), null);
  report.removed = remove.length;
}

function songsOf(db: Db, ids: readonly string[]): Song[] {
  const found: Song[] = [];
  for (let start = 0; start < ids.length; start += READ_CHUNK) found.push(...getSongs(db, { ids: ids.slice(start, start + READ_CHUNK) }));
  return found;
}

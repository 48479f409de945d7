/**
 * The table's bulk actions: one edit or one delete applied to a selection of up to 50,000 songs, in one
 * transaction. The selection is read with one statement (its ids passed as one JSON array) and written with
 * cached prepared statements, touching only the columns the action changes.
 */
import { sql } from 'drizzle-orm';
import { bulkEdited, HIDE } from '../../common/songs/bulk-edit';
import { checkCustomPatch } from '../../common/songs/custom-values';
import type { BulkSongPatch, Song } from '../../common/songs/song';
import { deleteOutcome } from '../../common/songs/song-delete';
import { inTransaction, type Db } from '../handle';
import { songFromRow } from '../rows/song-row';
import { songs } from '../schema';
import { customFieldsById } from './custom-fields';
import { writeSongColumns, type SongColumn } from './song-writer';
import { deleteSongsForGood } from './songs';

function songsWithIds(db: Db, ids: string[]): Song[] {
  return db.orm
    .select()
    .from(songs)
    .where(sql`${songs.id} IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`)
    .all()
    .map(songFromRow);
}

/**
 * Applies one edit to every song of the selection that exists (`bulkEdited`, the website's rule too): `custom` is a
 * merge patch checked once against the fields; each value it changes carries the edit's time, as in a single edit (so
 * scans leave a key or time signature set this way alone). Returns how many songs changed (songs that already had
 * every value are not rewritten, so they queue no sync).
 */
export function bulkUpdateSongs(db: Db, ids: string[], patch: BulkSongPatch): { updated: number } {
  return inTransaction(db, () => {
    const custom = patch.custom === undefined ? null : checkCustomPatch(patch.custom, customFieldsById(db));
    const now = db.now();
    const changed: Song[] = [];
    for (const song of songsWithIds(db, ids)) {
      const next = bulkEdited(song, patch, custom, now);
      if (next) changed.push(next);
    }
    writeSongColumns(db, changed, columnsOf(patch));
    return { updated: changed.length };
  });
}

/** The columns an edit can change: only these are rewritten (rewriting tags reindexes them). */
function columnsOf(patch: BulkSongPatch): SongColumn[] {
  const columns: SongColumn[] = ['editedFields', 'modifiedAt'];
  for (const field of ['priority', 'tier', 'status', 'key', 'timeSignature', 'hidden', 'custom'] as const) {
    if (patch[field] !== undefined) columns.push(field);
  }
  if (patch.addTags !== undefined || patch.removeTags !== undefined) columns.push('tags');
  return columns;
}

/**
 * Deletes a selection by the rule of a single delete (`deleteOutcome`): songs from a project directory go to
 * Hidden, songs added by hand are deleted for good (returned, for their cloud audio). Each writes its sync record.
 */
export function bulkDeleteSongs(db: Db, ids: string[]): { hidden: number; deleted: Song[] } {
  return inTransaction(db, () => {
    const now = db.now();
    const toHide: Song[] = [];
    const toDelete: Song[] = [];
    let hidden = 0;
    for (const song of songsWithIds(db, ids)) {
      if (deleteOutcome(song) === 'deleted') toDelete.push(song);
      else {
        hidden += 1;
        const next = bulkEdited(song, HIDE, null, now);
        if (next) toHide.push(next);
      }
    }
    writeSongColumns(db, toHide, ['hidden', 'editedFields', 'modifiedAt']);
    deleteSongsForGood(db, toDelete);
    return { hidden, deleted: toDelete };
  });
}

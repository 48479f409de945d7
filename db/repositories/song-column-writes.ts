/**
 * Writes the same few columns of many songs (a bulk edit, a field's values removed) with one prepared
 * statement, and each song's `update` sync record, inside the caller's transaction. Only the named columns
 * are written: an edit of status across 50,000 songs must not rewrite (and reindex) their names and tags.
 */
import { asJson } from '../../common/schema-parts';
import type { Song } from '../../common/song';
import type { Db } from '../handle';
import { updateRows } from '../prepared-writes';
import { songToColumns, type SongInsert } from '../rows/song-row';
import { songs } from '../schema';
import { writeSyncRecords } from './sync-records';

export type SongColumn = Exclude<keyof SongInsert, 'seq' | 'id'>;

export function writeSongColumns(db: Db, changed: Song[], columns: readonly SongColumn[]): void {
  if (changed.length === 0) return;
  const rows = changed.map((song) => {
    const all = songToColumns(song);
    return Object.fromEntries([['id', song.id], ...columns.map((column) => [column, all[column]])]) as Partial<SongInsert>;
  });
  updateRows(db, songs, rows, songs.id);
  writeSyncRecords(db, changed.map((song) => ({ type: 'update', table: 'songs', recordId: song.id, data: asJson(song) })));
}

/**
 * The one mapping between a `songs` row and the domain `Song`, field by field in the order of the song's field table
 * (`common/songs/song-fields.ts`), each through its columns (`song-columns.ts`).
 */
import type { Song } from '../../common/songs/song';
import { SONG_FIELD_NAMES, type SongFieldName } from '../../common/songs/song-fields';
import { SONG_COLUMN_CODECS, type ColumnCodec, type SongColumns, type SongRow } from './song-columns';

export { fileFromColumns, sessionFromColumns, type SongInsert, type SongRow } from './song-columns';

/**
 * Each field with its column when plain, else its codec. Read in a loop on every page of the table and every bulk
 * edit: a plain field is copied without a call, and a codec writes its columns into the row.
 */
const fields = SONG_FIELD_NAMES.map((field) => {
  const codec = (SONG_COLUMN_CODECS as Partial<Record<SongFieldName, ColumnCodec<SongFieldName>>>)[field];
  return { field, codec: codec ?? null };
});

/** Every song, and every row written, starts as a copy of these (all keys, in order): one shape, cheap to fill. */
const songKeys = Object.fromEntries(SONG_FIELD_NAMES.map((field) => [field, undefined]));

export function songFromRow(row: SongRow): Song {
  const columns = row as unknown as Record<string, unknown>;
  const song: Record<string, unknown> = { ...songKeys };
  for (const { field, codec } of fields) song[field] = codec === null ? columns[field] : codec.read(row);
  // Local bookkeeping, not a field of the table: present only while the song waits to be purged.
  if (row.removedBySyncAt !== null) song.removedBySyncAt = row.removedBySyncAt;
  return song as Song;
}

/** Every column of a song, for an insert or a full rewrite; `seq` is the database's. */
export function songToColumns(song: Song): SongColumns {
  const columns: Record<string, unknown> = {};
  for (const { field, codec } of fields) {
    if (codec === null) columns[field] = song[field];
    else codec.write(song[field], columns);
  }
  // Written whole (an edit, a scan, a pull), the song is a live one again: no longer waiting to be purged.
  columns.removedBySyncAt = null;
  return columns as unknown as SongColumns;
}

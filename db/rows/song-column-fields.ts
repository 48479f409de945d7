/**
 * The song field each column of `songs` holds, read from the row mapping (`song-columns.ts`: a codec's columns are
 * the ones it writes), so the change log can tell which fields an UPDATE changed from the columns it sets. A column
 * that holds no field of the table keeps the books of one (the processing flag's time) or goes by its own name (the
 * mark of a removal by sync).
 */
import { getTableColumns } from 'drizzle-orm';
import { SONG_FIELDS } from '../../common/songs/song-fields';
import { songs } from '../schema';
import { SONG_COLUMN_CODECS } from './song-columns';

function fieldsByColumn(): ReadonlyMap<string, string> {
  const nameOf = new Map(Object.entries(getTableColumns(songs)).map(([key, column]) => [key, column.name]));
  const fields = new Map([...nameOf].map(([key, name]) => [name, key]));
  for (const [field, codec] of Object.entries(SONG_COLUMN_CODECS)) {
    const written: Record<string, unknown> = {};
    (codec.write as (value: unknown, columns: Record<string, unknown>) => void)(SONG_FIELDS[field as keyof typeof SONG_COLUMN_CODECS].default, written);
    for (const key of Object.keys(written)) fields.set(nameOf.get(key) ?? key, field);
  }
  fields.set(songs.processingStartedAt.name, 'isBeingProcessedByHandleNewProject');
  return fields;
}

const FIELD_OF_COLUMN = fieldsByColumn();

/** The song fields held by these columns of `songs`, or null when one of them is not a column this knows. */
export function songFieldsOfColumns(columns: readonly string[]): string[] | null {
  const fields = new Set<string>();
  for (const column of columns) {
    const field = FIELD_OF_COLUMN.get(column);
    if (field === undefined) return null;
    fields.add(field);
  }
  return [...fields];
}

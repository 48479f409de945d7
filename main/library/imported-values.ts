/**
 * A song's values as an import reads and writes them, one key at a time: a field the import takes (`status`) or a
 * custom value (`custom.<fieldId>`, null when not set), each with its edit time. The import (`import-plan.ts`) and its
 * undo (`import-undo.ts`) both go through these, so a value and its time always move together.
 */
import type { ImportedField } from '../../common/songs/library-export';
import type { JsonValue } from '../../common/bridge/schema-parts';
import type { Song } from '../../common/songs/song';
import { customFieldOfEditKey } from '../../common/songs/song-edits';

export function valueAt(song: Song, key: string): JsonValue | null {
  const fieldId = customFieldOfEditKey(key);
  if (fieldId !== null) return song.custom[fieldId] ?? null;
  return song[key as ImportedField];
}

/** The field's edit time, or null when nobody edited it. */
export function editTimeAt(song: Song, key: string): number | null {
  return Object.hasOwn(song.editedAt, key) ? (song.editedAt[key] as number) : null;
}

/** `song` with `value` at `key`, edited at `at` (null: no edit time, a value nobody edited). */
export function withValueAt(song: Song, key: string, value: JsonValue | null, at: number | null): Song {
  const fieldId = customFieldOfEditKey(key);
  const next: Song = fieldId === null ? { ...song, [key]: value } : { ...song, custom: withCustomValue(song.custom, fieldId, value) };
  const editedAt = { ...song.editedAt };
  if (at === null) delete editedAt[key];
  else editedAt[key] = at;
  return { ...next, editedAt };
}

function withCustomValue(custom: Song['custom'], fieldId: string, value: JsonValue | null): Song['custom'] {
  const next = { ...custom };
  if (value === null) delete next[fieldId];
  else next[fieldId] = value;
  return next;
}

/**
 * One edit made to many songs at once, composed for one song with its edit stamps: the table's bulk edit (the core's
 * `db/repositories/bulk-songs.ts` and the website's `cloud-core.ts`), a delete that hides a song found in a folder,
 * and a select option removed from every song holding it. Each goes through the one rule for an edit (`applyEdit`):
 * every value that changes carries the edit's time, and so does the song. Tags are added and removed whatever their
 * case; `custom` is a merge patch already checked against the fields.
 */
import { applyEdit } from './apply-edit';
import { MAX_TAGS } from '../constants';
import type { CustomPatch } from './custom-values';
import { AppError } from '../errors';
import { tooManyTags } from '../messages';
import { uniqueTags, type BulkSongPatch, type Song, type SongPatch } from './song';
import { sameValue } from './song-edits';

/** A delete that hides (a song found in a folder): hiding is the user's edit, and carries its time. */
export const HIDE: BulkSongPatch = { hidden: true };

/**
 * `song` after the bulk edit at time `at`, its changed values stamped, or null when the edit changes nothing in it
 * (such a song is not rewritten, so it queues no sync). `custom` is the patch's checked custom values (or the values an
 * option's removal leaves), null when it names none; the patch's own `custom` is ignored here.
 */
export function bulkEdited(song: Song, patch: BulkSongPatch, custom: CustomPatch | null, at: number): Song | null {
  const { addTags, removeTags, custom: _unchecked, ...fields } = patch;
  const edit: SongPatch = { ...fields };
  if (addTags || removeTags) edit.tags = editTags(song.tags, addTags ?? [], removeTags ?? []);
  const next = applyEdit(song, edit, custom, at);
  const changed = (Object.keys(edit) as (keyof SongPatch)[]).some((field) => !sameValue(song[field], next[field])) || (custom !== null && !sameValue(song.custom, next.custom));
  return changed ? next : null;
}

/** Removes, then adds, comparing tags case-insensitively: "demo" is not added beside "Demo". */
export function editTags(current: string[], add: string[], remove: string[]): string[] {
  const removing = new Set(remove.map((tag) => tag.toLowerCase()));
  const tags = uniqueTags([...current.filter((tag) => !removing.has(tag.toLowerCase())), ...add]);
  if (tags.length > MAX_TAGS) throw new AppError('invalid_input', tooManyTags(MAX_TAGS));
  return tags;
}

/**
 * One bulk edit applied to one song (the table's bulk actions): the same in the app's SQLite and on the website.
 * Tags are added and removed whatever their case; `custom` is a merge patch already checked against the fields.
 */
import { MAX_TAGS } from './constants';
import { applyCustomPatch, type CustomPatch } from './custom-values';
import { AppError } from './errors';
import { tooManyTags } from './messages';
import { uniqueTags, type BulkSongPatch, type Song } from './song';

export function applyBulkPatch(song: Song, patch: BulkSongPatch, custom: CustomPatch | null): Song {
  const { addTags, removeTags, custom: _custom, ...fields } = patch;
  const next: Song = { ...song, ...fields };
  if (addTags || removeTags) next.tags = editTags(song.tags, addTags ?? [], removeTags ?? []);
  if (custom) next.custom = applyCustomPatch(song.custom, custom);
  return next;
}

/** Removes, then adds, comparing tags case-insensitively: "demo" is not added beside "Demo". */
export function editTags(current: string[], add: string[], remove: string[]): string[] {
  const removing = new Set(remove.map((tag) => tag.toLowerCase()));
  const tags = uniqueTags([...current.filter((tag) => !removing.has(tag.toLowerCase())), ...add]);
  if (tags.length > MAX_TAGS) throw new AppError('invalid_input', tooManyTags(MAX_TAGS));
  return tags;
}


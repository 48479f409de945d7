/**
 * A user's edit of one song, applied: the one rule for the core (`db/repositories/songs.ts`), the website's library
 * (`renderer/features/web-library/cloud-core.ts`) and the table's optimistic overlay
 * (`renderer/features/song-table/song-edits.ts`), so the row the table shows at once is the row the core writes.
 *
 * - The patch's fields replace the song's; its `custom` is a merge patch (`custom-values.ts`): a value set, null
 *   cleared, the fields it does not name kept.
 * - Each field whose value changes carries the edit's time (`stampEdits`), and so does the song (`modifiedAt`).
 * - New audio on this computer (another local path) is audio the cloud does not have yet: the upload repair pass
 *   picks it up (pro), unless the edit says itself whether it needs uploading.
 *
 * What the website may edit is `WEB_EDITABLE_FIELDS`: the musician's fields (`edits: 'user'` in `song-fields.ts`) and
 * custom values. Audio, session and folder belong to the computer that found them, and the flags to its app.
 */
import { applyCustomPatch, type CustomPatch } from './custom-values';
import type { Song, SongPatch } from './song';
import { USER_FIELDS, stampEdits } from './song-edits';

/** The fields an edit on the website may name; any other is refused there ("only in the app"). */
export const WEB_EDITABLE_FIELDS: ReadonlySet<keyof SongPatch> = new Set<keyof SongPatch>([...USER_FIELDS, 'custom']);

/**
 * `song` with `patch` applied at time `at`. `custom` is the patch's custom values, checked against their fields
 * (`checkCustomPatch`), or null when the patch names none; the overlay, which shows an edit before the core checks it,
 * passes them as typed (`customAsTyped`).
 */
export function applyEdit(song: Song, patch: SongPatch, custom: CustomPatch | null, at: number): Song {
  const { custom: _asTyped, ...fields } = patch;
  const next: Song = { ...song, ...fields, modifiedAt: at };
  if (custom) next.custom = applyCustomPatch(song.custom, custom);
  if (patch.file !== undefined && patch.needsUploadRetry === undefined && (patch.file?.localPath ?? null) !== (song.file?.localPath ?? null)) {
    next.needsUploadRetry = patch.file?.localPath != null;
  }
  next.editedAt = stampEdits(song, next, at);
  return next;
}

/** A patch's custom values as the user typed them, unchecked: only to show an edit the core will check. */
export function customAsTyped(patch: SongPatch): CustomPatch | null {
  return patch.custom === undefined ? null : new Map(Object.entries(patch.custom));
}

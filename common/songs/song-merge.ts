/**
 * Copies of one song made into one (DESIGN.md, trust rules: "merges take each field from where the user edited it
 * last"): the same song as another computer wrote it (a pull), or the songs two computers each made for one project
 * before they synced (twins). Field by field:
 *
 * - a field the musician edits (`USER_FIELDS`, and each custom value by itself) comes from the copy where the user
 *   edited it last (`editedAt`). When nobody edited it, or two edits share a time, it comes from `fallback`: for a
 *   pull the copy written last (last writer wins, as before edits had times), for twins the older song, whose values
 *   (and the edits it may carry from before edits had times) a fresh scan's defaults must not replace;
 * - the audio and the session (`FOUND_FIELDS`) come from the latest edit too; unedited, from this computer's copy
 *   when it has them here (its own scan found them), else from `fallback`;
 * - what belongs to this computer comes from `own`, its copy: the project's path, the audio's local path, the upload
 *   and processing flags, and what was read from the files here (`meta`; from `fallback` when the project is not on
 *   this computer, so it shows what the computer that has it read);
 * - the edit times are each field's latest, and the song was created when its first copy was.
 *
 * The caller sets the id and `modifiedAt`, and strips a pulled copy of the other computer's paths and flags first.
 */
import type { JsonValue } from '../bridge/schema-parts';
import type { Song } from './song';
import { FOUND_FIELDS, USER_FIELDS, customEditKey, editTime, type EditTimes } from './song-edits';

export interface MergeRoles {
  /** This computer's copy. */
  own: Song;
  /** The copy a field nobody edited comes from. */
  fallback: Song;
}

export function mergeSongCopies(copies: readonly Song[], { own, fallback }: MergeRoles): Song {
  const merged: Song = {
    ...own,
    meta: own.projectPath !== null ? own.meta : fallback.meta,
    custom: mergeCustom(copies, fallback),
    editedAt: latestEditTimes(copies),
    createdAt: Math.min(...copies.map((copy) => copy.createdAt)),
  };
  for (const field of USER_FIELDS) Object.assign(merged, { [field]: lastEditedIn(copies, field, fallback)[field] });
  const foundHere = { file: own.file?.localPath != null, recordingSession: own.projectPath !== null && own.recordingSession !== null };
  for (const field of FOUND_FIELDS) {
    const unedited = foundHere[field] ? own : fallback;
    Object.assign(merged, { [field]: lastEditedIn(copies, field, unedited)[field] });
  }
  return merged;
}

/** The copy where the user edited this field last; `unedited` when nobody did, or when it shares the latest time. */
function lastEditedIn(copies: readonly Song[], key: string, unedited: Song): Song {
  const latest = Math.max(...copies.map((copy) => editTime(copy.editedAt, key)));
  if (latest < 0 || editTime(unedited.editedAt, key) === latest) return unedited;
  return copies.find((copy) => editTime(copy.editedAt, key) === latest) as Song;
}

function mergeCustom(copies: readonly Song[], fallback: Song): Record<string, JsonValue> {
  const custom: Record<string, JsonValue> = {};
  const ids = new Set(copies.flatMap((copy) => Object.keys(copy.custom)));
  for (const id of ids) {
    const from = lastEditedIn(copies, customEditKey(id), fallback);
    // A value the latest edit cleared stays cleared.
    if (Object.hasOwn(from.custom, id)) custom[id] = from.custom[id] as JsonValue;
  }
  return custom;
}

function latestEditTimes(copies: readonly Song[]): EditTimes {
  const times: EditTimes = {};
  for (const copy of copies) {
    for (const [field, at] of Object.entries(copy.editedAt)) times[field] = Math.max(at, times[field] ?? -1);
  }
  return times;
}

/**
 * When the user last edited each field of a song (DESIGN.md, trust rules: "edits carry their time per field").
 * `editedAt` maps a field to the time of the user's last edit of it, in epoch milliseconds; a custom value is its
 * own field, `custom.<fieldId>`. Only the user's writes stamp (an edit in the table, a bulk edit, a delete that
 * hides, an option removed from a select field); a scan, an upload or a pull never does. (Values of a removed field
 * are not stamped: nothing shows them.) Two readers: a scan leaves a field the user edited alone, and a
 * merge takes each field from the copy where the user edited it last (`song-merge.ts`).
 *
 * Rows written before edits had times list their edited fields without one (`editedFields: ["tempo"]`, in SQLite and
 * in the cloud). They read as edited at time 0: an edit we know happened beats a field nobody edited, and any edit
 * whose time we know beats it. Not their `modifiedAt`: that moves with every scan of the song, so an old edit would
 * seem newer each time the project was saved, and beat a real later edit on another computer.
 */
import type { JsonValue } from '../bridge/schema-parts';
import { fieldsWhere, type FieldsWhere } from './song-fields';

export type EditTimes = Record<string, number>;

/** The fields the musician edits, each merged by itself (`edits: 'user'` in `song-fields.ts`). */
export type UserField = FieldsWhere<{ edits: 'user' }>;
export const USER_FIELDS: readonly UserField[] = fieldsWhere<UserField>((spec) => spec.edits === 'user');

/** The song's audio and session: found by each computer's scan until the user chooses them (`edits: 'found'`). */
export type FoundField = FieldsWhere<{ edits: 'found' }>;
export const FOUND_FIELDS: readonly FoundField[] = fieldsWhere<FoundField>((spec) => spec.edits === 'found');

const CUSTOM_EDIT_PREFIX = 'custom.';

export function customEditKey(fieldId: string): string {
  return `${CUSTOM_EDIT_PREFIX}${fieldId}`;
}

/** The custom field an edit key names (`custom.<fieldId>`), or null for a song's own field. */
export function customFieldOfEditKey(key: string): string | null {
  return key.startsWith(CUSTOM_EDIT_PREFIX) ? key.slice(CUSTOM_EDIT_PREFIX.length) : null;
}

export function isEdited(editedAt: EditTimes, field: string): boolean {
  return Object.hasOwn(editedAt, field);
}

/** The time of the user's last edit of a field, or -1 when nobody edited it (so any edit, even at time 0, is later). */
export function editTime(editedAt: EditTimes, field: string): number {
  return Object.hasOwn(editedAt, field) ? (editedAt[field] as number) : -1;
}

/** Bounds on what a stored or pulled value may hold: the song's fields and 50 custom fields fit well inside. */
const MAX_EDITED_KEYS = 200;
const MAX_KEY_LENGTH = 150;

/**
 * Edit times from a stored or pulled value: the map itself, or a list of edited fields from before edits had times
 * (each at time 0). Entries that are not a field and a time are dropped, and anything else reads as no edits: a
 * damaged cell or a hostile row must not break the song. Checked by hand, not by a schema: a rescan reads it for
 * every song it owns.
 */
export function readEditTimes(value: unknown): EditTimes {
  const times: EditTimes = {};
  const isField = (field: unknown): field is string => typeof field === 'string' && field.length > 0 && field.length <= MAX_KEY_LENGTH;
  if (Array.isArray(value)) {
    for (const field of value.slice(0, MAX_EDITED_KEYS)) if (isField(field)) times[field] = 0;
  } else if (value !== null && typeof value === 'object') {
    for (const [field, at] of Object.entries(value).slice(0, MAX_EDITED_KEYS)) {
      if (isField(field) && Number.isSafeInteger(at) && (at as number) >= 0) times[field] = at as number;
    }
  }
  return times;
}

interface Edited {
  custom: Record<string, JsonValue>;
  editedAt: EditTimes;
}

/** `after`'s edit times: every user or found field, and every custom value, whose value differs from `before` stamped `now`. */
export function stampEdits<T extends Edited & Record<UserField | FoundField, unknown>>(before: T, after: T, now: number): EditTimes {
  const editedAt = { ...before.editedAt };
  for (const field of [...USER_FIELDS, ...FOUND_FIELDS]) {
    if (!sameValue(before[field], after[field])) editedAt[field] = now;
  }
  for (const id of new Set([...Object.keys(before.custom), ...Object.keys(after.custom)])) {
    if (!sameValue(before.custom[id], after.custom[id])) editedAt[customEditKey(id)] = now;
  }
  return editedAt;
}

/**
 * Equal as JSON, whatever the order of object keys: two computers that merged the same copies must agree they hold the
 * same song, or each would push its copy back to the other for ever.
 */
export function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a, sortedKeys) === JSON.stringify(b, sortedKeys);
}

function sortedKeys(_key: string, value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  return Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

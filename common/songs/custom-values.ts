/**
 * How an edit's `custom` map changes a song's: merge-patch semantics. A key the edit names is set (after
 * `normaliseCustomValue` checked it against its field) or, when null, cleared; keys it does not name stay.
 */
import { AppError } from '../errors';
import { normaliseCustomValue, type CustomField } from './custom-fields';
import type { JsonValue } from '../bridge/schema-parts';

/** An edit's custom values, checked: each a value to store, or null to clear that field. */
export type CustomPatch = ReadonlyMap<string, JsonValue>;

const UNKNOWN_FIELD_MESSAGE = 'One of the fields in this edit no longer exists. Refresh the table and try again.';

/** Checks every value once against its field's type (a bulk edit checks once, then applies to each song). */
export function checkCustomPatch(raw: Record<string, JsonValue>, fields: ReadonlyMap<string, CustomField>): CustomPatch {
  const checked = new Map<string, JsonValue>();
  for (const [id, value] of Object.entries(raw)) {
    const field = fields.get(id);
    if (!field) throw new AppError('invalid_input', UNKNOWN_FIELD_MESSAGE);
    checked.set(id, normaliseCustomValue(field, value));
  }
  return checked;
}

export function applyCustomPatch(current: Record<string, JsonValue>, patch: CustomPatch): Record<string, JsonValue> {
  const next: Record<string, JsonValue> = { ...current };
  for (const [id, value] of patch) {
    if (value === null) delete next[id];
    else next[id] = value;
  }
  return next;
}

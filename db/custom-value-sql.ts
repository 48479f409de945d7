/**
 * SQL over one custom field's values in `songs.custom`. The field id becomes part of a JSON path, so it is
 * checked here, in the one place that builds the path, rather than trusted from wherever it came.
 */
import { sql, type SQL } from 'drizzle-orm';
import { AppError } from '../common/errors';
import { MESSAGES } from '../common/messages';
import { songs } from './schema';

/** Our ids are UUIDv7; a looser pattern keeps ids from older or synced data usable, but never a quote. */
const SAFE_FIELD_ID = /^[A-Za-z0-9_-]{1,100}$/;

export function customValuePath(fieldId: string): string {
  if (!SAFE_FIELD_ID.test(fieldId)) throw new AppError('invalid_input', MESSAGES.unknownCustomField);
  return `$."${fieldId}"`;
}

/** The field's value of the song (null when unset); JSON true reads as 1, arrays as JSON text. */
export function customValue(fieldId: string): SQL {
  return sql`json_extract(${songs.custom}, ${customValuePath(fieldId)})`;
}

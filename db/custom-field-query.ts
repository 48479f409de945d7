/**
 * Filters and sorts on the user's own fields (`custom.<fieldId>`), read from `songs.custom` with json_extract.
 * These are not indexed: a field is added at run time, and an expression index per field (up to 50) would
 * slow every song write for the sake of occasional filters. A filter or sort on one reads each song of the
 * view's JSON (about 100 ms at 200,000 songs), which is acceptable for a column the user chose to query.
 */
import { and, sql, type SQL } from 'drizzle-orm';
import type { CustomField } from '../common/songs/custom-fields';
import { AppError, assertNever } from '../common/errors';
import { rangeFilterNotNumericField } from '../common/messages';
import type { Filter, SortDirection } from '../common/views/query';
import { booleanFromText } from '../common/views/search-syntax';
import { customValue, customValuePath } from './custom-value-sql';
import { orderTerm, type OrderTerm } from './order-terms';
import { songs } from './schema';

/**
 * The condition of a filter on a custom field. A filter on a field that was removed since the view saved it
 * is dropped rather than emptying the view.
 */
export function customFilterCondition(filter: Exclude<Filter, { op: 'hasTag' }>, field: CustomField | undefined): SQL | null {
  if (!field) return null;
  const value = customValue(field.id);
  switch (filter.op) {
    case 'equals':
      return customEquality(field, filter.value);
    case 'contains':
      return sql`instr(lower(CAST(${value} AS TEXT)), lower(${filter.value})) > 0`;
    case 'range':
      return customRange(field, filter.min, filter.max);
    default:
      return assertNever(filter);
  }
}

function customEquality(field: CustomField, text: string): SQL {
  const value = customValue(field.id);
  switch (field.type) {
    case 'number': {
      const number = Number(text.trim());
      return text.trim() !== '' && Number.isFinite(number) ? sql`${value} = ${number}` : sql`0`;
    }
    case 'checkbox': {
      const checked = booleanFromText(text.trim());
      if (checked === null) return sql`0`;
      const isTrue = sql`json_type(${songs.custom}, ${customValuePath(field.id)}) = 'true'`;
      return checked ? isTrue : sql`NOT coalesce(${isTrue}, 0)`;
    }
    case 'multiSelect':
      // Any of the song's options.
      return sql`EXISTS (SELECT 1 FROM json_each(${songs.custom}, ${customValuePath(field.id)}) WHERE value = ${text} COLLATE NOCASE)`;
    case 'text':
    case 'singleSelect':
    case 'date':
      return sql`${value} = ${text} COLLATE NOCASE`;
    default:
      return assertNever(field.type);
  }
}

function customRange(field: CustomField, min: number | undefined, max: number | undefined): SQL {
  const value = customValue(field.id);
  const bounds: SQL[] = [sql`${value} IS NOT NULL`];
  if (field.type === 'number') {
    if (min !== undefined) bounds.push(sql`${value} >= ${min}`);
    if (max !== undefined) bounds.push(sql`${value} <= ${max}`);
  } else if (field.type === 'date') {
    // Dates are stored as YYYY-MM-DD, which sorts as it reads; the bounds come as times (ms, UTC).
    if (min !== undefined) bounds.push(sql`${value} >= ${isoDate(min)}`);
    if (max !== undefined) bounds.push(sql`${value} <= ${isoDate(max)}`);
  } else {
    throw new AppError('invalid_input', rangeFilterNotNumericField(field.name));
  }
  return and(...bounds) ?? sql`1`;
}

function isoDate(ms: number): string {
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString().slice(0, 10);
}

/** Songs without a value come last in both directions, as with tempo. A removed field does not sort. */
export function customOrderTerms(field: CustomField | undefined, direction: SortDirection): OrderTerm[] {
  if (!field) return [];
  const value = customValue(field.id);
  const key = field.type === 'text' || field.type === 'singleSelect' || field.type === 'multiSelect' ? sql`${value} COLLATE NOCASE` : value;
  return [orderTerm(sql`(${value} IS NULL)`, false), orderTerm(key, direction === 'Descending')];
}

/**
 * User-defined song fields: columns a musician adds to the table (text, number, single select, multi select,
 * date, checkbox). Values live in each song's `custom` map under the field's id; this file is the one rule for
 * what a value of each type may be.
 */
import { z } from 'zod';
import { AppError } from '../errors';
import { MAX_NAME_LENGTH } from '../constants';
import { customValueRefused } from '../messages';
import { idSchema, nameSchema, type JsonValue } from '../bridge/schema-parts';

export const CUSTOM_FIELD_TYPES = ['text', 'number', 'singleSelect', 'multiSelect', 'date', 'checkbox'] as const;
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number];

export const CUSTOM_FIELD_TYPE_LABELS: Record<CustomFieldType, string> = {
  text: 'Text',
  number: 'Number',
  singleSelect: 'Single select',
  multiSelect: 'Multi select',
  date: 'Date',
  checkbox: 'Checkbox',
};

export const MAX_CUSTOM_FIELDS = 50;
export const MAX_FIELD_OPTIONS = 200;

export interface CustomField {
  id: string;
  name: string;
  type: CustomFieldType;
  /** The choices of a single or multi select, in order; empty for other types. */
  options: string[];
  position: number;
  createdAt: number;
  modifiedAt: number;
}

const optionsSchema = z.array(z.string().trim().min(1).max(100)).max(MAX_FIELD_OPTIONS);

export const newCustomFieldSchema = z.strictObject({
  name: nameSchema,
  type: z.enum(CUSTOM_FIELD_TYPES),
  options: optionsSchema.optional(),
});
export type NewCustomField = z.infer<typeof newCustomFieldSchema>;

export const customFieldPatchSchema = z
  .strictObject({ name: nameSchema, options: optionsSchema, position: z.number().int() })
  .partial();
export type CustomFieldPatch = z.infer<typeof customFieldPatchSchema>;

export const customFieldRefSchema = z.strictObject({ id: idSchema });

/** A filter or sort on a custom field names it as `custom.<fieldId>`. */
export const CUSTOM_FIELD_PREFIX = 'custom.';
export function customFieldKey(fieldId: string): `custom.${string}` {
  return `${CUSTOM_FIELD_PREFIX}${fieldId}`;
}

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The value to store for `raw` in a field of this type, or null to clear it. Throws a user-facing error for a
 * value the type cannot hold (a word in a number column, an option the select does not have).
 */
export function normaliseCustomValue(field: CustomField, raw: JsonValue): JsonValue {
  if (raw === null || raw === '') return null;
  const refuse = (): never => {
    throw new AppError('invalid_input', customValueRefused(field.name, field.type));
  };
  switch (field.type) {
    case 'text':
      if (typeof raw !== 'string' || raw.length > MAX_NAME_LENGTH * 4) return refuse();
      return raw;
    case 'number': {
      const value = typeof raw === 'string' ? Number(raw.trim()) : raw;
      if (typeof value !== 'number' || !Number.isFinite(value)) return refuse();
      return value;
    }
    case 'singleSelect':
      if (typeof raw !== 'string' || !field.options.includes(raw)) return refuse();
      return raw;
    case 'multiSelect': {
      if (!Array.isArray(raw) || raw.some((item) => typeof item !== 'string' || !field.options.includes(item))) {
        return refuse();
      }
      const unique = [...new Set(raw as string[])];
      return unique.length === 0 ? null : unique;
    }
    case 'date':
      if (typeof raw !== 'string' || !DATE_PATTERN.test(raw) || Number.isNaN(Date.parse(`${raw}T00:00:00Z`))) {
        return refuse();
      }
      return raw;
    case 'checkbox':
      if (typeof raw !== 'boolean') return refuse();
      return raw ? true : null;
  }
}

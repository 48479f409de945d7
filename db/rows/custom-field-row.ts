/** The one mapping between a `custom_fields` row and the domain `CustomField`. */
import type { CustomField, CustomFieldType } from '../../common/songs/custom-fields';
import type { customFields } from '../schema';
import { parseJsonColumn } from './json-column';

export type CustomFieldRow = typeof customFields.$inferSelect;

export function customFieldFromRow(row: CustomFieldRow): CustomField {
  return {
    id: row.id,
    name: row.name,
    type: row.type as CustomFieldType,
    options: parseJsonColumn<string[]>(row.options, []),
    position: row.position,
    createdAt: row.createdAt,
    modifiedAt: row.modifiedAt,
  };
}

export function customFieldToColumns(field: CustomField): CustomFieldRow {
  return { ...field, options: JSON.stringify(field.options) };
}

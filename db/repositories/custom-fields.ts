/**
 * Custom fields: the columns a musician adds to the song table. A field's values live in each song's `custom`
 * map under its id, so changing a field's options or removing it also rewrites the songs that use it, with
 * their sync records, in the same transaction. The field itself writes its own record too: definitions sync.
 */
import { asc, eq, inArray, sql } from 'drizzle-orm';
import {
  MAX_CUSTOM_FIELDS,
  type CustomField,
  type CustomFieldPatch,
  type CustomFieldType,
  type NewCustomField,
} from '../../common/songs/custom-fields';
import { AppError } from '../../common/errors';
import { MESSAGES, customFieldLimit, duplicateFieldName, notASelectField } from '../../common/messages';
import type { Song } from '../../common/songs/song';
import { bulkEdited } from '../../common/songs/bulk-edit';
import { inTransaction, type Db } from '../handle';
import { customValuePath } from '../custom-value-sql';
import { newId } from '../ids';
import { insertRows } from '../prepared-writes';
import { customFieldFromRow, customFieldToColumns } from '../rows/custom-field-row';
import { songFromRow } from '../rows/song-row';
import { customFields, songs } from '../schema';
import { removeCustomValues, writeSongColumns } from './song-writer';
import { writeSyncRecords } from './sync-records';


export function listCustomFields(db: Db): CustomField[] {
  return db.orm
    .select()
    .from(customFields)
    .orderBy(asc(customFields.position), asc(customFields.createdAt))
    .all()
    .map(customFieldFromRow);
}

/** Every field by id: what song writes check their `custom` values against. */
export function customFieldsById(db: Db): Map<string, CustomField> {
  return new Map(listCustomFields(db).map((field) => [field.id, field]));
}

export function getCustomField(db: Db, id: string): CustomField | null {
  const row = db.orm.select().from(customFields).where(eq(customFields.id, id)).get();
  return row ? customFieldFromRow(row) : null;
}

export function addCustomField(db: Db, input: NewCustomField): CustomField {
  return inTransaction(db, () => {
    const count = db.orm.select({ n: sql<number>`count(*)` }).from(customFields).get()?.n ?? 0;
    if (count >= MAX_CUSTOM_FIELDS) {
      throw new AppError('limit_reached', customFieldLimit(MAX_CUSTOM_FIELDS));
    }
    refuseTakenName(db, input.name, null);
    const now = db.now();
    const field: CustomField = {
      id: newId(now),
      name: input.name,
      type: input.type,
      options: optionsFor(input.type, input.options ?? []),
      position: nextPosition(db),
      createdAt: now,
      modifiedAt: now,
    };
    db.orm.insert(customFields).values(customFieldToColumns(field)).run();
    writeSyncRecords(db, [{ type: 'add', table: 'custom_fields', recordId: field.id }]);
    return field;
  });
}

export interface FieldChange {
  field: CustomField;
  /** Songs whose values changed (an option they used was removed). */
  songsChanged: number;
}

/**
 * Renames, reorders or changes a select's options. Removing an option removes it from the songs that use it:
 * a single select is cleared, a multi select keeps its other options.
 */
export function updateCustomField(db: Db, id: string, patch: CustomFieldPatch): FieldChange {
  return inTransaction(db, () => {
    const current = getCustomField(db, id);
    if (!current) throw new AppError('not_found', MESSAGES.fieldNotFound);
    if (patch.name !== undefined) refuseTakenName(db, patch.name, id);
    if (patch.options !== undefined && !isSelect(current.type) && patch.options.length > 0) {
      throw new AppError('invalid_input', notASelectField(current.name));
    }
    const next: CustomField = {
      ...current,
      ...patch,
      options: patch.options === undefined ? current.options : optionsFor(current.type, patch.options),
      modifiedAt: db.now(),
    };
    db.orm.update(customFields).set(customFieldToColumns(next)).where(eq(customFields.id, id)).run();
    writeSyncRecords(db, [{ type: 'update', table: 'custom_fields', recordId: id }]);
    const removed = current.options.filter((option) => !next.options.includes(option));
    const songsChanged = removed.length === 0 ? 0 : removeOptionsFromSongs(db, id, removed);
    return { field: next, songsChanged };
  });
}

/** Deletes the field and its value from every song, in one transaction. */
export function removeCustomField(db: Db, id: string): { songsChanged: number } {
  return inTransaction(db, () => {
    if (!getCustomField(db, id)) throw new AppError('not_found', MESSAGES.fieldNotFound);
    db.orm.delete(customFields).where(eq(customFields.id, id)).run();
    writeSyncRecords(db, [{ type: 'delete', table: 'custom_fields', recordId: id }]);
    return { songsChanged: removeCustomValues(db, customValuePath(id)) };
  });
}

function removeOptionsFromSongs(db: Db, fieldId: string, removed: string[]): number {
  const path = customValuePath(fieldId);
  // json_each of a single select's string yields that string; of a multi select's array, each option.
  const using = db.orm
    .select()
    .from(songs)
    .where(sql`EXISTS (SELECT 1 FROM json_each(${songs.custom}, ${path}) WHERE value IN (SELECT value FROM json_each(${JSON.stringify(removed)})))`)
    .all()
    .map(songFromRow);
  const now = db.now();
  // The user's edit, made to every song at once (`bulkEdited`): it carries its time like one made to each.
  const changed = using.flatMap((song): Song[] => {
    const value = song.custom[fieldId];
    const kept = Array.isArray(value) ? value.filter((option) => typeof option !== 'string' || !removed.includes(option)) : [];
    const next = bulkEdited(song, {}, new Map([[fieldId, kept.length === 0 ? null : kept]]), now);
    return next ? [next] : [];
  });
  writeSongColumns(db, changed, ['custom', 'editedFields', 'modifiedAt']);
  return changed.length;
}

function refuseTakenName(db: Db, name: string, exceptId: string | null): void {
  const taken = db.orm
    .select({ id: customFields.id })
    .from(customFields)
    .where(sql`${customFields.name} = ${name} COLLATE NOCASE`)
    .get();
  if (taken && taken.id !== exceptId) {
    throw new AppError('invalid_input', duplicateFieldName(name));
  }
}

function isSelect(type: CustomFieldType): boolean {
  return type === 'singleSelect' || type === 'multiSelect';
}

/** A select's choices, each once, in the order given; other types have none. */
function optionsFor(type: CustomFieldType, options: string[]): string[] {
  return isSelect(type) ? [...new Set(options)] : [];
}

function nextPosition(db: Db): number {
  const row = db.orm
    .select({ max: sql<number | null>`max(${customFields.position})` })
    .from(customFields)
    .get();
  return (row?.max ?? -1) + 1;
}

/** A field definition pulled from the cloud, newer than this computer's copy: written as given, no sync record. */
export function writePulledField(db: Db, field: CustomField): void {
  insertRows(db, customFields, [customFieldToColumns(field)], customFields.id);
}

/** Fields the cloud no longer holds, gone from here (`removed-by-sync.ts` keeps their copies first). */
export function removeFieldsForGood(db: Db, ids: readonly string[]): void {
  for (let i = 0; i < ids.length; i += 500) db.orm.delete(customFields).where(inArray(customFields.id, ids.slice(i, i + 500))).run();
}

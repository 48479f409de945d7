/**
 * The one mapping between the app's objects and the cloud's `data` column (spec section 7: songs and views are
 * stored as the app's JSON; custom fields the same way). Going up, the object as it is. Coming down, what another device (or another version
 * of the app) wrote is checked field by field: a value that does not fit falls back to the field's default, and a
 * record without an id, a name or a modified time is refused, so no pulled row can break the table.
 */
import { z } from 'zod';
import { fitCloudSong, withoutNulCharacters } from './cloud-data-size';
import { filterSchema, sortConfigSchema } from '../views/query';
import { CUSTOM_FIELD_TYPES, MAX_FIELD_OPTIONS, type CustomField } from '../songs/custom-fields';
import { jsonBoundsProblem } from '../bridge/json-bounds';
import { idSchema, nameSchema, type JsonValue } from '../bridge/schema-parts';
import type { Song } from '../songs/song';
import { readEditTimes } from '../songs/song-edits';
import { SONG_FIELDS, fieldsWhere, type FieldsWhere, type SongFieldName, type SongFieldSpec } from '../songs/song-fields';
import { VIEW_LAYOUTS, VIEW_TYPES, viewPath, type View } from '../views/view';

export type CloudData = Record<string, JsonValue>;

/**
 * With the edited fields also listed the old way, for computers still on a version that reads only that list; within
 * the cloud's row cap, the lists read from the project giving way first (`fitCloudSong`).
 */
export function songToCloud(song: Song): CloudData {
  return fitCloudSong(withoutNulCharacters({ ...(song as unknown as CloudData), editedFields: Object.keys(song.editedAt), supabaseId: song.id }));
}

export function viewToCloud(view: View): CloudData {
  return withoutNulCharacters({ ...(view as unknown as CloudData), supabaseId: view.id });
}

export function customFieldToCloud(field: CustomField): CloudData {
  return withoutNulCharacters({ ...(field as unknown as CloudData) });
}

const time = z.number().int().nonnegative();

type PulledField = Exclude<SongFieldName, FieldsWhere<{ pulled: 'derived' }>>;
type PulledShape = { [K in PulledField]: (typeof SONG_FIELDS)[K] extends { pulled: 'required' } ? (typeof SONG_FIELDS)[K]['value'] : z.ZodCatch<(typeof SONG_FIELDS)[K]['value']> };

/** Each field as its entry in `song-fields.ts` says: refused when required, else its fallback when it does not fit. */
function pulledSongShape(): PulledShape {
  const pulled = fieldsWhere<PulledField>((spec) => spec.pulled !== 'derived');
  return Object.fromEntries(
    pulled.map((field) => {
      const spec: SongFieldSpec = SONG_FIELDS[field];
      return [field, spec.pulled === 'required' ? spec.value : spec.value.catch('pulledFallback' in spec ? spec.pulledFallback : spec.default)];
    }),
  ) as PulledShape;
}

const cloudSongSchema = z.object({
  ...pulledSongShape(),
  editedAt: z.unknown().optional(),
  editedFields: z.unknown().optional(),
});

/** A song from the cloud, or null when the record is not one (it is then left alone, never half-applied). */
export function songFromCloud(data: unknown): Song | null {
  const parsed = cloudSongSchema.safeParse(data);
  if (!parsed.success) return null;
  const { editedAt, editedFields, ...song } = parsed.data;
  // A row from a version before edits had times lists its edited fields only (`song-edits.ts`).
  return { ...song, editedAt: readEditTimes(editedAt ?? editedFields), supabaseId: song.id };
}

const cloudViewSchema = z.object({
  id: idSchema,
  title: z.string().min(1).max(500),
  type: z.enum(VIEW_TYPES),
  // A view from a version before boards is a table.
  layout: z.enum(VIEW_LAYOUTS).catch('table'),
  sortConfig: sortConfigSchema.nullable().catch(null),
  activeFilters: z.array(filterSchema).max(50).catch([]),
  columnVisibility: z.record(z.string().max(100), z.boolean()).catch({}),
  columnOrder: z.array(z.string().max(100)).max(200).catch([]),
  columnWidths: z.record(z.string().max(100), z.number().int().min(40).max(2000)).catch({}),
  directoryPath: z.string().max(4096).nullable().catch(null),
  position: z.number().int().catch(0),
  createdAt: time.catch(0),
  modifiedAt: time,
});

export function viewFromCloud(data: unknown): View | null {
  const parsed = cloudViewSchema.safeParse(data);
  if (!parsed.success) return null;
  return { ...parsed.data, path: viewPath(parsed.data.id), supabaseId: parsed.data.id };
}

const cloudCustomFieldSchema = z.object({
  id: idSchema,
  name: nameSchema,
  type: z.enum(CUSTOM_FIELD_TYPES),
  options: z.array(z.string().trim().min(1).max(100)).max(MAX_FIELD_OPTIONS).catch([]),
  position: z.number().int().catch(0),
  createdAt: time.catch(0),
  modifiedAt: time,
});

/** A custom field from the cloud, or null when the record is not one (a type this version does not know, say). */
export function customFieldFromCloud(data: unknown): CustomField | null {
  const parsed = cloudCustomFieldSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
}

/**
 * A pulled page decoded row by row: a row too deep or too large, or not a record of its kind, is skipped (its id
 * reported) and the rest go on, so one bad row in the cloud never stops a pull or holds its cursor back.
 */
export function decodeCloudRows<T>(rows: readonly { id: string; data: unknown }[], decode: (data: unknown) => T | null): { values: T[]; rejected: string[] } {
  const values: T[] = [];
  const rejected: string[] = [];
  for (const row of rows) {
    let value: T | null = null;
    try {
      value = jsonBoundsProblem(row.data) === null ? decode(row.data) : null;
    } catch {
      value = null;
    }
    if (value === null) rejected.push(row.id);
    else values.push(value);
  }
  return { values, rejected };
}

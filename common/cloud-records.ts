/**
 * The one mapping between the app's objects and the cloud's `data` column (spec section 7: songs and views are
 * stored as the app's JSON; custom fields the same way). Going up, the object as it is. Coming down, what another device (or another version
 * of the app) wrote is checked field by field: a value that does not fit falls back to the field's default, and a
 * record without an id, a name or a modified time is refused, so no pulled row can break the table.
 */
import { z } from 'zod';
import { fitCloudSong, withoutNulCharacters } from './cloud-data-size';
import { DEFAULT_PRIORITY, DEFAULT_STATUS, DEFAULT_TIER } from './constants';
import { filterSchema, sortConfigSchema } from './query';
import { CUSTOM_FIELD_TYPES, MAX_FIELD_OPTIONS, type CustomField } from './custom-fields';
import { jsonBoundsProblem } from './json-bounds';
import { idSchema, jsonValueSchema, nameSchema, type JsonValue } from './schema-parts';
import { PRIORITIES, STATUSES, TIERS, recordingSessionSchema, songFileSchema, uniqueTags, type Song } from './song';
import { readEditTimes } from './song-edits';
import { VIEW_TYPES, viewPath, type View } from './view';

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
const jsonRecord = z.record(z.string(), jsonValueSchema);

const cloudSongSchema = z.object({
  id: idSchema,
  name: z.string().min(1).max(500),
  file: songFileSchema.nullable().catch(null),
  priority: z.enum(PRIORITIES).catch(DEFAULT_PRIORITY),
  tier: z.enum(TIERS).catch(DEFAULT_TIER),
  status: z.enum(STATUSES).catch(DEFAULT_STATUS),
  tags: z.array(z.string().min(1).max(100)).max(200).transform(uniqueTags).catch([]),
  notes: z.string().max(100_000).catch(''),
  tempo: z.string().max(20).catch(''),
  key: z.string().max(40).catch(''),
  timeSignature: z.string().max(20).catch(''),
  recordingSession: recordingSessionSchema.nullable().catch(null),
  projectPath: z.string().max(4096).nullable().catch(null),
  source: z.enum(['directory', 'manual']).catch('manual'),
  hidden: z.boolean().catch(false),
  needsUploadRetry: z.boolean().catch(false),
  isBeingProcessedByHandleNewProject: z.boolean().catch(false),
  custom: jsonRecord.catch({}),
  meta: jsonRecord.catch({}),
  editedAt: z.unknown().optional(),
  editedFields: z.unknown().optional(),
  createdAt: time.catch(0),
  modifiedAt: time,
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

/**
 * The song (spec section 3) and the inputs that create or change one, all derived from its field table
 * (`song-fields.ts`): a field's entry there says whether it is typed, patched or bulk-edited, with which limits.
 */
import { z } from 'zod';
import { MAX_BULK_SONGS } from '../constants';
import { idSchema } from '../bridge/schema-parts';
import {
  SONG_FIELDS,
  SONG_FIELD_NAMES,
  customSchema,
  fieldsWhere,
  inputSchemaOf,
  tagsSchema,
  uniqueTags,
  type FieldsWhere,
  type InputSchemaOf,
  type SongFieldName,
  type SongFieldSpec,
  type SongFieldValues,
} from './song-fields';

export {
  PRIORITIES,
  STATUSES,
  TIERS,
  recordingSessionSchema,
  songFileSchema,
  uniqueTags,
  type Priority,
  type RecordingSession,
  type SongFile,
  type SongSource,
  type Status,
  type Tier,
} from './song-fields';

export type Song = Flat<
  SongFieldValues & {
    /** Set while the song waits in Hidden because a pull found the cloud no longer had it (deleted for good 30 days on). */
    removedBySyncAt?: number;
  }
>;

/** One object type instead of an intersection, so editors and messages show the song's fields. */
type Flat<T> = { [K in keyof T]: T[K] };

type EditableField = FieldsWhere<{ input: 'edit' }>;
type CreateOnlyField = FieldsWhere<{ input: 'create' }>;
type PatchOnlyField = FieldsWhere<{ input: 'patch' }>;
type BulkField = FieldsWhere<{ bulk: true }>;
/** A field a new song may go without: it has a default. */
type DefaultedField = FieldsWhere<{ default: unknown }>;

const editableFields = fieldsWhere<EditableField>((spec) => spec.input === 'edit');
const createOnlyFields = fieldsWhere<CreateOnlyField>((spec) => spec.input === 'create');
const patchOnlyFields = fieldsWhere<PatchOnlyField>((spec) => spec.input === 'patch');
const bulkFields = fieldsWhere<BulkField>((spec) => spec.bulk === true);

type Shape<K extends SongFieldName> = { [F in K]: InputSchemaOf<F> };
type NewSongShape = { [F in EditableField | CreateOnlyField]: F extends DefaultedField ? z.ZodOptional<InputSchemaOf<F>> : InputSchemaOf<F> };

function shape<K extends SongFieldName>(fields: readonly K[]): Shape<K> {
  return Object.fromEntries(fields.map((field) => [field, inputSchemaOf(field)])) as Shape<K>;
}

function newSongShape(): NewSongShape {
  const optional = (field: SongFieldName) => {
    const schema = inputSchemaOf(field) as z.ZodType;
    return 'default' in SONG_FIELDS[field] ? schema.optional() : schema;
  };
  return Object.fromEntries([...editableFields, ...createOnlyFields].map((field) => [field, optional(field)])) as NewSongShape;
}

/** A song added by hand or found by a scan: the name, and any field a user may type (the rest take their defaults). */
export const newSongSchema = z.strictObject(newSongShape());
export type NewSong = z.infer<typeof newSongSchema>;

/** An edit: any field a user may type, and the flags the app sets on their behalf. */
export const songPatchSchema = z.strictObject({ ...shape(editableFields), ...shape(patchOnlyFields) }).partial();
export type SongPatch = z.infer<typeof songPatchSchema>;

/** One edit applied to many selected songs: the table's bulk actions. Tags are added or removed, not replaced. */
export const bulkSongPatchSchema = z
  .strictObject({
    ...shape(bulkFields),
    addTags: tagsSchema,
    removeTags: tagsSchema,
    custom: customSchema,
  })
  .partial();
export type BulkSongPatch = z.infer<typeof bulkSongPatchSchema>;

/**
 * A new song (added by hand, found by a scan, made by an import): each field a new song may be given (`input: 'edit'`
 * or `'create'`) from `input`, every other its default from the field table, and the app's own (the id, the times)
 * from the arguments. No list of defaults lives anywhere else.
 */
export function newSong(input: NewSong, now: number, id: string): Song {
  const given = input as Partial<Record<SongFieldName, unknown>>;
  const own: Partial<Record<SongFieldName, unknown>> = { id, createdAt: now, modifiedAt: now };
  const song: Record<string, unknown> = {};
  for (const field of SONG_FIELD_NAMES) {
    const spec: SongFieldSpec = SONG_FIELDS[field];
    const typed = spec.input === 'edit' || spec.input === 'create' ? given[field] : undefined;
    song[field] = own[field] ?? typed ?? freshCopy(spec.default);
  }
  song.tags = uniqueTags(song.tags as string[]);
  return song as Song;
}

/** A default's own copy: no two songs share its list or map. */
function freshCopy(value: unknown): unknown {
  if (Array.isArray(value)) return [...(value as unknown[])];
  return value !== null && typeof value === 'object' ? { ...value } : value;
}

export const songIdsSchema = z.array(idSchema).min(1).max(MAX_BULK_SONGS);
export const bulkSongUpdateSchema = z.strictObject({ ids: songIdsSchema, patch: bulkSongPatchSchema });

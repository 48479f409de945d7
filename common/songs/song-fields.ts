/**
 * The song's fields in one table (spec section 3). For each field: the values it may hold (`value`), what the bridge
 * accepts for it when that differs (`input`: trimmed text, a message for the user), a new song's value (`default`),
 * who sets it through the bridge (`input`), whether a bulk edit sets it, how edits to it are timed (`edits`), and how
 * a pulled row's value is read (`pulled`). Derived from it: the `Song` type and the bridge's schemas (`song.ts`), the
 * edit lists (`song-edits.ts`), the cloud decoder (`cloud-records.ts`) and, with the columns named in
 * `db/rows/song-columns.ts`, the row mapping. A new field is one entry here, its column in `db/schema.ts` and its
 * migration.
 *
 * Every field travels to the cloud: a song's cloud record is the app's JSON of it, as it is (spec section 7), so no
 * entry says so. Fields that describe one computer (paths, flags) are stripped by the pull, not here.
 *
 * Order matters: it is the order of a song's keys (in SQLite's rows read back, in the cloud's JSON) and of the bridge
 * schemas' keys (and so of their validation messages).
 */
import { z } from 'zod';
import { DEFAULT_PRIORITY, DEFAULT_STATUS, DEFAULT_TIER, MAX_TAGS, NEXT_STEP_MAX_LENGTH } from '../constants';
import { idSchema, jsonValueSchema, longTextSchema, nameSchema, pathSchema, shortTextSchema, timestampSchema } from '../bridge/schema-parts';
import type { EditTimes } from './song-edits';

export const PRIORITIES = ['Low', 'Medium', 'High', 'Urgent'] as const;
export const TIERS = ['S', 'A', 'B', 'C', 'D'] as const;
export const STATUSES = ['Backlog', 'Writing', 'Recording', 'Mixing', 'Mastering', 'Done'] as const;
/** Where a song came from: found in a watched folder, or added by hand (the docs' "upload type"). */
export const SONG_SOURCES = ['directory', 'manual'] as const;

export type Priority = (typeof PRIORITIES)[number];
export type Tier = (typeof TIERS)[number];
export type Status = (typeof STATUSES)[number];
export type SongSource = (typeof SONG_SOURCES)[number];

export const songFileSchema = z.strictObject({
  value: pathSchema,
  localPath: pathSchema.nullable(),
  fileName: shortTextSchema,
  modifiedTime: timestampSchema.nullable(),
});
/** The song's audio: `value` is what plays (a local path, or the cloud URL once uploaded). */
export type SongFile = z.infer<typeof songFileSchema>;

export const recordingSessionSchema = z.strictObject({
  value: pathSchema,
  fileName: shortTextSchema,
  sessionModifiedTime: timestampSchema.nullable(),
  isPackage: z.boolean(),
});
/** The song's DAW session file (or `.logicx` package). */
export type RecordingSession = z.infer<typeof recordingSessionSchema>;

/** A song's tags are unique, compared ignoring case: the first spelling stays ("Demo", "demo" -> "Demo"). */
export function uniqueTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  return tags.filter((tag) => {
    const lower = tag.toLowerCase();
    if (seen.has(lower)) return false;
    seen.add(lower);
    return true;
  });
}

export const tagsSchema = z.array(z.string().trim().min(1).max(100)).max(MAX_TAGS).transform(uniqueTags);
export const customSchema = z.record(idSchema, jsonValueSchema);
const jsonRecord = z.record(z.string(), jsonValueSchema);

/** One field of the table (see the header). */
export interface SongFieldSpec {
  /** What a stored or pulled value may be: the cloud decoder checks a pulled value with it. */
  value: z.ZodType;
  /** What the bridge accepts, when stricter than `value` (text trimmed, a message for the user). Default: `value`. */
  inputSchema?: z.ZodType;
  /** A new song's value. Without one, a new song must be given the field (the name) or the app sets it (id, times). */
  default?: unknown;
  /**
   * Who sets the field through the bridge: `edit` (a new song, and an edit), `create` (a new song only), `patch` (an
   * edit only: the app on the user's behalf). Default: no input sets it.
   */
  input?: 'edit' | 'create' | 'patch';
  /** A bulk edit of a selection sets it (`BulkSongPatch`). Default: false. */
  bulk?: true;
  /**
   * `user`: the musician's field; an edit stamps its time, a scan leaves it alone once edited, a merge takes it from the
   * latest edit (`USER_FIELDS`). `found`: a scan's until the user chooses (`FOUND_FIELDS`). Default: neither.
   */
  edits?: 'user' | 'found';
  /**
   * A pulled value that does not fit `value`: `required` refuses the whole record; `derived` is read by hand in
   * `cloud-records.ts`; by default the field falls back to `pulledFallback`, else to `default`.
   */
  pulled?: 'required' | 'derived';
  pulledFallback?: unknown;
}

export const SONG_FIELDS = {
  id: { value: idSchema, pulled: 'required' },
  name: { value: z.string().min(1).max(500), inputSchema: nameSchema, input: 'edit', edits: 'user', pulled: 'required' },
  file: { value: songFileSchema.nullable(), default: null, input: 'edit', edits: 'found' },
  priority: { value: z.enum(PRIORITIES), default: DEFAULT_PRIORITY as Priority, input: 'edit', bulk: true, edits: 'user' },
  tier: { value: z.enum(TIERS), default: DEFAULT_TIER as Tier, input: 'edit', bulk: true, edits: 'user' },
  status: { value: z.enum(STATUSES), default: DEFAULT_STATUS as Status, input: 'edit', bulk: true, edits: 'user' },
  tags: {
    value: z.array(z.string().min(1).max(100)).max(MAX_TAGS).transform(uniqueTags),
    inputSchema: tagsSchema,
    default: [],
    input: 'edit',
    edits: 'user',
  },
  notes: { value: longTextSchema, default: '', input: 'edit', edits: 'user' },
  /**
   * Issue 32: when the user pinned the song among those they are finishing (the focus list, in pin order), or null.
   * How many may be pinned is the user's setting, checked by the core when one is pinned.
   */
  focus: { value: timestampSchema.nullable(), default: null, input: 'edit', edits: 'user' },
  /** The one-line next step of a song being finished ("comp the lead vocal"). */
  nextStep: { value: z.string().max(NEXT_STEP_MAX_LENGTH), inputSchema: z.string().trim().max(NEXT_STEP_MAX_LENGTH), default: '', input: 'edit', edits: 'user' },
  /** As typed or read (text, spec section 3); the row keeps its number beside it for sorting. */
  tempo: { value: z.string().max(20), inputSchema: z.string().trim().max(20), default: '', input: 'edit', edits: 'user' },
  key: { value: z.string().max(40), inputSchema: z.string().trim().max(40), default: '', input: 'edit', bulk: true, edits: 'user' },
  timeSignature: { value: z.string().max(20), inputSchema: z.string().trim().max(20), default: '', input: 'edit', bulk: true, edits: 'user' },
  recordingSession: { value: recordingSessionSchema.nullable(), default: null, input: 'edit', edits: 'found' },
  projectPath: { value: z.string().max(4096).nullable(), inputSchema: pathSchema.nullable(), default: null, input: 'create' },
  source: { value: z.enum(SONG_SOURCES), default: 'manual' as SongSource, input: 'create' },
  hidden: { value: z.boolean(), default: false, input: 'patch', bulk: true, edits: 'user' },
  needsUploadRetry: { value: z.boolean(), default: false, input: 'patch' },
  isBeingProcessedByHandleNewProject: { value: z.boolean(), default: false, input: 'patch' },
  /** User-defined fields, by field id. An edit's `custom` is a merge patch, each value timed by itself. */
  custom: { value: jsonRecord, inputSchema: customSchema, default: {}, input: 'edit' },
  /** Values extracted from the project and audio files (DAW, version, sample rate...). */
  meta: { value: jsonRecord, default: {} },
  /** When the user last edited each field (`song-edits.ts`): a scan never overwrites them, a merge takes the latest. */
  editedAt: { value: z.custom<EditTimes>(), default: {}, pulled: 'derived' },
  createdAt: { value: timestampSchema, pulledFallback: 0 },
  modifiedAt: { value: timestampSchema, pulled: 'required' },
  /** The cloud's id of the song: its own id once pushed (a pulled song's is set from its id). */
  supabaseId: { value: idSchema.nullable(), default: null, input: 'patch', pulled: 'derived' },
} satisfies Record<string, SongFieldSpec>;

type Fields = typeof SONG_FIELDS;
export type SongFieldName = keyof Fields;

/** The song's values, field by field (with `removedBySyncAt`, the `Song` type of `song.ts`). */
export type SongFieldValues = { [K in SongFieldName]: z.output<Fields[K]['value']> };

/** The fields whose entry fits `Spec`, as a type. */
export type FieldsWhere<Spec> = { [K in SongFieldName]: Fields[K] extends Spec ? K : never }[SongFieldName];

/** Every field, in the table's order. */
export const SONG_FIELD_NAMES = Object.keys(SONG_FIELDS) as SongFieldName[];

/** The fields whose entry passes `test`, in the table's order; the caller names their type (`FieldsWhere`). */
export function fieldsWhere<K extends SongFieldName>(test: (spec: SongFieldSpec) => boolean): K[] {
  return SONG_FIELD_NAMES.filter((field) => test(SONG_FIELDS[field])) as K[];
}

/** The schema the bridge checks a field's input with. */
export type InputSchemaOf<K extends SongFieldName> = Fields[K] extends { inputSchema: infer S extends z.ZodType } ? S : Fields[K]['value'];

export function inputSchemaOf<K extends SongFieldName>(field: K): InputSchemaOf<K> {
  const spec: SongFieldSpec = SONG_FIELDS[field];
  return (spec.inputSchema ?? spec.value) as InputSchemaOf<K>;
}

/** Compile-time: each default and each input schema's value is one the field may hold. */
type Misfit = {
  [K in SongFieldName]: (Fields[K] extends { default: infer D } ? (D extends SongFieldValues[K] ? never : K) : never) |
    (z.output<InputSchemaOf<K>> extends SongFieldValues[K] ? never : K);
}[SongFieldName];
const _everyFieldFits: [Misfit] extends [never] ? true : { misfit: Misfit } = true;

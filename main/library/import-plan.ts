/**
 * What an import would do, worked out before anything is written (issue 28): the preview shows this plan and the
 * import writes it, so what the user agreed to is what happens. Songs are matched by id, then by the project they
 * came from (another computer's copy of the same project); a song the library lacks is added under its id, so the
 * same file imported again adds nothing twice. Only the fields a user edits are taken, each value keeping the time it
 * was edited where it was exported and replacing only an older edit here (`importedValueWins`). Custom fields are
 * matched by id, then by name and type; one the library lacks is planned under the file's id until the import adds
 * it. An entry that does not check out is skipped, with why.
 */
import { AppError } from '../../common/errors';
import { MAX_CUSTOM_FIELDS, type CustomField } from '../../common/songs/custom-fields';
import { checkCustomPatch } from '../../common/songs/custom-values';
import {
  documentTime,
  IMPORTED_FIELD_LABELS,
  IMPORTED_FIELDS,
  importedEditTime,
  importedFieldSchema,
  importedSongSchema,
  importedValueWins,
  libraryDocumentSchema,
  type ImportFieldChange,
} from '../../common/songs/library-export';
import type { JsonValue } from '../../common/bridge/schema-parts';
import type { Song } from '../../common/songs/song';
import { customEditKey, readEditTimes, sameValue } from '../../common/songs/song-edits';
import type { Db } from '../../db/handle';
import { listCustomFields } from '../../db/repositories/custom-fields';
import { buildSong, getSong, getSongOfProject } from '../../db/repositories/songs';
import { valueAt, withValueAt } from './imported-values';

const MESSAGE_NOT_A_LIBRARY = 'This file is not a Songshelf library export.';

export interface LibraryFile {
  /** When it was made (`documentTime`), and whether it said so. */
  madeAt: number;
  dated: boolean;
  fields: unknown[];
  songs: unknown[];
}

export interface FieldPlan {
  /** The file's field ids, mapped to this library's fields (or to one to add, under the file's id). */
  byFileId: Map<string, CustomField>;
  toAdd: CustomField[];
}

export type SongStep =
  | { kind: 'add'; index: number; song: Song }
  /** A song here: `after` it, `changes` written; `kept` the values left, edited here later. No changes: unchanged. */
  | { kind: 'update'; index: number; before: Song; after: Song; changes: ImportFieldChange[]; kept: ImportFieldChange[] }
  | { kind: 'skip'; index: number; reason: string };

export interface ImportPlan {
  file: LibraryFile;
  fields: FieldPlan;
  steps: SongStep[];
}

export function readLibraryFile(json: string, now: number): LibraryFile {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    throw new AppError('invalid_input', MESSAGE_NOT_A_LIBRARY);
  }
  const outline = libraryDocumentSchema.safeParse(parsed);
  if (!outline.success) throw new AppError('invalid_input', MESSAGE_NOT_A_LIBRARY);
  const { exportedAt, fields, songs } = outline.data;
  const madeAt = documentTime(exportedAt, now);
  return { madeAt, dated: madeAt > 0, fields, songs };
}

/** The whole plan, reading the library as it is now. */
export function planImport(db: Db, file: LibraryFile): ImportPlan {
  const here = listCustomFields(db);
  const fields = planFields(here, file.fields, db.now());
  const fieldsById = new Map([...here, ...fields.toAdd].map((field) => [field.id, field]));
  const context: SongContext = { db, file, fields, fieldsById, now: db.now(), claimed: new Set() };
  return { file, fields, steps: file.songs.map((entry, index) => planSong(context, entry, index)) };
}

/** The file's fields mapped to this library's: by id, then by name and type; one it lacks is to add, if it can be. */
export function planFields(here: readonly CustomField[], entries: readonly unknown[], now: number): FieldPlan {
  const plan: FieldPlan = { byFileId: new Map(), toAdd: [] };
  const known = [...here];
  for (const entry of entries) {
    const field = importedFieldSchema.safeParse(entry);
    if (!field.success) continue;
    const { id, name, type, options } = field.data;
    const same = known.find((candidate) => candidate.id === id) ?? known.find((candidate) => candidate.name.toLowerCase() === name.toLowerCase() && candidate.type === type);
    if (same) {
      plan.byFileId.set(id, same);
      continue;
    }
    if (known.length >= MAX_CUSTOM_FIELDS || known.some((candidate) => candidate.name.toLowerCase() === name.toLowerCase())) continue;
    const added: CustomField = { id, name, type, options, position: known.length, createdAt: now, modifiedAt: now };
    known.push(added);
    plan.toAdd.push(added);
    plan.byFileId.set(id, added);
  }
  return plan;
}

interface SongContext {
  db: Db;
  file: LibraryFile;
  fields: FieldPlan;
  /** This library's fields and those to add: what custom values are checked against. */
  fieldsById: Map<string, CustomField>;
  now: number;
  /** Songs an earlier entry of the file already plans for: a song is imported once. */
  claimed: Set<string>;
}

/** A value the file brings for a song, with the edit time it carries (-1: nobody edited it there). */
interface Incoming {
  key: string;
  label: string;
  value: JsonValue | null;
  at: number;
}

function planSong(context: SongContext, entry: unknown, index: number): SongStep {
  const parsed = importedSongSchema.safeParse(entry);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { kind: 'skip', index, reason: `not a song: ${issue?.path.join('.') || 'the entry'} ${issue?.message ?? ''}`.trim() };
  }
  const { id, projectPath, custom, editedAt, ...values } = parsed.data;
  let incoming: Incoming[];
  try {
    incoming = incomingValues(context, values, custom, editedAt === undefined ? null : readEditTimes(editedAt));
  } catch (error) {
    return { kind: 'skip', index, reason: error instanceof Error ? error.message : String(error) };
  }
  const existing = getSong(context.db, id) ?? (projectPath ? getSongOfProject(context.db, projectPath) : null);
  const target = existing?.id ?? id;
  if (context.claimed.has(target)) return { kind: 'skip', index, reason: 'the file holds this song more than once' };
  if (!existing && !values.name) return { kind: 'skip', index, reason: 'a new song needs a name' };
  context.claimed.add(target);
  if (existing) return planUpdate(index, existing, incoming, context.now);
  // A song of its own, under its id, so that the same file imported again updates it instead of adding it twice.
  const song = incoming.reduce((built, item) => withValueAt(built, item.key, item.value, item.at < 0 ? null : item.at), buildSong({ name: values.name as string, source: 'manual' }, context.now, id));
  return { kind: 'add', index, song };
}

/** The entry's fields and custom values, each with its time; a custom value that does not fit its field throws. */
function incomingValues(context: SongContext, values: Partial<Record<(typeof IMPORTED_FIELDS)[number], JsonValue>>, custom: Record<string, JsonValue> | undefined, times: Record<string, number> | null): Incoming[] {
  const madeAt = context.file.madeAt;
  const incoming: Incoming[] = [];
  for (const field of IMPORTED_FIELDS) {
    const value = values[field];
    if (value !== undefined) incoming.push({ key: field, label: IMPORTED_FIELD_LABELS[field], value, at: importedEditTime(times, field, madeAt) });
  }
  // Values of fields this library cannot map are left out, not kept as orphans.
  const fileIds = new Map<string, string>();
  for (const fileId of Object.keys(custom ?? {})) {
    const field = context.fields.byFileId.get(fileId) ?? context.fieldsById.get(fileId);
    if (field) fileIds.set(field.id, fileId);
  }
  const raw = Object.fromEntries([...fileIds].map(([localId, fileId]) => [localId, (custom as Record<string, JsonValue>)[fileId] as JsonValue]));
  for (const [localId, value] of checkCustomPatch(raw, context.fieldsById)) {
    const at = importedEditTime(times, customEditKey(fileIds.get(localId) as string), madeAt);
    incoming.push({ key: customEditKey(localId), label: context.fieldsById.get(localId)?.name ?? localId, value, at });
  }
  return incoming;
}

function planUpdate(index: number, before: Song, incoming: readonly Incoming[], now: number): SongStep {
  let after = before;
  const changes: ImportFieldChange[] = [];
  const kept: ImportFieldChange[] = [];
  for (const item of incoming) {
    const from = valueAt(before, item.key);
    if (sameValue(from, item.value)) continue;
    const change: ImportFieldChange = { key: item.key, label: item.label, from, to: item.value };
    if (!importedValueWins(before.editedAt, item.key, item.at)) {
      kept.push(change);
      continue;
    }
    after = withValueAt(after, item.key, item.value, item.at < 0 ? null : item.at);
    changes.push(change);
  }
  if (changes.length > 0) after = { ...after, modifiedAt: now };
  return { kind: 'update', index, before, after, changes, kept };
}

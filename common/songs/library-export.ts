/**
 * Taking the library out and back in (issue 20): a JSON document that holds every song's fields and the custom
 * fields they use, and a CSV of the same songs for spreadsheets. Both are made in the core (main/library/
 * library-export.ts); the page saves what it gets back as a file. An imported document is hostile until checked:
 * the core validates every song and field in it (`importedSongSchema`), and matches songs by id so that importing
 * the same file twice changes nothing. An import never reverts newer work (issue 28): each value it brings keeps
 * the time it was edited where it was exported (`importedEditTime`) and replaces only an older edit here
 * (`importedValueWins`); it is previewed first, backed up before, and undone in one step.
 */
import { z } from 'zod';
import { CUSTOM_FIELD_TYPES, type CustomField } from './custom-fields';
import { songQuerySchema } from '../views/query';
import type { JsonValue } from '../bridge/schema-parts';
import { songPatchSchema, type Song } from './song';
import { editTime, type EditTimes, type UserField } from './song-edits';

export const LIBRARY_EXPORT_FORMAT = 'songshelf-library';
export const LIBRARY_EXPORT_VERSION = 1;
/**
 * The largest document an import reads, in characters (UTF-16 code units, a string's length): about 20,000 songs with
 * all they were read to hold (tracks, samples, analysis). It never crosses in one call: the page sends it in chunks.
 */
export const MAX_IMPORT_BYTES = 64 * 1024 * 1024;
/**
 * Characters of a document per `library:import-upload` call. JSON text read from a file holds no raw control
 * characters but tab, newline and return (2 bytes each, escaped) and no lone surrogates (`File.text()` decodes UTF-8),
 * so a chunk is at most 3 bytes a character in a frame: 3 MiB, under the budget of any call (`MAX_CALL_INPUT_BYTES`,
 * common/bridge/json-size.ts) with room for the rest of the call.
 */
export const IMPORT_CHUNK_CHARS = 1024 * 1024;

export interface LibraryDocument {
  format: typeof LIBRARY_EXPORT_FORMAT;
  version: typeof LIBRARY_EXPORT_VERSION;
  exportedAt: string;
  fields: CustomField[];
  songs: Song[];
}

export const libraryExportSchema = z.strictObject({
  format: z.enum(['csv', 'json']),
  /** The songs of a view as the page shows them (its filters and search); without it, every song, hidden ones too. */
  query: songQuerySchema.pick({ viewId: true, sort: true, filters: true, search: true }).optional(),
});
export type LibraryExportRequest = z.input<typeof libraryExportSchema>;

export interface LibraryExportFile {
  fileName: string;
  mimeType: string;
  content: string;
  songs: number;
}

/** The core's name for a document being sent (a random UUID), given by its answer to the first chunk. */
const uploadIdSchema = z.uuid();

/**
 * One chunk of a document the page sends to import (`library:import-upload`), in order: the core assembles it in the
 * data folder (main/library/import-upload.ts) and refuses one past `MAX_IMPORT_BYTES` characters.
 */
export const importUploadSchema = z.strictObject({
  /** Absent on the first chunk; the core's answer gives it for the next ones. */
  uploadId: uploadIdSchema.optional(),
  /** Where this chunk starts, in characters: must equal what the core has received so far. */
  offset: z.number().int().nonnegative().max(MAX_IMPORT_BYTES),
  text: z.string().max(IMPORT_CHUNK_CHARS),
  /** The last chunk: the document is whole, and may be previewed and imported. */
  done: z.boolean(),
});
export type ImportUploadChunk = z.input<typeof importUploadSchema>;

export interface ImportUploadReceipt {
  uploadId: string;
  /** Characters received so far. */
  received: number;
  done: boolean;
}

/** A document sent whole, by its uploadId: the preview reads it and leaves it; the import reads it and removes it. */
export const libraryImportSchema = z.strictObject({ uploadId: uploadIdSchema });

/**
 * The chunks that send `text` (without the uploadId, which the first answer gives): at least one, the last `done`.
 * `chunkChars` (default and most: `IMPORT_CHUNK_CHARS`) may cut a surrogate pair: the core keeps the text as code
 * units, so the pair comes back whole.
 */
export function importUploadChunks(text: string, chunkChars = IMPORT_CHUNK_CHARS): Omit<ImportUploadChunk, 'uploadId'>[] {
  const size = Math.max(1, Math.min(chunkChars, IMPORT_CHUNK_CHARS));
  const chunks: Omit<ImportUploadChunk, 'uploadId'>[] = [];
  for (let offset = 0; offset === 0 || offset < text.length; offset += size) {
    chunks.push({ offset, text: text.slice(offset, offset + size), done: offset + size >= text.length });
  }
  return chunks;
}

/** An entry not imported, by its place in the document, with why. */
export interface ImportSkip {
  index: number;
  reason: string;
}

export interface LibraryImportReport {
  added: number;
  updated: number;
  /** Songs the file holds as they are here. */
  unchanged: number;
  /** Values not taken because the song's field was edited here later than in the file. */
  kept: number;
  fieldsAdded: number;
  skipped: ImportSkip[];
  /** The copy of the database made before the import wrote (in the data folder); null when it wrote nothing. */
  backupFile: string | null;
}

/** One field of one song: `from` the value here, `to` the file's (null: a custom value that is not set). */
export interface ImportFieldChange {
  /** The field (`status`), or a custom value by this library's field id (`custom.<id>`). */
  key: string;
  label: string;
  from: JsonValue | null;
  to: JsonValue | null;
}

export interface ImportSongChanges {
  index: number;
  id: string;
  name: string;
  /** What the import would write. */
  changes: ImportFieldChange[];
  /** What it would leave, the field being edited here later than in the file. */
  kept: ImportFieldChange[];
}

/** The most songs each list of a preview names; the totals count them all. */
export const MAX_PREVIEW_ENTRIES = 200;

/** What `library:import` would do with a document, asked before it does it (nothing is written). */
export interface LibraryImportPreview {
  /** When the file was made (epoch ms); null for a document that does not say. */
  exportedAt: number | null;
  totals: { added: number; changed: number; unchanged: number; kept: number; skipped: number };
  added: { index: number; id: string; name: string }[];
  /** Songs with a value the import would write or would leave. */
  changed: ImportSongChanges[];
  skipped: ImportSkip[];
  /** The custom fields the import would add, by name. */
  fieldsAdded: string[];
}

/** The last import, while it can be undone. */
export interface LastImport {
  importedAt: number;
  updated: number;
  added: number;
}

export const importUndoSchema = z.strictObject({ importedAt: z.number().int().nonnegative() });

export interface ImportUndoReport {
  /** Songs given back their values from before the import. */
  restored: number;
  /** Songs the import added, removed again. */
  removed: number;
  /** Values and songs left as they are, edited since the import. */
  kept: number;
}

/** The document's outline; each song and field in it is checked on its own, so one bad entry costs only itself. */
export const libraryDocumentSchema = z.object({
  format: z.literal(LIBRARY_EXPORT_FORMAT),
  version: z.literal(LIBRARY_EXPORT_VERSION),
  /** Every export writes it; an older or hand-made document may not (see `documentTime`). */
  exportedAt: z.string().max(64).optional(),
  fields: z.array(z.unknown()).max(1000).default([]),
  songs: z.array(z.unknown()).max(1_000_000),
});

export const importedFieldSchema = z.object({
  id: z.string().min(1).max(100),
  name: z.string().trim().min(1).max(100),
  type: z.enum(CUSTOM_FIELD_TYPES),
  options: z.array(z.string().trim().min(1).max(100)).max(200).default([]),
});

/** The ids this app gives songs and fields (UUIDs): an imported one must be one, being a key and a folder name here. */
const appIdSchema = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'is not a song id');

/**
 * The fields an import takes from a song (and each custom value, by itself), as the preview names them. Each is a field
 * the musician edits (`USER_FIELDS`), so each carries its own edit time.
 */
export const IMPORTED_FIELD_LABELS = {
  name: 'Name',
  priority: 'Priority',
  tier: 'Tier',
  status: 'Status',
  tags: 'Tags',
  notes: 'Notes',
  tempo: 'Tempo',
  key: 'Key',
  timeSignature: 'Time signature',
  hidden: 'Hidden',
  focus: 'Finishing',
  nextStep: 'Next step',
} as const satisfies Partial<Record<UserField, string>>;
export type ImportedField = keyof typeof IMPORTED_FIELD_LABELS;
export const IMPORTED_FIELDS = Object.keys(IMPORTED_FIELD_LABELS) as ImportedField[];

const importedPick = Object.fromEntries([...IMPORTED_FIELDS, 'custom'].map((field) => [field, true])) as { [F in ImportedField | 'custom']: true };

/**
 * What an import takes from a song: its id, the project it came from, the fields a user edits, and when each was
 * edited (read by `readEditTimes`: a damaged map reads as no edits).
 */
export const importedSongSchema = z.object({
  id: appIdSchema,
  projectPath: z.string().max(4096).nullable().optional(),
  ...songPatchSchema.pick(importedPick).shape,
  editedAt: z.unknown().optional(),
});

/**
 * When a document was made: its `exportedAt`, never later than `now` (a file from a clock ahead must not beat the edits
 * that follow it); 0 for a document that does not say, older than any edit whose time is known.
 */
export function documentTime(exportedAt: string | undefined, now: number): number {
  const time = exportedAt === undefined ? Number.NaN : Date.parse(exportedAt);
  return Number.isFinite(time) && time >= 0 ? Math.min(time, now) : 0;
}

/**
 * The edit time an imported value carries (trust rules: "imports never newer than the edits they meet"): the time it
 * was edited on the computer that exported it, never after the document was made; for a song without edit times (an
 * older or hand-made document), the document's time; -1 when the exporting computer never edited it (a scan's value
 * or a default, which must not replace anyone's edit).
 */
export function importedEditTime(exported: EditTimes | null, key: string, madeAt: number): number {
  if (!exported) return madeAt;
  const time = editTime(exported, key);
  return time < 0 ? -1 : Math.min(time, madeAt);
}

/**
 * Whether an imported value replaces the value here: when it was edited later, as the merge at the next sync would
 * choose (`song-merge.ts`); on equal times the value here stays. A value nobody edited, here or there, is the file's.
 */
export function importedValueWins(here: EditTimes, key: string, importedAt: number): boolean {
  const hereAt = editTime(here, key);
  return importedAt > hereAt || (importedAt < 0 && hereAt < 0);
}

const CSV_SONG_COLUMNS: [string, (song: Song) => string][] = [
  ['id', (song) => song.id],
  ['name', (song) => song.name],
  ['status', (song) => song.status],
  ['priority', (song) => song.priority],
  ['tier', (song) => song.tier],
  ['tempo', (song) => song.tempo],
  ['key', (song) => song.key],
  ['time signature', (song) => song.timeSignature],
  ['tags', (song) => song.tags.join('; ')],
  ['notes', (song) => song.notes],
  ['audio file', (song) => song.file?.localPath ?? song.file?.fileName ?? ''],
  ['project', (song) => song.projectPath ?? song.recordingSession?.value ?? ''],
  ['daw', (song) => (typeof song.meta.daw === 'string' ? song.meta.daw : '')],
  ['daw version', (song) => (typeof song.meta.dawVersion === 'string' ? song.meta.dawVersion : '')],
  ['hidden', (song) => (song.hidden ? 'yes' : '')],
  ['modified', (song) => new Date(song.modifiedAt).toISOString()],
];

/**
 * RFC 4180: quoted when it holds a comma, a quote or a line break. A cell a spreadsheet would run as a formula
 * (=, +, -, @ first: a name from another computer may be "=HYPERLINK(…)") is kept as text with a leading quote.
 */
function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

function customCell(value: Song['custom'][string] | undefined): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.join('; ');
  if (typeof value === 'boolean') return value ? 'yes' : '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** One row per song: its fields, then one column per custom field (by name). */
export function songsToCsv(songs: readonly Song[], fields: readonly CustomField[]): string {
  const header = [...CSV_SONG_COLUMNS.map(([name]) => name), ...fields.map((field) => field.name)];
  const lines = [header.map(csvCell).join(',')];
  for (const song of songs) {
    const cells = [...CSV_SONG_COLUMNS.map(([, value]) => value(song)), ...fields.map((field) => customCell(song.custom[field.id]))];
    lines.push(cells.map(csvCell).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}


/**
 * Taking the library out and back in (issue 20): a JSON document that holds every song's fields and the custom
 * fields they use, and a CSV of the same songs for spreadsheets. Both are made in the core (main/library/
 * library-export.ts); the page saves what it gets back as a file. An imported document is hostile until checked:
 * the core validates every song and field in it (`importedSongSchema`), and matches songs by id so that importing
 * the same file twice changes nothing.
 */
import { z } from 'zod';
import { CUSTOM_FIELD_TYPES, type CustomField } from './custom-fields';
import { songQuerySchema } from './query';
import { songPatchSchema, type Song } from './song';

export const LIBRARY_EXPORT_FORMAT = 'songshelf-library';
export const LIBRARY_EXPORT_VERSION = 1;
/**
 * The largest document an import reads: about 20,000 songs with all they were read to hold (tracks, samples,
 * analysis); the browser host's frames are sized to carry it.
 */
export const MAX_IMPORT_BYTES = 64 * 1024 * 1024;

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

export const libraryImportSchema = z.strictObject({ json: z.string().min(2).max(MAX_IMPORT_BYTES) });

export interface LibraryImportReport {
  added: number;
  updated: number;
  fieldsAdded: number;
  /** Entries not imported, by their place in the document, with why. */
  skipped: { index: number; reason: string }[];
}

/** The document's outline; each song and field in it is checked on its own, so one bad entry costs only itself. */
export const libraryDocumentSchema = z.object({
  format: z.literal(LIBRARY_EXPORT_FORMAT),
  version: z.literal(LIBRARY_EXPORT_VERSION),
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

/** What an import takes from a song: its id, the project it came from, and the fields a user edits. */
export const importedSongSchema = z.object({
  id: appIdSchema,
  projectPath: z.string().max(4096).nullable().optional(),
  ...songPatchSchema.pick({ name: true, priority: true, tier: true, status: true, tags: true, notes: true, tempo: true, key: true, timeSignature: true, hidden: true, custom: true }).shape,
});

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
export function csvCell(value: string): string {
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


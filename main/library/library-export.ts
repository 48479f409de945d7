/**
 * The library taken out and brought back (issue 20; formats in common/library-export.ts). An export is the songs of
 * a view as the page shows them, or every song (hidden ones too), with the custom fields they use. An import
 * matches each song by id, then by the project it came from (another computer's copy of the same project), and
 * otherwise adds it as a song of its own; it changes only the fields a user edits, so importing a file twice, or
 * a file this library wrote, duplicates nothing. Custom fields are matched by id, then by name and type; one the
 * library lacks is added. A song or field that does not check out is skipped and named in the report.
 */
import { AppError } from '../../common/errors';
import { MAX_CUSTOM_FIELDS, type CustomField } from '../../common/custom-fields';
import { applyCustomPatch, checkCustomPatch } from '../../common/custom-values';
import {
  importedFieldSchema,
  importedSongSchema,
  LIBRARY_EXPORT_FORMAT,
  LIBRARY_EXPORT_VERSION,
  libraryDocumentSchema,
  songsToCsv,
  type LibraryDocument,
  type LibraryExportFile,
  type LibraryExportRequest,
  type LibraryImportReport,
} from '../../common/library-export';
import { MAX_PAGE_SIZE } from '../../common/constants';
import type { JsonValue } from '../../common/schema-parts';
import type { Song, SongPatch } from '../../common/song';
import { inTransaction, type Db } from '../../db/handle';
import { addCustomField, customFieldsById, listCustomFields } from '../../db/repositories/custom-fields';
import { insertSongs } from '../../db/repositories/song-writer';
import { buildSong, getSong, getSongOfProject, getSongs, updateSong } from '../../db/repositories/songs';
import { querySongs } from '../../db/song-query';

/** Songs written per transaction on import: a 20,000-song file does not hold the database for long at a time. */
const IMPORT_BATCH = 500;
const MESSAGE_NOT_A_LIBRARY = 'This file is not a Songshelf library export.';

export function exportLibrary(db: Db, request: LibraryExportRequest): LibraryExportFile {
  const songs = request.query ? songsOfQuery(db, request.query) : getSongs(db, { includeHidden: true });
  const fields = listCustomFields(db);
  const stamp = new Date(db.now()).toISOString().slice(0, 10);
  const base = `Songshelf ${request.query ? 'view' : 'library'} ${stamp}`;
  if (request.format === 'csv') return { fileName: `${base}.csv`, mimeType: 'text/csv', content: songsToCsv(songs, fields), songs: songs.length };
  const document: LibraryDocument = { format: LIBRARY_EXPORT_FORMAT, version: LIBRARY_EXPORT_VERSION, exportedAt: new Date(db.now()).toISOString(), fields, songs };
  return { fileName: `${base}.json`, mimeType: 'application/json', content: JSON.stringify(document, null, 1), songs: songs.length };
}

/** Every song of the query, in its order, a page at a time. */
function songsOfQuery(db: Db, query: NonNullable<LibraryExportRequest['query']>): Song[] {
  const found: Song[] = [];
  for (let offset = 0; ; offset += MAX_PAGE_SIZE) {
    const page = querySongs(db, { viewId: query.viewId, sort: query.sort, filters: query.filters ?? [], search: query.search ?? '', offset, limit: MAX_PAGE_SIZE });
    found.push(...page.rows);
    if (page.rows.length < MAX_PAGE_SIZE || found.length >= page.total) return found;
  }
}

export function importLibrary(db: Db, json: string): LibraryImportReport {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    throw new AppError('invalid_input', MESSAGE_NOT_A_LIBRARY);
  }
  const outline = libraryDocumentSchema.safeParse(parsed);
  if (!outline.success) throw new AppError('invalid_input', MESSAGE_NOT_A_LIBRARY);
  const report: LibraryImportReport = { added: 0, updated: 0, fieldsAdded: 0, skipped: [] };
  const fieldIds = importFields(db, outline.data.fields, report);
  const entries = outline.data.songs;
  for (let start = 0; start < entries.length; start += IMPORT_BATCH) {
    inTransaction(db, () => {
      for (let index = start; index < Math.min(entries.length, start + IMPORT_BATCH); index += 1) importSong(db, entries[index], index, fieldIds, report);
    });
  }
  return report;
}

/** The document's fields mapped to this library's: by id, then by name and type; one it lacks is added. */
function importFields(db: Db, entries: unknown[], report: LibraryImportReport): Map<string, string> {
  const mapped = new Map<string, string>();
  const here = listCustomFields(db);
  for (const entry of entries) {
    const field = importedFieldSchema.safeParse(entry);
    if (!field.success) continue;
    const same = here.find((candidate) => candidate.id === field.data.id) ?? here.find((candidate) => candidate.name.toLowerCase() === field.data.name.toLowerCase() && candidate.type === field.data.type);
    if (same) {
      mapped.set(field.data.id, same.id);
      continue;
    }
    if (here.length >= MAX_CUSTOM_FIELDS || here.some((candidate) => candidate.name.toLowerCase() === field.data.name.toLowerCase())) continue;
    const added: CustomField = addCustomField(db, { name: field.data.name, type: field.data.type, options: field.data.options });
    here.push(added);
    mapped.set(field.data.id, added.id);
    report.fieldsAdded += 1;
  }
  return mapped;
}

function importSong(db: Db, entry: unknown, index: number, fieldIds: Map<string, string>, report: LibraryImportReport): void {
  const parsed = importedSongSchema.safeParse(entry);
  if (!parsed.success) {
    report.skipped.push({ index, reason: `not a song: ${parsed.error.issues[0]?.path.join('.') || 'the entry'} ${parsed.error.issues[0]?.message ?? ''}`.trim() });
    return;
  }
  const { id, projectPath, custom, ...fields } = parsed.data;
  const patch: SongPatch = { ...fields };
  try {
    if (custom) patch.custom = mappedCustom(db, custom, fieldIds);
    const existing = getSong(db, id) ?? (projectPath ? getSongOfProject(db, projectPath) : null);
    if (existing) {
      updateSong(db, existing.id, patch);
      report.updated += 1;
      return;
    }
    if (!fields.name) {
      report.skipped.push({ index, reason: 'a new song needs a name' });
      return;
    }
    // A song of its own, under its id, so that the same file imported again updates it instead of adding it twice.
    const song = buildSong({ name: fields.name, source: 'manual' }, db.now(), id);
    const { custom: customPatch, ...rest } = patch;
    const values = customPatch ? applyCustomPatch({}, checkCustomPatch(customPatch as Record<string, JsonValue>, customFieldsById(db))) : {};
    insertSongs(db, [{ ...song, ...rest, custom: values }]);
    report.added += 1;
  } catch (error) {
    report.skipped.push({ index, reason: error instanceof Error ? error.message : String(error) });
  }
}

/** The song's custom values under this library's field ids; values of fields it could not map are left out. */
function mappedCustom(db: Db, custom: Record<string, JsonValue>, fieldIds: Map<string, string>): Record<string, JsonValue> {
  const known = customFieldsById(db);
  const out: Record<string, JsonValue> = {};
  for (const [id, value] of Object.entries(custom)) {
    const target = fieldIds.get(id) ?? (known.has(id) ? id : undefined);
    if (target) out[target] = value;
  }
  return out;
}


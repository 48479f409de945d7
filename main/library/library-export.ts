/**
 * The library taken out (issue 20; formats in common/songs/library-export.ts): the songs of a view as the page shows them,
 * or every song (hidden ones too), with the custom fields they use and the time the document was made. Each song
 * carries its edit times, which an import brings back with its values (`library-import.ts`).
 */
import { LIBRARY_EXPORT_FORMAT, LIBRARY_EXPORT_VERSION, songsToCsv, type LibraryDocument, type LibraryExportFile, type LibraryExportRequest } from '../../common/songs/library-export';
import { MAX_PAGE_SIZE } from '../../common/constants';
import type { Song } from '../../common/songs/song';
import type { Db } from '../../db/handle';
import { listCustomFields } from '../../db/repositories/custom-fields';
import { getSongs } from '../../db/repositories/songs';
import { querySongs } from '../../db/song-query';

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

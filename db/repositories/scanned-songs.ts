/**
 * The writes a scan makes to songs. A scan owns the file references and the extracted values of the songs it
 * finds; it never touches a field the user edited (DESIGN.md: "a user edit is never overwritten by a scan").
 * Each write writes its sync record, like every other song write.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { PROCESSING_FLAG_EXPIRY_MS } from '../../common/constants';
import type { ProjectMeta } from '../../common/project-meta';
import { asJson, type JsonValue } from '../../common/schema-parts';
import type { Song } from '../../common/song';
import type { Db } from '../connection';
import { pathInside } from '../path-range';
import { songFromRow, songToColumns } from '../rows/song-row';
import { songs } from '../schema';
import { writeSyncRecords } from './sync-records';

/** The songs a scan of this folder may own: found in a folder, with their project inside it. */
export function songsOfDirectory(db: Db, folder: string): Map<string, Song> {
  const rows = db.orm
    .select()
    .from(songs)
    .where(and(eq(songs.source, 'directory'), pathInside(songs.projectPath, folder)))
    .all();
  return new Map(rows.map((row) => [row.projectPath as string, songFromRow(row)]));
}

/** Inserts songs and their `add` records in multi-row statements (a first scan writes thousands). */
export function insertSongs(db: Db, newSongs: Song[]): void {
  for (let i = 0; i < newSongs.length; i += 100) {
    const chunk = newSongs.slice(i, i + 100);
    db.orm.insert(songs).values(chunk.map(songToColumns)).run();
    writeRecords(db, 'add', chunk);
  }
}

/** Rewrites whole songs (the caller merged the scan's values into the current ones). */
export function replaceSongs(db: Db, changed: Song[]): void {
  for (const song of changed) db.orm.update(songs).set(songToColumns(song)).where(eq(songs.id, song.id)).run();
  for (let i = 0; i < changed.length; i += 100) writeRecords(db, 'update', changed.slice(i, i + 100));
}

/**
 * Fills the values read from the project: tempo, key and time signature only where the user has not edited
 * them; everything read is kept in `meta`.
 */
export function mergeProjectMeta(song: Song, meta: ProjectMeta, now: number): Song {
  const edited = new Set(song.editedFields);
  const display = {
    tempo: meta.tempo === null ? '' : formatTempo(meta.tempo),
    key: meta.key ?? '',
    timeSignature: meta.timeSignature ?? '',
  };
  const extracted: Record<string, JsonValue> = {
    daw: meta.daw,
    dawVersion: meta.dawVersion,
    tempo: meta.tempo,
    tempoAutomated: meta.tempoAutomated,
    key: meta.key,
    timeSignature: meta.timeSignature,
    sampleRate: meta.sampleRate,
    trackCount: meta.trackCount,
    tracks: meta.tracks,
    samples: meta.samples,
    missingSamples: meta.missingSamples,
    readError: null,
  };
  return {
    ...song,
    tempo: edited.has('tempo') ? song.tempo : display.tempo,
    key: edited.has('key') ? song.key : display.key,
    timeSignature: edited.has('timeSignature') ? song.timeSignature : display.timeSignature,
    meta: { ...song.meta, ...extracted },
    modifiedAt: now,
  };
}

/** Live stores float32 (119.999992): show what the musician typed (120), keeping real fractions (99.5). */
export function formatTempo(tempo: number): string {
  return String(Math.round(tempo * 100) / 100);
}

/** Spec section 4: a processing flag older than 2 minutes is cleared. Returns the songs it cleared. */
export function clearStaleProcessingFlags(db: Db, now: number = db.now()): string[] {
  const stale = db.orm
    .select({ id: songs.id })
    .from(songs)
    .where(and(eq(songs.isBeingProcessed, true), sql`${songs.processingStartedAt} <= ${now - PROCESSING_FLAG_EXPIRY_MS}`))
    .all()
    .map((row) => row.id);
  if (stale.length > 0) {
    db.orm.update(songs).set({ isBeingProcessed: false, processingStartedAt: null }).where(inArray(songs.id, stale)).run();
  }
  return stale;
}

function writeRecords(db: Db, type: 'add' | 'update', written: Song[]): void {
  writeSyncRecords(db, written.map((song) => ({ type, table: 'songs', recordId: song.id, data: asJson(song) })));
}

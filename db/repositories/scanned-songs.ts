/**
 * The writes a scan makes to songs. A scan owns the file references and the extracted values of the songs it
 * finds; it never touches a field the user edited (DESIGN.md: "a user edit is never overwritten by a scan").
 * Each write writes its sync record, like every other song write.
 */
import { and, eq, sql } from 'drizzle-orm';
import { PROCESSING_FLAG_EXPIRY_MS } from '../../common/constants';
import { creditsOf, formatTempo, type ProjectMeta } from '../../common/projects/project-meta';
import type { JsonValue } from '../../common/bridge/schema-parts';
import type { RecordingSession, Song, SongFile } from '../../common/songs/song';
import { isEdited, readEditTimes, type EditTimes } from '../../common/songs/song-edits';
import type { Db } from '../handle';
import { pathInside } from '../path-range';
import { parseJsonColumn } from '../rows/json-column';
import { fileFromColumns, sessionFromColumns, songFromRow } from '../rows/song-row';
import { songs } from '../schema';
import { lowerProcessingFlags, rewriteSongs } from './song-writer';
import { getSong } from './songs';

/**
 * What a scan needs to know of a song it owns: its identity, the files it points at, what the user took over,
 * and whether it was read. A light projection: a rescan of 20,000 songs never parses their metadata.
 */
export interface ScannedSongState {
  id: string;
  projectPath: string;
  /** To name the folder's song after its set when the folder's sets become songs of their own (`plan-scan.ts`). */
  name: string;
  file: SongFile | null;
  recordingSession: RecordingSession | null;
  editedAt: EditTimes;
  projectMissing: boolean;
  /** The project file was read (or found unreadable) at least once. */
  projectRead: boolean;
  audioRead: boolean;
}

export function scanStateOfDirectory(db: Db, folder: string): Map<string, ScannedSongState> {
  const query = db.orm
    .select({
      id: songs.id,
      projectPath: songs.projectPath,
      name: songs.name,
      fileValue: songs.fileValue,
      fileLocalPath: songs.fileLocalPath,
      fileName: songs.fileName,
      fileModifiedAt: songs.fileModifiedAt,
      sessionValue: songs.sessionValue,
      sessionFileName: songs.sessionFileName,
      sessionModifiedAt: songs.sessionModifiedAt,
      sessionIsPackage: songs.sessionIsPackage,
      editedFields: songs.editedFields,
      // From the columns kept beside `meta` (`metaColumns`), never `meta` itself: parsing it was half this read.
      projectMissing: songs.missing,
      // A project read, or one that failed, records the DAW it was read as (read-jobs.ts).
      projectRead: sql<number>`${songs.daw} IS NOT NULL`,
      audioRead: songs.audioRead,
    })
    .from(songs)
    .where(and(eq(songs.source, 'directory'), pathInside(songs.projectPath, folder)))
    .toSQL();
  // Row by row, as the files index: 20,000 songs held whole and then mapped would be there twice at a rescan's peak.
  const rows = db.sqlite.prepare(query.sql).raw().iterate(...query.params) as IterableIterator<ScanStateColumns>;
  const states = new Map<string, ScannedSongState>();
  for (const [id, projectPath, name, fileValue, fileLocalPath, fileName, fileModifiedAt, sessionValue, sessionFileName, sessionModifiedAt, sessionIsPackage, editedFields, projectMissing, projectRead, audioRead] of rows) {
    states.set(projectPath, {
      id,
      projectPath,
      name,
      file: fileFromColumns({ fileValue, fileLocalPath, fileName, fileModifiedAt }),
      recordingSession: sessionFromColumns({ sessionValue, sessionFileName, sessionModifiedAt, sessionIsPackage: sessionIsPackage === 1 }),
      editedAt: readEditTimes(parseJsonColumn<unknown>(editedFields, {})),
      projectMissing: projectMissing === 1,
      projectRead: projectRead === 1,
      audioRead: audioRead === 1,
    });
  }
  return states;
}

/** The columns `scanStateOfDirectory` reads, in its select's order (SQLite's values: a boolean is 0 or 1). */
type ScanStateColumns = [
  id: string,
  projectPath: string,
  name: string,
  fileValue: string | null,
  fileLocalPath: string | null,
  fileName: string | null,
  fileModifiedAt: number | null,
  sessionValue: string | null,
  sessionFileName: string | null,
  sessionModifiedAt: number | null,
  sessionIsPackage: number,
  editedFields: string | null,
  projectMissing: number,
  projectRead: number,
  audioRead: number,
];

/** Whether a scan of this folder owns any song yet. */
export function hasScannedSongs(db: Db, folder: string): boolean {
  return db.orm.select({ id: songs.id }).from(songs).where(and(eq(songs.source, 'directory'), pathInside(songs.projectPath, folder))).limit(1).get() !== undefined;
}

/** The project folders and packages of the songs a scan of this folder owns (to scope a targeted scan). */
export function projectPathsOfDirectory(db: Db, folder: string): Set<string> {
  const rows = db.orm
    .select({ projectPath: songs.projectPath })
    .from(songs)
    .where(and(eq(songs.source, 'directory'), pathInside(songs.projectPath, folder)))
    .all();
  return new Set(rows.map((row) => row.projectPath as string));
}

/** What a scan changes on a song it owns: only the fields it sets, applied to the song as it is when written. */
export interface ScanPatch {
  id: string;
  set: Partial<Pick<Song, 'name' | 'projectPath' | 'file' | 'recordingSession'>>;
  projectMissing: boolean;
}

/**
 * Applies patches inside the caller's transaction, to each song as it is now: a field the user took over
 * since the scan planned (an edit made while it ran) is still left alone.
 */
export function applyScanPatches(db: Db, patches: ScanPatch[]): void {
  const now = db.now();
  const changed: Song[] = [];
  for (const patch of patches) {
    const current = getSong(db, patch.id);
    if (!current) continue;
    const next: Song = { ...current, meta: { ...current.meta }, modifiedAt: now };
    for (const [field, value] of Object.entries(patch.set) as [keyof ScanPatch['set'], unknown][]) {
      if (field === 'projectPath' || !isEdited(current.editedAt, field)) Object.assign(next, { [field]: value });
    }
    if (patch.projectMissing) next.meta.projectMissing = true;
    else delete next.meta.projectMissing;
    changed.push(next);
  }
  rewriteSongs(db, changed);
}


/** The songs a scan of this folder may own: found in a folder, with their project inside it. */
export function songsOfDirectory(db: Db, folder: string): Map<string, Song> {
  const rows = db.orm
    .select()
    .from(songs)
    .where(and(eq(songs.source, 'directory'), pathInside(songs.projectPath, folder)))
    .all();
  return new Map(rows.map((row) => [row.projectPath as string, songFromRow(row)]));
}


/**
 * Fills the values read from the project: tempo, key and time signature only where the user has not edited
 * them; everything read is kept in `meta` (the project's title, artist and genre there only: a song has no such
 * fields of its own, and its name is the user's).
 */
export function mergeProjectMeta(song: Song, meta: ProjectMeta, now: number): Song {
  const edited = (field: string) => isEdited(song.editedAt, field);
  const credits = creditsOf(meta.credits);
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
    // Live only (the other readers leave them out): null clears what an earlier read of another format left.
    devices: meta.devices ?? null,
    plugins: meta.plugins ? meta.plugins.map(({ name, format, instances }) => ({ name, format, instances })) : null,
    clipCount: meta.clipCount ?? null,
    arrangementBeats: meta.arrangementBeats ?? null,
    // The full lengths of the lists cut to their caps (`capProjectMeta`); null clears an earlier read's.
    listTotals: meta.listTotals ? { ...meta.listTotals } : null,
    // The title, artist and genre the project stores, kept beside the song's own name and fields, never over them;
    // null clears an earlier read's.
    credits: credits ? { ...credits } : null,
    // The values found by pattern rather than stated (Bitwig's tempo): the panel says so; null clears an earlier read's.
    heuristic: meta.heuristic && meta.heuristic.length > 0 ? [...meta.heuristic] : null,
    readError: null,
  };
  return {
    ...song,
    tempo: edited('tempo') ? song.tempo : display.tempo,
    key: edited('key') ? song.key : display.key,
    timeSignature: edited('timeSignature') ? song.timeSignature : display.timeSignature,
    meta: { ...song.meta, ...extracted },
    modifiedAt: now,
  };
}

/**
 * Fills tempo and key from what the analysis heard in the song's audio, for a song whose project gave none (a
 * bounce or loose audio) and only where the user has not set them; the analysis itself is kept in `meta.analysis`.
 */
export function mergeAudioAnalysis(song: Song, analysis: JsonValue, heard: { bpm: number | null; key: string | null }, now: number): Song {
  const edited = (field: string) => isEdited(song.editedAt, field);
  const fromProject = (field: 'tempo' | 'key') => song.meta[field] !== undefined && song.meta[field] !== null;
  const tempo = heard.bpm !== null && !edited('tempo') && !fromProject('tempo') ? formatTempo(heard.bpm) : song.tempo;
  const key = heard.key !== null && !edited('key') && !fromProject('key') ? heard.key : song.key;
  // Only a value the table shows moves the song under "Modified": hearing a project's bounce in the background
  // must not reorder the rows the user is working in (the analysis itself is kept in meta either way).
  const changed = tempo !== song.tempo || key !== song.key;
  return { ...song, tempo, key, meta: { ...song.meta, analysis }, modifiedAt: changed ? now : song.modifiedAt };
}

/** Spec section 4: a processing flag older than 2 minutes is cleared. Returns the songs it cleared. */
export function clearStaleProcessingFlags(db: Db, now: number = db.now()): string[] {
  const stale = db.orm
    .select({ id: songs.id })
    .from(songs)
    .where(and(eq(songs.isBeingProcessed, true), sql`${songs.processingStartedAt} <= ${now - PROCESSING_FLAG_EXPIRY_MS}`))
    .all()
    .map((row) => row.id);
  lowerProcessingFlags(db, stale);
  return stale;
}

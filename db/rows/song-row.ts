/** The one mapping between a `songs` row and the domain `Song`. */
import type { JsonValue } from '../../common/schema-parts';
import type { Priority, RecordingSession, Song, SongFile, SongSource, Status, Tier } from '../../common/song';
import { readEditTimes } from '../../common/song-edits';
import { tempoToBpm } from '../../common/tempo';
import type { songs } from '../schema';
import { parseJsonColumn } from './json-column';

export type SongRow = typeof songs.$inferSelect;
export type SongInsert = typeof songs.$inferInsert;

export function songFromRow(row: SongRow): Song {
  return {
    id: row.id,
    name: row.name,
    file: fileFromColumns(row),
    priority: row.priority as Priority,
    tier: row.tier as Tier,
    status: row.status as Status,
    tags: parseJsonColumn<string[]>(row.tags, []),
    notes: row.notes,
    tempo: row.tempo,
    key: row.key,
    timeSignature: row.timeSignature,
    recordingSession: sessionFromColumns(row),
    projectPath: row.projectPath,
    source: row.source as SongSource,
    hidden: row.hidden,
    needsUploadRetry: row.needsUploadRetry,
    isBeingProcessedByHandleNewProject: row.isBeingProcessed,
    custom: parseJsonColumn<Record<string, JsonValue>>(row.custom, {}),
    meta: parseJsonColumn<Record<string, JsonValue>>(row.meta, {}),
    editedAt: readEditTimes(parseJsonColumn<unknown>(row.editedFields, {})),
    createdAt: row.createdAt,
    modifiedAt: row.modifiedAt,
    supabaseId: row.supabaseId,
    ...(row.removedBySyncAt === null ? {} : { removedBySyncAt: row.removedBySyncAt }),
  };
}

export function fileFromColumns(row: Pick<SongRow, 'fileValue' | 'fileLocalPath' | 'fileName' | 'fileModifiedAt'>): SongFile | null {
  if (row.fileValue === null) return null;
  return { value: row.fileValue, localPath: row.fileLocalPath, fileName: row.fileName ?? '', modifiedTime: row.fileModifiedAt };
}

export function sessionFromColumns(
  row: Pick<SongRow, 'sessionValue' | 'sessionFileName' | 'sessionModifiedAt' | 'sessionIsPackage'>,
): RecordingSession | null {
  if (row.sessionValue === null) return null;
  return { value: row.sessionValue, fileName: row.sessionFileName ?? '', sessionModifiedTime: row.sessionModifiedAt, isPackage: row.sessionIsPackage };
}

/** Every column of a song, for an insert or a full rewrite; `seq` is the database's. */
export function songToColumns(song: Song): Omit<SongInsert, 'seq'> {
  return {
    id: song.id,
    name: song.name,
    fileValue: song.file?.value ?? null,
    fileLocalPath: song.file?.localPath ?? null,
    fileName: song.file?.fileName ?? null,
    fileModifiedAt: song.file?.modifiedTime ?? null,
    priority: song.priority,
    tier: song.tier,
    status: song.status,
    tags: JSON.stringify(song.tags),
    notes: song.notes,
    tempo: song.tempo,
    tempoBpm: tempoToBpm(song.tempo),
    key: song.key,
    timeSignature: song.timeSignature,
    sessionValue: song.recordingSession?.value ?? null,
    sessionFileName: song.recordingSession?.fileName ?? null,
    sessionModifiedAt: song.recordingSession?.sessionModifiedTime ?? null,
    sessionIsPackage: song.recordingSession?.isPackage ?? false,
    projectPath: song.projectPath,
    source: song.source,
    hidden: song.hidden,
    needsUploadRetry: song.needsUploadRetry,
    isBeingProcessed: song.isBeingProcessedByHandleNewProject,
    custom: JSON.stringify(song.custom),
    meta: JSON.stringify(song.meta),
    // The `edited_fields` column: a list of fields before edits had times, the map of times since (`song-edits.ts`).
    editedFields: JSON.stringify(song.editedAt),
    createdAt: song.createdAt,
    modifiedAt: song.modifiedAt,
    supabaseId: song.supabaseId,
    // Written whole (an edit, a scan, a pull), the song is a live one again: no longer waiting to be purged.
    removedBySyncAt: null,
  };
}

/**
 * Where each song field sits in a `songs` row, by the field names of `common/songs/song-fields.ts`. A field not named here
 * sits, as it is, in the column of its own name (checked when compiling: the column must exist and hold the value);
 * the entries are the fields stored another way: split over several columns, kept as JSON, renamed, or with a
 * column derived beside them.
 */
import { heardReadings } from '../../common/audio/audio-analysis';
import type { JsonValue } from '../../common/bridge/schema-parts';
import type { RecordingSession, Song, SongFile } from '../../common/songs/song';
import { readEditTimes } from '../../common/songs/song-edits';
import type { SongFieldName } from '../../common/songs/song-fields';
import { openCommentsOf } from '../../common/cloud/shares';
import { activityOf } from '../../common/studio/studio-time';
import { tempoToBpm } from '../../common/songs/tempo';
import type { songs } from '../schema';
import { parseJsonColumn } from './json-column';

export type SongRow = typeof songs.$inferSelect;
export type SongInsert = typeof songs.$inferInsert;
export type SongColumns = Omit<SongInsert, 'seq'>;

/** How one field is read from a row and written to its columns (into the row being built: songs are written by the 50,000). */
export interface ColumnCodec<K extends SongFieldName> {
  read(row: SongRow): Song[K];
  write(value: Song[K], columns: Partial<SongColumns>): void;
}

type Codecs = { [K in SongFieldName]?: ColumnCodec<K> };

export const SONG_COLUMN_CODECS = {
  file: {
    read: fileFromColumns,
    write: (file, columns) => {
      columns.fileValue = file?.value ?? null;
      columns.fileLocalPath = file?.localPath ?? null;
      columns.fileName = file?.fileName ?? null;
      columns.fileModifiedAt = file?.modifiedTime ?? null;
    },
  },
  tags: { read: (row) => parseJsonColumn<string[]>(row.tags, []), write: (tags, columns) => void (columns.tags = JSON.stringify(tags)) },
  // The number beside the text, for numeric sorting and ranges.
  tempo: {
    read: (row) => row.tempo,
    write: (tempo, columns) => {
      columns.tempo = tempo;
      columns.tempoBpm = tempoToBpm(tempo);
    },
  },
  recordingSession: {
    read: sessionFromColumns,
    write: (session, columns) => {
      columns.sessionValue = session?.value ?? null;
      columns.sessionFileName = session?.fileName ?? null;
      columns.sessionModifiedAt = session?.sessionModifiedTime ?? null;
      columns.sessionIsPackage = session?.isPackage ?? false;
    },
  },
  isBeingProcessedByHandleNewProject: { read: (row) => row.isBeingProcessed, write: (flag, columns) => void (columns.isBeingProcessed = flag) },
  custom: { read: (row) => parseJsonColumn<Record<string, JsonValue>>(row.custom, {}), write: (custom, columns) => void (columns.custom = JSON.stringify(custom)) },
  meta: { read: (row) => parseJsonColumn<Record<string, JsonValue>>(row.meta, {}), write: metaColumns },
  // The `edited_fields` column: a list of fields before edits had times, the map of times since (`song-edits.ts`).
  editedAt: { read: (row) => readEditTimes(parseJsonColumn<unknown>(row.editedFields, {})), write: (editedAt, columns) => void (columns.editedFields = JSON.stringify(editedAt)) },
} satisfies Codecs;

/** The fields kept as they are in the column of their name. */
export type PlainField = Exclude<SongFieldName, keyof typeof SONG_COLUMN_CODECS>;

/**
 * Compile-time: each plain field has a column of its name that holds its values, not null unless the field may be.
 * A column may be wider (text for an enum): reading it back narrows it, as the app alone writes it.
 */
type Unfit = {
  [K in PlainField]: K extends keyof SongRow & keyof SongColumns
    ? Song[K] extends SongColumns[K]
      ? null extends SongRow[K]
        ? null extends Song[K]
          ? never
          : K
        : never
      : K
    : K;
}[PlainField];
const _everyPlainFieldHasItsColumn: [Unfit] extends [never] ? true : { withoutAFittingColumn: Unfit } = true;

/**
 * `meta` as JSON, and beside it what SQLite sorts and filters by (migration 0014 fills them for songs written
 * before): the DAW, whether the project vanished, whether its audio was read, and what the analysis heard. Only a number is a figure and only
 * text a DAW or key: `meta` also comes from the cloud, written by other computers.
 */
function metaColumns(meta: Record<string, JsonValue>, columns: Partial<SongColumns>): void {
  columns.meta = JSON.stringify(meta);
  const analysis = meta.analysis;
  const heard = typeof analysis === 'object' && analysis !== null && !Array.isArray(analysis) ? analysis : {};
  columns.daw = typeof meta.daw === 'string' ? meta.daw : null;
  columns.missing = meta.projectMissing === true ? 1 : 0;
  columns.audioRead = Object.hasOwn(meta, 'audio') ? 1 : 0;
  // The project's octave of what was heard, and its key where the analysis heard it second (issues 31, 46), as the
  // table shows them.
  const readings = heardReadings(heard, meta);
  columns.audioBpm = readings.tempo.bpm;
  columns.audioKey = readings.key.key;
  columns.lufs = figure(heard.lufs);
  columns.truePeak = figure(heard.truePeak);
  columns.durationS = figure(heard.durationS);
  columns.lastWorked = activityOf(meta)?.lastWorked ?? null;
  columns.openComments = openCommentsOf(meta);
}

function figure(value: JsonValue | undefined): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
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

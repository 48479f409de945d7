/** Songs: the `db:*-song` operations, written through the one writer (`song-writer.ts`), each in one transaction. */
import { checkFocusRoom } from './focus';
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import { applyEdit } from '../../common/songs/apply-edit';
import { bulkEdited, HIDE } from '../../common/songs/bulk-edit';
import { AppError } from '../../common/errors';
import { MESSAGES } from '../../common/messages';
import { applyCustomPatch, checkCustomPatch } from '../../common/songs/custom-values';
import { newSong, type NewSong, type Song, type SongPatch } from '../../common/songs/song';
import { deleteOutcome, type DeleteOutcome } from '../../common/songs/song-delete';
import { inTransaction, type Db } from '../handle';
import { newId } from '../ids';
import { songFromRow } from '../rows/song-row';
import { songs } from '../schema';
import { customFieldsById } from './custom-fields';
import { deleteSongs, insertSongs, writeSongChanges, writeSongColumns } from './song-writer';

export interface GetSongsOptions {
  ids?: string[];
  /** Default: true (every song, hidden ones included). */
  includeHidden?: boolean;
}

export function getSongs(db: Db, options: GetSongsOptions = {}): Song[] {
  const { ids, includeHidden = true } = options;
  const conditions: SQL[] = [];
  if (ids) conditions.push(inArray(songs.id, ids));
  if (!includeHidden) conditions.push(eq(songs.hidden, false));
  return db.orm.select().from(songs).where(and(...conditions)).all().map(songFromRow);
}

export function getSong(db: Db, id: string): Song | null {
  const row = db.orm.select().from(songs).where(eq(songs.id, id)).get();
  return row ? songFromRow(row) : null;
}

/** The song made from the project at `projectPath` (indexed), if any. */
export function getSongOfProject(db: Db, projectPath: string): Song | null {
  const row = db.orm.select().from(songs).where(eq(songs.projectPath, projectPath)).get();
  return row ? songFromRow(row) : null;
}

/** A new song: the input's fields, each other field's default from the field table (`newSong`), a new id. */
export function buildSong(input: NewSong, now: number, id: string = newId()): Song {
  return newSong(input, now, id);
}

/** Adds a song; its custom values are checked against their fields first (a bad one adds nothing). */
export function addSong(db: Db, input: NewSong): Song {
  const custom = input.custom === undefined ? {} : applyCustomPatch({}, checkCustomPatch(input.custom, customFieldsById(db)));
  const song = buildSong({ ...input, custom }, db.now());
  try {
    inTransaction(db, () => insertSongs(db, [song]));
  } catch (error) {
    throw new AppError('db_error', MESSAGES.songAddFailed, { cause: error });
  }
  return song;
}

/**
 * Applies a user's edit (`applyEdit`, the rule the website and the table's overlay share). Each field it changes
 * carries the edit's time: a field a scan sets (name, tempo, key, time signature, audio, session) is then the user's,
 * so later scans leave it alone, and a merge with another computer's copy takes the later edit. `custom` is a merge
 * patch, checked against the fields: it sets or (with null) clears only the fields it names.
 */
export function updateSong(db: Db, id: string, patch: SongPatch): Song {
  return inTransaction(db, () => {
    const current = getSong(db, id);
    if (!current) throw new AppError('not_found', `${MESSAGES.songUpdateFailed}: ${MESSAGES.songNotFound}`);
    checkFocusRoom(db, current, patch);
    const custom = patch.custom === undefined ? null : checkCustomPatch(patch.custom, customFieldsById(db));
    const next = applyEdit(current, patch, custom, db.now());
    // Only the columns the edit changed: a status edit leaves the full-text and tags indexes alone.
    writeSongChanges(db, [{ before: current, after: next }]);
    return next;
  });
}

/** Deletes (or hides, by `deleteOutcome`) one song, with its sync record. */
export function deleteSong(db: Db, id: string): DeleteOutcome {
  return inTransaction(db, () => {
    const current = getSong(db, id);
    if (!current) throw new AppError('not_found', MESSAGES.songNotFound);
    if (deleteOutcome(current) === 'hidden') {
      const next = bulkEdited(current, HIDE, null, db.now());
      if (next) writeSongColumns(db, [next], ['hidden', 'editedFields', 'modifiedAt']);
      return 'hidden';
    }
    deleteSongsForGood(db, [current]);
    return 'deleted';
  });
}

/** Deletes songs for good, each with the delete record that takes it out of the cloud too (by its id). */
export function deleteSongsForGood(db: Db, gone: readonly Song[]): void {
  deleteSongs(
    db,
    gone.map((song) => song.id),
    'delete',
  );
}

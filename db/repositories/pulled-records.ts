/**
 * What a pull brings down, written here: songs merged field by field with the local copies (each field from where
 * the user edited it last), views by last writer wins (the newer `modifiedAt` stays; a local copy as new or newer is
 * kept, and pushes itself), settings unless the user changed them here since. Like `cleanDeleted`, mirroring the
 * cloud writes no sync record, except where the merge kept something the cloud's copy lacks: a local edit, or two
 * songs of one project made one (`mergeProjectTwins`). And the upgrade's "queue everything" that gives the cloud a
 * whole library at once.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { PULLED_SONGS_BATCH } from '../../common/constants';
import { withOpenComments } from '../../common/cloud/shares';
import type { CustomField } from '../../common/songs/custom-fields';
import { partitionFolders, type FolderPlaces, type RefusedFolder } from '../../common/projects/folder-rules';
import type { Song } from '../../common/songs/song';
import { USER_FIELDS, sameValue } from '../../common/songs/song-edits';
import { mergeSongCopies } from '../../common/songs/song-merge';
import type { View } from '../../common/views/view';
import { inTransaction, type Db } from '../handle';
import { isCloudFileUrl } from '../../common/cloud/cloud-files';
import { isPathInside } from '../path-range';
import { songFromRow } from '../rows/song-row';
import { files, songs, userSettings, views } from '../schema';
import { currentUserId } from './account';
import { listCustomFields, writePulledField } from './custom-fields';
import { listDirectories } from './directories';
import { recordSnapshotMoves } from './snapshot-owners';
import { openCommentCount } from './song-comments';
import { moveSharesToSong } from './song-shares';
import { markSongsPushed, upsertSongs } from './song-writer';
import { deleteSongsForGood, getSongs } from './songs';
import { markViewsPushed, writePulledViews } from './views';
import { hasUnsyncedChanges, queueAllRows, writeSyncRecords } from './sync-records';

/**
 * Writes a pulled page of songs in one transaction, in batches of 5 (spec section 9). A song new here is written as
 * another computer left it, less what describes that computer (`fromAnotherComputer`). A song this computer has is
 * merged with it field by field (`mergeSongCopies`: each field from where the user edited it last); when the merge
 * kept an edit of this computer's that the pulled copy lacks, the merged song is queued for push with a time that
 * wins the cloud's last-writer-wins check over the pulled copy, else it takes the pulled copy's time and is not sent
 * back. Returns the ids written.
 */
export function applyPulledSongs(db: Db, pulled: Song[]): string[] {
  if (pulled.length === 0) return [];
  return inTransaction(db, () => {
    const watched = listDirectories(db).map((directory) => directory.path);
    const local = new Map(songsWithIds(db, pulled.map((song) => song.id)).map((song) => [song.id, song]));
    const now = db.now();
    const written: Song[] = [];
    const pushBack = new Set<Song>();
    for (const song of pulled) {
      const theirs = fromAnotherComputer(song, watched);
      const mine = local.get(song.id);
      if (!mine) {
        written.push(theirs);
        continue;
      }
      const merged = mergeSongCopies([mine, theirs], { own: mine, fallback: theirs.modifiedAt >= mine.modifiedAt ? theirs : mine });
      if (sameValue({ ...merged, modifiedAt: 0 }, { ...mine, modifiedAt: 0 })) continue;
      if (sameUserValues(merged, theirs)) {
        written.push({ ...merged, modifiedAt: Math.max(theirs.modifiedAt, mine.modifiedAt) });
      } else {
        const back = { ...merged, modifiedAt: Math.max(now, theirs.modifiedAt + 1, mine.modifiedAt) };
        written.push(back);
        pushBack.add(back);
      }
    }
    for (let i = 0; i < written.length; i += PULLED_SONGS_BATCH) {
      const batch = written.slice(i, i + PULLED_SONGS_BATCH);
      upsertSongs(db, batch.filter((song) => !pushBack.has(song)), null);
      upsertSongs(db, batch.filter((song) => pushBack.has(song)), 'update');
    }
    // The pulled project folders, as the other computer named them, only to find this computer's song for the same
    // project: a song stored here never takes a folder this computer does not watch.
    mergeProjectTwins(db, pulled.filter((song) => song.source === 'directory' && song.projectPath !== null).map((song) => ({ id: song.id, projectPath: song.projectPath as string })));
    return written.map((song) => song.id);
  });
}

/**
 * A pulled song as this computer keeps it (DESIGN.md, trust rules: pulled rows describe the song, never this
 * computer). The audio's local path and the upload and processing flags are the other computer's: this one would
 * upload or wait on a file it never found. The project folder is kept only inside a folder watched here, where it
 * names the same place on this computer (a shared drive): the scan of that folder then finds this song for it
 * instead of making a second one, and confirms the folder or marks it missing. The session and the audio are kept by
 * the same rule: an uploaded file's cloud address stays (this computer plays it), but a path is the other computer's
 * unless it is inside a folder watched here. A path elsewhere (`\\server\share\a.als`, another user's home) is
 * dropped before anything could open it: on Windows merely looking up a UNC path hands the server the user's NTLM hash.
 */
function fromAnotherComputer(song: Song, watched: string[]): Song {
  const isHere = (candidate: string) => watched.some((folder) => isPathInside(folder, candidate));
  const { projectPath, file, recordingSession } = song;
  return {
    ...song,
    file: file && (isCloudFileUrl(file.value) || isHere(file.value)) ? { ...file, localPath: null } : null,
    recordingSession: recordingSession && isHere(recordingSession.value) ? recordingSession : null,
    projectPath: projectPath !== null && isHere(projectPath) ? projectPath : null,
    needsUploadRetry: false,
    isBeingProcessedByHandleNewProject: false,
  };
}

/** Whether two copies agree on everything the user edits (what the cloud's copy must hold). */
function sameUserValues(a: Song, b: Song): boolean {
  return USER_FIELDS.every((field) => sameValue(a[field], b[field])) && sameValue(a.custom, b.custom) && sameValue(a.editedAt, b.editedAt);
}

/**
 * One project, one song, on every computer. Two computers that scanned the same project folder (a shared Dropbox,
 * say, before they synced) each made a song for it; when one pulls the other's, the two become the one with the
 * smaller id (the older), so both computers settle on the same song without talking to each other. The merged song
 * takes each field from where the user edited it last, a field nobody edited from the older song (a fresh scan's
 * defaults never replace it), and this computer's files and paths; it is pushed as new, and the other is deleted
 * here and in the cloud, its indexed files, its snapshots, its links and their comments now the merged song's. A
 * pulled song is matched by the project folder the other computer named, whether or not this computer stored it.
 */
function mergeProjectTwins(db: Db, pulled: { id: string; projectPath: string }[]): void {
  const pulledIds = new Set(pulled.map((song) => song.id));
  const pulledAt = new Map<string, string[]>();
  for (const { id, projectPath } of pulled) pulledAt.set(projectPath, [...(pulledAt.get(projectPath) ?? []), id]);
  const paths = [...pulledAt.keys()];
  const here = new Map<string, Song[]>();
  for (let i = 0; i < paths.length; i += 500) {
    const rows = db.orm.select().from(songs).where(and(eq(songs.source, 'directory'), inArray(songs.projectPath, paths.slice(i, i + 500)))).all();
    for (const song of rows.map(songFromRow)) here.set(song.projectPath as string, [...(here.get(song.projectPath as string) ?? []), song]);
  }
  const stored = new Map(songsWithIds(db, [...pulledIds]).map((song) => [song.id, song]));
  const gone = new Set<string>();
  const now = db.now();
  for (const [project, ids] of pulledAt) {
    const byId = new Map([...(here.get(project) ?? []), ...ids.flatMap((id) => stored.get(id) ?? [])].map((song) => [song.id, song]));
    const twins = [...byId.values()].filter((song) => !gone.has(song.id)).sort((a, b) => (a.id < b.id ? -1 : 1));
    if (twins.length < 2) continue;
    const [keeper, ...others] = twins as [Song, ...Song[]];
    const own = twins.find((song) => song.projectPath === project && !pulledIds.has(song.id)) ?? twins.find((song) => song.projectPath === project) ?? keeper;
    const merged: Song = {
      ...mergeSongCopies(twins, { own, fallback: keeper }),
      id: keeper.id,
      supabaseId: keeper.supabaseId,
      modifiedAt: Math.max(now, ...twins.map((song) => song.modifiedAt + 1)),
    };
    // Their links and comments are the kept song's (in the cloud once online: `share_move`), moved before the delete
    // below, which would revoke them; the kept song's open count then counts theirs too.
    moveSharesToSong(db, others.map((song) => ({ from: song.id, to: keeper.id })));
    upsertSongs(db, [{ ...merged, meta: withOpenComments(merged.meta, openCommentCount(db, keeper.id)) }], 'update');
    db.orm.update(files).set({ songId: keeper.id }).where(inArray(files.songId, others.map((song) => song.id))).run();
    deleteSongsForGood(db, others);
    // Their snapshots are the kept song's now (moved once this commits: main/versions/snapshot-sweep.ts).
    recordSnapshotMoves(db, others.map((song) => ({ from: song.id, to: keeper.id })));
    for (const song of others) gone.add(song.id);
  }
}

function songsWithIds(db: Db, ids: string[]): Song[] {
  const found: Song[] = [];
  for (let i = 0; i < ids.length; i += 500) found.push(...getSongs(db, { ids: ids.slice(i, i + 500) }));
  return found;
}

/** Applies custom views newer than the local copies, in one transaction. Returns the ids written. */
export function applyPulledViews(db: Db, pulled: View[]): string[] {
  if (pulled.length === 0) return [];
  return inTransaction(db, () => {
    const local = localViewTimes(db, pulled.map((view) => view.id));
    const newer = pulled.filter((view) => view.type === 'custom' && (local.get(view.id) ?? -1) < view.modifiedAt);
    writePulledViews(db, newer);
    return newer.map((view) => view.id);
  });
}

/**
 * Applies custom field definitions newer than the local copies, in one transaction. A name this computer already
 * uses for another field (both made "Mood" before they synced) is shown here as "Mood 2": names are unique in the
 * table; the cloud keeps the name it was given. Returns the ids written.
 */
export function applyPulledCustomFields(db: Db, pulled: CustomField[]): string[] {
  if (pulled.length === 0) return [];
  return inTransaction(db, () => {
    const local = new Map(listCustomFields(db).map((field) => [field.id, field]));
    const newer = pulled.filter((field) => (local.get(field.id)?.modifiedAt ?? -1) < field.modifiedAt);
    for (const field of newer) {
      local.delete(field.id);
      const taken = new Set([...local.values()].map((other) => other.name.toLowerCase()));
      let name = field.name;
      for (let n = 2; taken.has(name.toLowerCase()); n += 1) name = `${field.name} ${n}`;
      const written = { ...field, name };
      writePulledField(db, written);
      local.set(field.id, written);
    }
    return newer.map((field) => field.id);
  });
}

/**
 * The cloud's project folders, unless the user changed theirs here and that change has not been pushed yet. A folder
 * no computer may watch (`folderRefusal`: the disk, a drive, the home folder, a system folder, this app's data) is
 * dropped and returned with its reason for the caller to report; the others are kept.
 */
export function applyPulledSettings(
  db: Db,
  projectDirectories: string[],
  updatedAt: number,
  places: FolderPlaces,
): { applied: boolean; dropped: RefusedFolder[] } {
  return inTransaction(db, () => {
    const id = currentUserId(db);
    if (hasUnsyncedChanges(db, 'user_settings', id)) return { applied: false, dropped: [] };
    const { kept, refused } = partitionFolders([...new Set(projectDirectories)], places);
    const columns = { projectDirectories: JSON.stringify(kept), updatedAt };
    db.orm.insert(userSettings).values({ id, ...columns }).onConflictDoUpdate({ target: userSettings.id, set: columns }).run();
    return { applied: true, dropped: refused };
  });
}

/**
 * Rows the cloud now holds carry their cloud id (the same id); written without a sync record or a new time, each
 * table by its one writer.
 */
export function markPushed(db: Db, table: 'songs' | 'views', ids: string[]): void {
  if (table === 'songs') {
    markSongsPushed(db, ids);
    return;
  }
  markViewsPushed(db, ids);
}

/**
 * On upgrade (spec section 4): every song, every custom view, every custom field and the settings queued for the next push, except
 * rows already waiting with an unsynced record. The records name the rows; a push always sends a row as it is
 * when it goes, so they carry no copy of it. One statement per table, its waiting ids read once (a correlated
 * look-up per song took 14 s for 10,000 songs): a library of 200,000 songs queues in one go.
 */
export function queueEverythingForSync(db: Db): number {
  return inTransaction(db, () => {
    let queued = queueAllRows(db, 'songs') + queueAllRows(db, 'views', "row.type = 'custom'") + queueAllRows(db, 'custom_fields');
    const settingsId = currentUserId(db);
    if (!hasUnsyncedChanges(db, 'user_settings', settingsId)) {
      writeSyncRecords(db, [{ type: 'update', table: 'user_settings', recordId: settingsId }]);
      queued += 1;
    }
    return queued;
  });
}

function localViewTimes(db: Db, ids: string[]): Map<string, number> {
  const times = new Map<string, number>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = db.orm.select({ id: views.id, modifiedAt: views.modifiedAt }).from(views).where(inArray(views.id, ids.slice(i, i + 500))).all();
    for (const row of rows) times.set(row.id, row.modifiedAt);
  }
  return times;
}

/**
 * The library's folders: the file channels, the player's media endpoint and the OS shell calls (reveal, open) act
 * only on paths inside them. They are the folders watched on this computer (the `directories` table, each checked by
 * `resolveWatchableFolder` when it was added, and by the same rule as it really is each time it is used: a folder
 * since swapped for a link to the home folder is the home folder) and, of the app's own data, only the library's
 * files in it: the files `saveLocalFile` keeps (`files/`) and the compressed copies (`compressed/`). The rest of the
 * data folder is the app's secrets (the database with its WAL and backups, the session vault, logs, the local cloud's
 * `cloud/` with its `jwt-secret`, `pgdata/` and `mail.log`), and no channel reads it.
 *
 * The user's settings name folders too, but they sync between computers and the page may write them: they describe
 * the account, never what this computer trusts.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../../common/errors';
import { folderRefusal } from '../../common/projects/folder-rules';
import { MESSAGES } from '../../common/messages';
import type { Db } from '../../db/handle';
import { listDirectories } from '../../db/repositories/directories';
import { LOCAL_FILES_FOLDER } from '../files/local-files';
import { COMPRESSED_FOLDER } from '../media/compression';
import { isInside, resolveAllowedPath, type LibraryRoot } from './file-access';
import { folderPlaces } from './watchable-folder';

export function libraryRoots(db: Db, dataDir: string): LibraryRoot[] {
  const places = folderPlaces(dataDir);
  // Rows added before the rule existed are held to it too: by name here, before the disk is touched (a refused
  // network share is never contacted), and as each folder really is when a path is resolved (`resolveAllowedPath`).
  const watched = listDirectories(db)
    .map((directory) => directory.path)
    .filter((folder) => folderRefusal(folder, places) === null)
    .map((folder) => ({ watched: folder, places }));
  return [...watched, ...libraryDataFolders(dataDir)];
}

/** The folders of the app's data that hold the library's files rather than its secrets. */
function libraryDataFolders(dataDir: string): string[] {
  return [LOCAL_FILES_FOLDER, COMPRESSED_FOLDER].map((name) => path.join(dataDir, name));
}

/**
 * The real path of a file the file channels may act on: inside the library's folders (through any link), and not in
 * the app's data outside its library folders, whatever folder led there (a watched folder later swapped for a link
 * that holds the data folder).
 */
export async function resolveLibraryPath(requested: string, db: Db, dataDir: string): Promise<string> {
  const target = await resolveAllowedPath(requested, libraryRoots(db, dataDir));
  const realData = await fs.realpath(dataDir).catch(() => path.resolve(dataDir));
  if (isInside(realData, target) && !libraryDataFolders(realData).some((folder) => isInside(folder, target))) {
    throw new AppError('forbidden', MESSAGES.ownDataNotReadable);
  }
  return target;
}

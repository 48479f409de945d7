/**
 * Adding and removing watched folders (spec sections 5 and 7). A folder gets its directory view (an existing
 * one for the same path is reused) and is kept in the user's settings; the free tier has at most 3. Which folders
 * may be watched at all is `resolveWatchableFolder`'s to say (main/security/watchable-folder.ts).
 */
import type { SubscriptionTier } from '../../common/cloud/account';
import { FREE_TIER_MAX_DIRECTORIES } from '../../common/constants';
import { AppError } from '../../common/errors';
import type { WatchedDirectory } from '../../common/projects/library';
import { MESSAGES } from '../../common/messages';
import type { View } from '../../common/views/view';
import { inTransaction, type Db } from '../../db/handle';
import { getUserSettings, updateUserSettings } from '../../db/repositories/account';
import { countDirectories, deleteDirectory, getDirectory, getDirectoryByPath, insertDirectory } from '../../db/repositories/directories';
import { removeIndexOfDirectory } from '../../db/repositories/files-index';
import { songsOfDirectory } from '../../db/repositories/scanned-songs';
import { rewriteSongs } from '../../db/repositories/song-writer';
import { addView, deleteView, getView } from '../../db/repositories/views';

export interface AddedFolder {
  directory: WatchedDirectory;
  view: View;
  created: boolean;
}

export function addWatchedFolder(db: Db, folder: string, tier: SubscriptionTier): AddedFolder {
  return inTransaction(db, () => {
    const existing = getDirectoryByPath(db, folder);
    if (existing) {
      const view = (existing.viewId ? getView(db, existing.viewId) : null) ?? addView(db, { type: 'directory', directoryPath: folder }, tier).view;
      return { directory: existing, view, created: false };
    }
    if (tier === 'free' && countDirectories(db) >= FREE_TIER_MAX_DIRECTORIES) {
      throw new AppError('limit_reached', MESSAGES.directoryLimit);
    }
    const { view } = addView(db, { type: 'directory', directoryPath: folder }, tier);
    const directory = insertDirectory(db, folder, view.id);
    const settings = getUserSettings(db);
    updateUserSettings(db, { projectDirectories: [...settings.projectDirectories, folder] });
    restoreSongsHiddenWithFolder(db, folder);
    return { directory, view, created: true };
  });
}

/**
 * Stops watching a folder: its view and scan index go; its songs go to the Hidden view with every field kept,
 * and come back if the folder is watched again.
 */
export function removeWatchedFolder(db: Db, directoryId: string): WatchedDirectory {
  return inTransaction(db, () => {
    const directory = getDirectory(db, directoryId);
    if (!directory) throw new AppError('not_found', MESSAGES.folderNotWatched);
    const hidden = [...songsOfDirectory(db, directory.path).values()]
      .filter((song) => !song.hidden)
      .map((song) => ({ ...song, hidden: true, meta: { ...song.meta, hiddenWithFolder: true }, modifiedAt: db.now() }));
    rewriteSongs(db, hidden);
    if (directory.viewId && getView(db, directory.viewId)) deleteView(db, directory.viewId);
    removeIndexOfDirectory(db, directory.id);
    deleteDirectory(db, directory.id);
    const settings = getUserSettings(db);
    updateUserSettings(db, { projectDirectories: settings.projectDirectories.filter((entry) => entry !== directory.path) });
    return directory;
  });
}

function restoreSongsHiddenWithFolder(db: Db, folder: string): void {
  const restored = [...songsOfDirectory(db, folder).values()]
    .filter((song) => song.meta.hiddenWithFolder === true)
    .map((song) => {
      const { hiddenWithFolder: _dropped, ...meta } = song.meta;
      return { ...song, hidden: false, meta, modifiedAt: db.now() };
    });
  rewriteSongs(db, restored);
}

/**
 * Watched folders and scans: `watchDirectory`, `getWatchedDirectories`, `scanDirectory`, removing a folder, and
 * choosing folders (the OS's dialog, or the browser host's folder browser).
 */
import { AppError } from '../../../common/errors';
import { MESSAGES } from '../../../common/messages';
import { getDirectory } from '../../../db/repositories/directories';
import { addDemoLibrary, demoState, removeDemoLibrary } from '../../library/demo-library';
import { browseFolders } from '../../library/folder-browser';
import { folderPlaces } from '../../security/watchable-folder';
import type { HandlerMap } from '../handler';

export const libraryHandlers = {
  watchDirectory: (input, { library }) => library.watchDirectory(input.path),
  getWatchedDirectories: (_input, { library }) => library.list(),
  scanDirectory: (input, { db, library }) => {
    if (!getDirectory(db, input.id)) throw new AppError('not_found', MESSAGES.folderNotWatched);
    return { jobId: library.requestScan(input.id) };
  },
  // The dialog only picks: each folder is then watched through `watchDirectory`, with its rules and the plan's limit.
  'library:choose-folders': async (_input, { platform }) => (platform.chooseFolders ? { native: true, paths: await platform.chooseFolders() } : { native: false, paths: [] }),
  'library:demo': ({ action }, { db, dataDir, library }) => {
    const { home } = folderPlaces(dataDir);
    if (action === 'add') return addDemoLibrary(library, home);
    if (action === 'remove') return removeDemoLibrary(db, library, home);
    return demoState(library, home);
  },
  'library:browse-folders': (input, { dataDir }) => browseFolders(input.path, folderPlaces(dataDir)),
  'library:remove-directory': async (input, { library }) => {
    const removed = await library.removeDirectory(input.id);
    return { id: removed.id, path: removed.path };
  },
} satisfies Partial<HandlerMap>;

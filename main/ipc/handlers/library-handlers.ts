/** Watched folders and scans: `watchDirectory`, `getWatchedDirectories`, `scanDirectory`, removing a folder. */
import { AppError } from '../../../common/errors';
import { MESSAGES } from '../../../common/messages';
import { getDirectory } from '../../../db/repositories/directories';
import type { HandlerMap } from '../handler';

export const libraryHandlers = {
  watchDirectory: (input, { library }) => library.watchDirectory(input.path),
  getWatchedDirectories: (_input, { library }) => library.list(),
  scanDirectory: (input, { db, library }) => {
    if (!getDirectory(db, input.id)) throw new AppError('not_found', MESSAGES.folderNotWatched);
    return { jobId: library.requestScan(input.id) };
  },
  'library:remove-directory': async (input, { library }) => {
    const removed = await library.removeDirectory(input.id);
    return { id: removed.id, path: removed.path };
  },
} satisfies Partial<HandlerMap>;

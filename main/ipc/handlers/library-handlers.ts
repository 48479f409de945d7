/**
 * Watched folders and scans: `watchDirectory`, `getWatchedDirectories`, `scanDirectory`, removing a folder, and
 * choosing folders (the OS's dialog, or the browser host's folder browser); taking the library out and back in
 * (export, import sent in chunks, with its preview and undo); the snapshots' budget and what they take.
 */
import { AppError } from '../../../common/errors';
import { MESSAGES } from '../../../common/messages';
import { getDirectory } from '../../../db/repositories/directories';
import { getSnapshotBudget } from '../../../db/repositories/snapshot-budget';
import { addDemoLibrary, demoState, removeDemoLibrary } from '../../library/demo-library';
import { browseFolders } from '../../library/folder-browser';
import { lastImport, undoLastImport } from '../../library/import-undo';
import { exportLibrary } from '../../library/library-export';
import { importUploadsOf } from '../../library/import-upload';
import { importLibrary, previewImport } from '../../library/library-import';
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
    if (action === 'add') return addDemoLibrary(db, library, home);
    if (action === 'remove') return removeDemoLibrary(db, library, home);
    return demoState(db, library, home);
  },
  'library:browse-folders': (input, { dataDir }) => browseFolders(input.path, folderPlaces(dataDir)),
  'library:remove-directory': async (input, { library }) => {
    const removed = await library.removeDirectory(input.id);
    return { id: removed.id, path: removed.path };
  },
  'library:export': (request, { db }) => exportLibrary(db, request),
  // The document arrives in chunks (no call carries it whole) and is read back by its uploadId.
  'library:import-upload': (chunk, { db, dataDir }) => importUploadsOf(db, dataDir).receive(chunk),
  'library:import-preview': async ({ uploadId }, { db, dataDir }) => previewImport(db, await importUploadsOf(db, dataDir).read(uploadId)),
  'library:import': ({ uploadId }, { db, dataDir }) => importUploadsOf(db, dataDir).consume(uploadId, (json) => importLibrary(db, json)),
  'library:last-import': (_input, { db }) => ({ lastImport: lastImport(db) }),
  'library:import-undo': ({ importedAt }, { db }) => undoLastImport(db, importedAt),
  'library:snapshot-budget': (_input, { db }) => getSnapshotBudget(db),
  'library:preview-snapshot-budget': (budget, { library }) => library.snapshots.preview(budget),
  'library:set-snapshot-budget': (budget, { library }) => library.snapshots.setBudget(budget),
  'library:snapshot-usage': (_input, { library }) => library.snapshots.usage(),
} satisfies Partial<HandlerMap>;

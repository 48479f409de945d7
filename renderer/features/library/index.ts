/**
 * The watched folders and the library itself: the folder sections of the sidebar, the first run, dropping files to
 * add songs, export and import.
 *
 * The public face of library/: other features import only what is here (lint); the rest of the folder is its own.
 */
export { DropToAdd } from './DropToAdd';
export { FirstRun } from './FirstRun';
export { FoldersSection } from './FoldersSection';
export { LibraryTransferPanel } from './LibraryTransferPanel';
export { WebFoldersSection } from './WebFoldersSection';

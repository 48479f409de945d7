/**
 * The song table: the table itself, its columns and cells (the panel and the board draw theirs with them), an edit
 * of a row, and the windows of a view's songs that the table, the board and the player read.
 *
 * The public face of song-table/: other features import only what is here (lint); the rest of the folder is its own.
 */
export { CellEditor } from './CellEditor';
export { CellText, DawBadge } from './CellText';
export { type RowAction } from './RowMenu';
export { SongTable } from './SongTable';
export { BUILT_IN_COLUMNS, customColumn, isColumnVisible, missingHereColumn, orderedColumns, visibleColumns, type Column, type ColumnLayout } from './columns';
export { editSong } from './song-edits';
export { SongWindow, type PageReader } from './song-window';
export { useSongWindow } from './use-song-window';

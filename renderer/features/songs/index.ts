/**
 * What is done to songs from any screen: add one, edit several, define fields, save a picked file, open a project
 * or reveal a file, save a panel's edit.
 *
 * The public face of songs/: other features import only what is here (lint); the rest of the folder is its own.
 */
export { AddSongModal } from './AddSongModal';
export { BulkBar } from './BulkBar';
export { FieldsModal } from './FieldsModal';
export { recordingSessionFrom, saveLocalFile, songFileFrom } from './save-local-file';
export { openInDaw, projectTarget, revealInFolder, saveSongEdit } from './song-actions';

/**
 * The board layout of a custom view (issue 32): a column per status, a card per song.
 *
 * The public face of board/: other features import only what is here (lint); the rest of the folder is its own.
 */
export { SongBoard } from './SongBoard';

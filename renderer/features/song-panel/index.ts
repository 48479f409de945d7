/**
 * A song's panel: every field, its versions, plug-ins, studio time and links.
 *
 * The public face of song-panel/: other features import only what is here (lint); the rest of the folder is its own.
 */
export { SongPanel } from './SongPanel';

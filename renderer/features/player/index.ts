/**
 * The player: the bar at the bottom and the provider that holds what plays.
 *
 * The public face of player/: other features import only what is here (lint); the rest of the folder is its own.
 */
export { PlayerBar } from './PlayerBar';
export { PlayerProvider, usePlayer } from './player';

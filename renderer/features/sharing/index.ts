/**
 * Listening links and their comments (issue 33): the panel's share section and the comment pins over the player.
 *
 * The public face of sharing/: other features import only what is here (lint); the rest of the folder is its own.
 */
export { CommentPins } from './CommentPins';
export { ShareSection } from './ShareSection';

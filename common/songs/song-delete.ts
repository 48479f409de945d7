/**
 * What deleting a song does (spec section 4), one rule for the core and the screens that describe it: a song
 * found in a project directory goes to the Hidden view (a scan would find it again, and the project stays on
 * disk); a song added by hand is deleted for good.
 */
import type { Song } from './song';

export type DeleteOutcome = 'hidden' | 'deleted';

export function deleteOutcome(song: Pick<Song, 'source'>): DeleteOutcome {
  return song.source === 'directory' ? 'hidden' : 'deleted';
}

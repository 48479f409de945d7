/**
 * The focus list's room (issue 32), one rule for the core (`db/repositories/focus.ts`, counting in SQLite) and the
 * website (`renderer/features/web-library/cloud-core.ts`, counting in memory): a song is on the list when it is pinned
 * (`focus`, the pin's time) and not hidden; an edit that pins a song not pinned before is refused once the list holds
 * the user's limit (`StudioSettings.focusLimit`). Other edits of pinned songs (their order, their next step) and pins
 * a pull brings from another computer are never refused: nothing is lost.
 */
import { AppError } from '../errors';
import { MESSAGES } from '../messages';
import type { Song, SongPatch } from '../songs/song';

/** On the list: pinned and outside Hidden (SQLite's twin: `PINNED` in `db/repositories/focus.ts`). */
export function isOnFocusList(song: Pick<Song, 'focus' | 'hidden'>): boolean {
  return song.focus !== null && !song.hidden;
}

/** Whether the edit pins a song that was not pinned: the only edit the limit refuses. */
export function pinsSong(current: Pick<Song, 'focus'>, patch: Pick<SongPatch, 'focus'>): boolean {
  return patch.focus !== undefined && patch.focus !== null && current.focus === null;
}

/**
 * Refuses (`limit_reached`) an edit that pins a song onto a full list. `room` tells how many songs are on the list and
 * the limit; it is asked only when the edit pins.
 */
export function checkFocusRoom(current: Pick<Song, 'focus'>, patch: Pick<SongPatch, 'focus'>, room: () => { pinned: number; limit: number }): void {
  if (!pinsSong(current, patch)) return;
  const { pinned, limit } = room();
  if (pinned >= limit) throw new AppError('limit_reached', MESSAGES.focusListFull(limit));
}

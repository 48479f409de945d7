/**
 * Edits from the table: shown at once (optimistic), confirmed by the core's answer, rolled back with a
 * visible error when the core refuses. The one path every inline edit takes.
 */
import { applyEdit, customAsTyped } from '../../../common/songs/apply-edit';
import { failureText, MESSAGES } from '../../../common/messages';
import type { Song, SongPatch } from '../../../common/songs/song';
import { sameValue } from '../../../common/songs/song-edits';
import { callLibrary } from '../../api/calls';
import { showToast } from '../ui/toasts';
import type { SongWindow } from './song-window';

/**
 * What the row shows while the core works: the fields the edit changes, as the core changes them (`applyEdit`; the
 * custom values as typed, which the core checks). Only those fields, so two quick edits of one row both show.
 */
function optimisticFields(song: Song, patch: SongPatch): Partial<Song> {
  const next = applyEdit(song, patch, customAsTyped(patch), Date.now());
  return Object.fromEntries(Object.entries(next).filter(([field, value]) => !sameValue(value, song[field as keyof Song])));
}

export async function editSong(window: SongWindow, song: Song, patch: SongPatch): Promise<boolean> {
  window.applyOptimistic(song.id, optimisticFields(song, patch));
  const result = await callLibrary('db:update-song', { id: song.id, patch });
  if (result.ok) {
    window.settle(song.id, result.data);
    return true;
  }
  window.settle(song.id, null);
  showToast({ kind: 'error', message: failureText(MESSAGES.songUpdateFailed, result.error.message) });
  return false;
}

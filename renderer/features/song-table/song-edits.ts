/**
 * Edits from the table: shown at once (optimistic), confirmed by the core's answer, rolled back with a
 * visible error when the core refuses. The one path every inline edit takes.
 */
import type { Api } from '../../../common/ipc';
import { failureText, MESSAGES } from '../../../common/messages';
import type { Song, SongPatch } from '../../../common/song';
import { showToast } from '../ui/toasts';
import type { SongWindow } from './song-window';

/** What the row shows while the core works: the patch, with `custom` merged as the core merges it. */
function optimisticFields(song: Song, patch: SongPatch): Partial<Song> {
  const { custom, ...rest } = patch;
  const fields: Partial<Song> = { ...rest };
  if (custom) {
    const merged = { ...song.custom };
    for (const [id, value] of Object.entries(custom)) {
      if (value === null) delete merged[id];
      else merged[id] = value;
    }
    fields.custom = merged;
  }
  return fields;
}

export async function editSong(api: Api, window: SongWindow, song: Song, patch: SongPatch): Promise<boolean> {
  window.applyOptimistic(song.id, optimisticFields(song, patch));
  const result = await api['db:update-song']({ id: song.id, patch });
  if (result.ok) {
    window.settle(song.id, result.data);
    return true;
  }
  window.settle(song.id, null);
  showToast({ kind: 'error', message: failureText(MESSAGES.songUpdateFailed, result.error.message) });
  return false;
}

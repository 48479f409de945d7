/** Reveal a file in Finder/Explorer and open a project in its DAW, with the core's refusal shown as a toast. */
import { failureText, MESSAGES } from '../../../common/messages';
import type { Song, SongPatch } from '../../../common/songs/song';
import { callCore, callLibrary, hasCore } from '../../api/calls';
import { showToast } from '../ui/toasts';

export async function revealInFolder(path: string): Promise<void> {
  if (!hasCore()) return;
  const result = await callCore('showItemInFolder', { path });
  if (!result.ok) showToast({ kind: 'error', message: result.error.message });
}

export async function openInDaw(path: string): Promise<void> {
  if (!hasCore()) return;
  const result = await callCore('openPath', { path });
  if (!result.ok) showToast({ kind: 'error', message: result.error.message });
}

/** What "open the project" opens: the recording session (the DAW opens it), else the project's folder. */
export function projectTarget(song: Song): string | null {
  return song.recordingSession?.value ?? song.projectPath;
}

/** An edit from a panel or a list (not the table's window): saved through the core, a refusal told. */
export async function saveSongEdit(song: Song, patch: SongPatch): Promise<Song | null> {
  const result = await callLibrary('db:update-song', { id: song.id, patch });
  if (result.ok) return result.data;
  showToast({ kind: 'error', message: failureText(MESSAGES.songUpdateFailed, result.error.message) });
  return null;
}

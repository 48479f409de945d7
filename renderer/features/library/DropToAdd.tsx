/**
 * Folders and audio dropped on the window (issue 20): a folder is watched (its path comes from Electron, which
 * knows where a dropped item is; a browser does not, and says to use "Choose folder…"), an audio file becomes a
 * song of its own, saved through the same channel as "Add song". Anything else is named and left out.
 */
import { useState, type DragEvent, type ReactNode } from 'react';
import { AUDIO_EXTENSIONS, extensionOf } from '../../../common/projects/file-kinds';
import { useAddSongMutation } from '../../api/songshelf-api';
import { hasCore } from '../../api/calls';
import { saveLocalFile, songFileFrom } from '../songs';
import { showToast } from '../ui/toasts';
import styles from './DropToAdd.module.css';
import { useWatchFolders } from './use-watch-folders';

declare global {
  interface Window {
    /** Electron's preload only: where a dropped file or folder is on disk. */
    desktop?: { pathOfFile(file: File): string };
  }
}

export const BROWSER_CANNOT_WATCH_DROPPED =
  'A browser cannot tell Songshelf where a dropped folder is: use Choose folder… in the sidebar (the desktop app takes dropped folders).';

export function DropToAdd({ children }: { children: ReactNode }) {
  const [over, setOver] = useState(false);
  const { watch } = useWatchFolders();
  const [addSong] = useAddSongMutation();

  const takesDrop = (event: DragEvent) => event.dataTransfer.types.includes('Files');

  const onDrop = async (event: DragEvent) => {
    if (!takesDrop(event)) return;
    event.preventDefault();
    setOver(false);
    if (!hasCore()) return;
    const items = [...event.dataTransfer.items].map((item) => ({ entry: item.webkitGetAsEntry(), file: item.getAsFile() }));
    const folders: string[] = [];
    for (const { entry, file } of items) {
      if (!file) continue;
      if (entry?.isDirectory) {
        const where = window.desktop?.pathOfFile(file);
        if (where) folders.push(where);
        else showToast({ kind: 'error', message: BROWSER_CANNOT_WATCH_DROPPED });
        continue;
      }
      if (!AUDIO_EXTENSIONS.has(extensionOf(file.name))) {
        showToast({ kind: 'error', message: `${file.name} is neither a folder nor audio (WAV, MP3, AIFF, FLAC): not added.` });
        continue;
      }
      try {
        const saved = await saveLocalFile(file, 'audio');
        const result = await addSong({ name: file.name.replace(/\.[^.]+$/, ''), source: 'manual', file: songFileFrom(saved) });
        if ('error' in result) throw new Error(`${file.name} could not be added.`);
        showToast({ kind: 'info', message: `Added ${file.name} as a song.` });
      } catch (failure) {
        showToast({ kind: 'error', message: failure instanceof Error ? failure.message : String(failure) });
      }
    }
    if (folders.length > 0) await watch(folders);
  };

  return (
    <div
      className={styles.dropZone}
      onDragOver={(event) => {
        if (!takesDrop(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
        setOver(true);
      }}
      onDragLeave={(event) => {
        // Only when the drag leaves the window: moving between the page's elements fires leave and enter in turn.
        if (!event.relatedTarget) setOver(false);
      }}
      onDrop={(event) => void onDrop(event)}
    >
      {children}
      {over ? (
        <div className={styles.overlay} aria-hidden="true">
          Drop folders to watch them, or audio to add it as songs
        </div>
      ) : null}
    </div>
  );
}

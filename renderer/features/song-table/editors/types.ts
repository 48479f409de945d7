import type { Song, SongPatch } from '../../../../common/songs/song';

/** Where the active cell goes after an edit: Tab and Shift+Tab move on, Enter stays. */
export type Move = 'next' | 'prev' | null;

export interface EditorProps {
  song: Song;
  /** Saves a patch (shown at once, rolled back if the core refuses); the editor stays open. */
  save: (patch: SongPatch) => void;
  /** Closes the editor, moving the active cell as asked. */
  close: (move: Move) => void;
}

import { useRef, useState } from 'react';
import type { EditorProps, Move } from './types';
import styles from './editors.module.css';

/** Multi-line notes: Enter makes a new line, Ctrl/⌘+Enter or leaving saves, Escape cancels. */
export function NotesEditor({ song, save, close }: EditorProps) {
  const [value, setValue] = useState(song.notes);
  const finished = useRef(false);
  const finish = (move: Move) => {
    if (finished.current) return;
    finished.current = true;
    if (value !== song.notes) save({ notes: value });
    close(move);
  };
  return (
    <div className={styles.popover}>
      <textarea
        className={styles.notes}
        aria-label="Notes"
        value={value}
        autoFocus
        rows={6}
        onChange={(event) => setValue(event.target.value)}
        onBlur={() => finish(null)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) finish(null);
          else if (event.key === 'Tab') finish(event.shiftKey ? 'prev' : 'next');
          else if (event.key === 'Escape') {
            finished.current = true;
            close(null);
          }
          else return;
          event.preventDefault();
          event.stopPropagation();
        }}
      />
      <p className={styles.hint}>Ctrl/⌘ + Enter to save · Esc to cancel</p>
    </div>
  );
}

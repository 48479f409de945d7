import { useRef, useState } from 'react';
import type { EditorProps, Move } from './types';
import styles from './editors.module.css';

/** One line of text in the cell: the title, the tempo, a custom text, number or date. */
export function TextEditor({
  label,
  initial,
  save,
  close,
  type = 'text',
}: {
  label: string;
  initial: string;
  /** Called only when the value changed; the editor closes either way. */
  save: (value: string) => void;
  close: EditorProps['close'];
  type?: 'text' | 'number' | 'date';
}) {
  const [value, setValue] = useState(initial);
  // Enter closes the editor, and the input's blur as it goes must not save a second time.
  const finished = useRef(false);
  const finish = (move: Move) => {
    if (finished.current) return;
    finished.current = true;
    if (value !== initial) save(value);
    close(move);
  };
  return (
    <input
      className={styles.inline}
      aria-label={label}
      type={type}
      value={value}
      autoFocus
      onFocus={(event) => event.currentTarget.select()}
      onChange={(event) => setValue(event.target.value)}
      onBlur={() => finish(null)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') finish(null);
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
  );
}

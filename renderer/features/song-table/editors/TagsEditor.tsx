import { useState } from 'react';
import { useTagSuggestionsQuery } from '../../../api/songshelf-api';
import type { EditorProps, Move } from './types';
import styles from './editors.module.css';

interface ChipsEditorProps {
  label: string;
  values: string[];
  typed: string;
  onTyped: (typed: string) => void;
  /** Offered completions for what is typed, best first. */
  offered: string[];
  allowNew: boolean;
  save: (values: string[]) => void;
  close: (move: Move) => void;
}

/**
 * Values as chips: Enter adds the highlighted completion or what was typed, Backspace on an empty box removes
 * the last, Escape or Tab closes. Each add or remove is saved at once. Tags, and a custom multi select.
 */
export function ChipsEditor({ label, values, typed, onTyped, offered: all, allowNew, save, close }: ChipsEditorProps) {
  const [highlight, setHighlight] = useState(0);
  const lower = new Set(values.map((value) => value.toLowerCase()));
  const offered = all.filter((option) => !lower.has(option.toLowerCase())).slice(0, 8);

  const add = (value: string) => {
    const clean = value.trim();
    if (!clean || lower.has(clean.toLowerCase())) return;
    save([...values, clean]);
    onTyped('');
    setHighlight(0);
  };

  return (
    <div className={styles.popover}>
      <div className={styles.chips}>
        {values.map((value) => (
          <span key={value} className={styles.chip}>
            {value}
            <button
              type="button"
              className={styles.chipRemove}
              aria-label={`Remove ${value}`}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => save(values.filter((other) => other !== value))}
            >
              ×
            </button>
          </span>
        ))}
        <input
          className={styles.chipInput}
          aria-label={label}
          value={typed}
          autoFocus
          placeholder={values.length === 0 ? `Add ${label.toLowerCase()}…` : ''}
          onChange={(event) => {
            onTyped(event.target.value);
            setHighlight(0);
          }}
          onBlur={() => close(null)}
          onKeyDown={(event) => {
            const text = typed.trim();
            if (event.key === 'Enter') {
              const pick = offered[highlight];
              if (pick !== undefined && (text === '' || pick.toLowerCase().startsWith(text.toLowerCase()))) add(pick);
              else if (allowNew && text) add(text);
              else if (!text) close(null);
            } else if (event.key === 'ArrowDown') setHighlight((index) => Math.min(offered.length - 1, index + 1));
            else if (event.key === 'ArrowUp') setHighlight((index) => Math.max(0, index - 1));
            else if (event.key === 'Backspace' && typed === '' && values.length > 0) save(values.slice(0, -1));
            else if (event.key === 'Escape') close(null);
            else if (event.key === 'Tab') close(event.shiftKey ? 'prev' : 'next');
            else return;
            event.preventDefault();
            event.stopPropagation();
          }}
        />
      </div>
      {offered.length > 0 ? (
        <ul className={styles.suggestions} role="listbox" aria-label={`${label} suggestions`}>
          {offered.map((option, index) => (
            <li
              key={option}
              role="option"
              aria-selected={index === highlight}
              className={index === highlight ? styles.suggestionActive : styles.suggestion}
              onMouseDown={(event) => {
                event.preventDefault();
                add(option);
              }}
            >
              {option}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** The song's tags, with completion from the tags the library already uses. */
export function TagsEditor({ song, save, close }: EditorProps) {
  const [typed, setTyped] = useState('');
  const [tags, setTags] = useState(song.tags);
  const { data: known = [] } = useTagSuggestionsQuery({ prefix: typed.trim(), limit: 20 });
  return (
    <ChipsEditor
      label="Tags"
      values={tags}
      typed={typed}
      onTyped={setTyped}
      // Filtered here too: while the core answers for the new prefix, the last answer is still shown.
      offered={known.map((entry) => entry.tag).filter((tag) => tag.toLowerCase().startsWith(typed.trim().toLowerCase()))}
      allowNew
      save={(next) => {
        setTags(next);
        save({ tags: next });
      }}
      close={close}
    />
  );
}

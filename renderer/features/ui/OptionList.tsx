import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import styles from './OptionList.module.css';

export interface OptionListProps {
  label: string;
  options: readonly string[];
  value: string | null;
  onPick: (value: string, move: 'next' | 'prev' | null) => void;
  onCancel: () => void;
  /** Offer "Create …" for a typed value that is not in the list (single selects, tags). */
  onCreate?: (value: string) => void;
  /** Shown above the options and filtering them; off for short lists. */
  filterable?: boolean;
}

/**
 * A keyboard-first dropdown: type to filter, arrows to move, Enter to pick, Tab to pick and move on, Escape to
 * cancel. Every dropdown of the table (priority, tier, status, key, time signature, selects) is this one.
 */
export function OptionList({ label, options, value, onPick, onCancel, onCreate, filterable = options.length > 8 }: OptionListProps) {
  const [filter, setFilter] = useState('');
  const shown = filter ? options.filter((option) => option.toLowerCase().includes(filter.toLowerCase())) : options;
  const canCreate = Boolean(onCreate && filter.trim() && !options.some((option) => option.toLowerCase() === filter.trim().toLowerCase()));
  const [highlight, setHighlight] = useState(() => Math.max(0, value === null ? 0 : options.indexOf(value)));
  const list = useRef<HTMLUListElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const count = shown.length + (canCreate ? 1 : 0);

  // Focused before the list is painted: a key pressed as soon as it shows is the list's, not the grid's behind it.
  useLayoutEffect(() => {
    (filterable ? input.current : list.current)?.focus();
  }, [filterable]);
  useEffect(() => {
    list.current?.querySelector(`[data-index="${highlight}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [highlight]);

  const choose = (index: number, move: 'next' | 'prev' | null) => {
    if (index < shown.length) onPick(shown[index] as string, move);
    else if (canCreate) onCreate?.(filter.trim());
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown') setHighlight((index) => Math.min(count - 1, index + 1));
    else if (event.key === 'ArrowUp') setHighlight((index) => Math.max(0, index - 1));
    else if (event.key === 'Enter') choose(highlight, null);
    else if (event.key === 'Tab') choose(highlight, event.shiftKey ? 'prev' : 'next');
    else if (event.key === 'Escape') onCancel();
    else return;
    event.preventDefault();
    event.stopPropagation();
  };

  return (
    <div className={styles.popover} onKeyDown={onKeyDown}>
      {filterable ? (
        <input
          ref={input}
          className={styles.filter}
          aria-label={`Filter ${label}`}
          aria-controls={id}
          value={filter}
          placeholder={onCreate ? 'Find or create…' : 'Find…'}
          onChange={(event) => {
            setFilter(event.target.value);
            setHighlight(0);
          }}
        />
      ) : null}
      <ul ref={list} id={id} className={styles.list} role="listbox" aria-label={label} tabIndex={-1}>
        {shown.map((option, index) => (
          <li
            key={option}
            data-index={index}
            role="option"
            aria-selected={option === value}
            className={index === highlight ? styles.highlighted : styles.option}
            onMouseEnter={() => setHighlight(index)}
            onMouseDown={(event) => {
              event.preventDefault();
              choose(index, null);
            }}
          >
            <span className={styles.check}>{option === value ? '✓' : ''}</span>
            {option}
          </li>
        ))}
        {canCreate ? (
          <li
            data-index={shown.length}
            role="option"
            aria-selected={false}
            className={highlight === shown.length ? styles.highlighted : styles.option}
            onMouseDown={(event) => {
              event.preventDefault();
              choose(shown.length, null);
            }}
          >
            <span className={styles.check}>+</span>Create “{filter.trim()}”
          </li>
        ) : null}
        {count === 0 ? <li className={styles.empty}>No match</li> : null}
      </ul>
    </div>
  );
}

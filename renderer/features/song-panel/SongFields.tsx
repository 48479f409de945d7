/**
 * Every field of a song in its panel (issue 20), edited with the table's own editors, by keyboard as in the table:
 * the arrows move between fields, Enter (or a double click) edits, Escape cancels an edit and otherwise closes the
 * panel, Space plays the song. Each change is saved at once through the same channel as a cell's.
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { failureText, MESSAGES } from '../../../common/messages';
import type { Song, SongPatch } from '../../../common/songs/song';
import { callLibrary, hasLibrary } from '../../api/calls';
import { CellEditor } from '../song-table';
import { CellText } from '../song-table';
import type { Column } from '../song-table';
import { showToast } from '../ui/toasts';
import styles from './SongPanel.module.css';

/** The columns a panel edits: the song's own fields and the custom ones; files have their own section. */
export function editableColumns(columns: readonly Column[]): Column[] {
  return columns.filter((column) => column.editor.kind !== 'readonly' && column.editor.kind !== 'file');
}

export function SongFields({ song, columns, onSaved, onPlay }: { song: Song; columns: readonly Column[]; onSaved: (song: Song) => void; onPlay?: (song: Song) => void }) {
  const fields = editableColumns(columns);
  const [active, setActive] = useState(0);
  const [editing, setEditing] = useState(false);
  const grid = useRef<HTMLDivElement>(null);
  // Opened from the table by Enter: the keyboard goes on here.
  useEffect(() => grid.current?.focus(), []);

  const save = async (patch: SongPatch) => {
    if (!hasLibrary()) return;
    const result = await callLibrary('db:update-song', { id: song.id, patch });
    if (result.ok) onSaved(result.data);
    else showToast({ kind: 'error', message: failureText(MESSAGES.songUpdateFailed, result.error.message) });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (editing) {
      // The editor has closed itself on Escape; the panel stays open.
      if (event.key === 'Escape') event.preventDefault();
      return;
    }
    switch (event.key) {
      case 'ArrowDown':
        setActive((index) => Math.min(fields.length - 1, index + 1));
        break;
      case 'ArrowUp':
        setActive((index) => Math.max(0, index - 1));
        break;
      case 'Home':
        setActive(0);
        break;
      case 'End':
        setActive(fields.length - 1);
        break;
      case 'Enter':
      case 'F2':
        setEditing(true);
        break;
      case ' ':
        if (!onPlay || !song.file) return;
        onPlay(song);
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  return (
    // Two columns read top to bottom, then the next: the order the arrows go.
    <div ref={grid} className={styles.fields} style={{ gridTemplateRows: `repeat(${Math.ceil(fields.length / 2)}, auto)` }} role="grid" aria-label="Song fields" tabIndex={0} onKeyDown={onKeyDown} aria-activedescendant={`song-field-${fields[active]?.id ?? ''}`}>
      {fields.map((column, index) => {
        const isActive = index === active;
        return (
          <div key={column.id} id={`song-field-${column.id}`} role="row" aria-selected={isActive} className={isActive ? `${styles.field} ${styles.activeField}` : styles.field}>
            <span role="rowheader" className={styles.fieldLabel}>
              {column.label}
            </span>
            <span
              role="gridcell"
              aria-label={column.label}
              className={styles.fieldValue}
              onMouseDown={() => setActive(index)}
              onDoubleClick={() => {
                setActive(index);
                setEditing(true);
              }}
            >
              {isActive && editing ? (
                <CellEditor
                  column={column}
                  song={song}
                  save={(patch) => void save(patch)}
                  close={() => {
                    setEditing(false);
                    // Back to the field list, so the arrows go on from here.
                    grid.current?.focus();
                  }}
                />
              ) : (
                <CellText column={column} song={song} text={column.text(song)} />
              )}
            </span>
          </div>
        );
      })}
    </div>
  );
}

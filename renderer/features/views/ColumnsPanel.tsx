import { useState } from 'react';
import { Link } from 'react-router';
import type { Column, ColumnLayout } from '../song-table';
import { isColumnVisible, orderedColumns } from '../song-table';
import controls from '../ui/controls.module.css';
import styles from './ViewPanels.module.css';

/** Which columns the view shows, and their order (also set by dragging headers). */
export function ColumnsPanel({
  columns,
  layout: saved,
  fieldsPath,
  onChange: save,
}: {
  columns: readonly Column[];
  layout: ColumnLayout;
  fieldsPath: string;
  onChange: (patch: Partial<ColumnLayout>) => void;
}) {
  // Shown at once: the view is saved in the background.
  const [layout, setLayout] = useState(saved);
  const onChange = (patch: Partial<ColumnLayout>) => {
    setLayout({ ...layout, ...patch });
    save(patch);
  };
  const ordered = orderedColumns(columns, layout);
  const move = (index: number, by: number) => {
    const ids = ordered.map((column) => column.id);
    const [moved] = ids.splice(index, 1);
    if (moved === undefined) return;
    ids.splice(Math.max(0, Math.min(ids.length, index + by)), 0, moved);
    onChange({ columnOrder: ids });
  };
  return (
    <div className={styles.panel}>
      <h3 className={styles.panelTitle}>Columns</h3>
      <ul className={styles.columnList}>
        {ordered.map((column, index) => (
          <li key={column.id} className={styles.columnItem}>
            <label className={styles.check}>
              <input
                type="checkbox"
                checked={isColumnVisible(column, layout)}
                disabled={column.id === 'name'}
                onChange={(event) => onChange({ columnVisibility: { ...layout.columnVisibility, [column.id]: event.target.checked } })}
              />
              {column.label}
            </label>
            <span>
              <button type="button" className={`${controls.ghost} ${controls.small}`} aria-label={`Move ${column.label} up`} disabled={index === 0} onClick={() => move(index, -1)}>
                ↑
              </button>
              <button type="button" className={`${controls.ghost} ${controls.small}`} aria-label={`Move ${column.label} down`} disabled={index === ordered.length - 1} onClick={() => move(index, 1)}>
                ↓
              </button>
            </span>
          </li>
        ))}
      </ul>
      <Link to={fieldsPath} className={styles.manage}>
        Add or edit your own fields…
      </Link>
    </div>
  );
}

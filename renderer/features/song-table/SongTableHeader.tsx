/**
 * The song table's header row: select-all, a sort button per column (click), resize by dragging a column's edge
 * (double-click restores its default width), and reorder by dragging a header onto another.
 */
import { useRef } from 'react';
import type { SortConfig } from '../../../common/views/query';
import type { Column } from './columns';
import styles from './SongTable.module.css';
import { MAX_COLUMN_WIDTH, MENU_WIDTH, MIN_COLUMN_WIDTH, PLAY_WIDTH, SELECT_WIDTH } from './table-geometry';

interface SongTableHeaderProps {
  columns: Column[];
  widths: number[];
  totalWidth: number;
  sort: SortConfig | null;
  allSelected: boolean;
  onToggleSelectAll: () => void;
  onSort: (column: Column) => void;
  onReorder: (moved: string, before: string) => void;
  onResize: (column: Column, width: number) => void;
  /** The width while a column's edge is dragged (null when the drag ends); saved once, on release. */
  onLiveWidth: (live: { id: string; width: number } | null) => void;
}

export function SongTableHeader({ columns, widths, totalWidth, sort, allSelected, onToggleSelectAll, onSort, onReorder, onResize, onLiveWidth }: SongTableHeaderProps) {
  const dragged = useRef<string | null>(null);

  const startResize = (column: Column, startX: number, startWidth: number, target: HTMLElement, pointerId: number) => {
    target.setPointerCapture(pointerId);
    let width = startWidth;
    const onMove = (event: PointerEvent) => {
      width = Math.max(MIN_COLUMN_WIDTH, Math.min(MAX_COLUMN_WIDTH, Math.round(startWidth + event.clientX - startX)));
      onLiveWidth({ id: column.id, width });
    };
    const onUp = () => {
      target.removeEventListener('pointermove', onMove);
      target.removeEventListener('pointerup', onUp);
      onLiveWidth(null);
      if (width !== startWidth) onResize(column, width);
    };
    target.addEventListener('pointermove', onMove);
    target.addEventListener('pointerup', onUp);
  };

  return (
    <div className={styles.header} style={{ width: totalWidth }} role="row" aria-rowindex={1}>
      <div className={styles.leadCell} style={{ width: SELECT_WIDTH }} role="columnheader">
        <input type="checkbox" className={styles.checkbox} aria-label="Select all loaded songs" checked={allSelected} onChange={onToggleSelectAll} tabIndex={-1} />
      </div>
      <div className={styles.leadCell} style={{ width: PLAY_WIDTH }} role="columnheader" aria-label="Play" />
      {columns.map((column, col) => {
        const sorted = sort && column.sortField === sort.column ? sort.direction : null;
        return (
          <div
            key={column.id}
            role="columnheader"
            aria-label={column.label}
            aria-sort={sorted === 'Ascending' ? 'ascending' : sorted === 'Descending' ? 'descending' : 'none'}
            className={styles.headerCell}
            style={{ width: widths[col] }}
            draggable
            data-column={column.id}
            onDragStart={(event) => {
              dragged.current = column.id;
              event.dataTransfer.effectAllowed = 'move';
              event.dataTransfer.setData('text/plain', column.id);
            }}
            onDragOver={(event) => {
              if (dragged.current && dragged.current !== column.id) event.preventDefault();
            }}
            onDrop={(event) => {
              event.preventDefault();
              if (dragged.current && dragged.current !== column.id) onReorder(dragged.current, column.id);
              dragged.current = null;
            }}
          >
            <button
              type="button"
              tabIndex={-1}
              className={styles.headerButton}
              disabled={!column.sortField}
              onClick={() => onSort(column)}
              title={column.sortField ? `Sort by ${column.label}` : undefined}
            >
              <span className={styles.headerLabel}>{column.label}</span>
              {sorted ? <span className={styles.sortMark}>{sorted === 'Ascending' ? '↑' : '↓'}</span> : null}
            </button>
            <span
              className={styles.resizeHandle}
              role="separator"
              aria-orientation="vertical"
              aria-label={`Resize ${column.label}`}
              onPointerDown={(event) => {
                event.preventDefault();
                event.stopPropagation();
                startResize(column, event.clientX, widths[col] ?? column.defaultWidth, event.currentTarget, event.pointerId);
              }}
              onDoubleClick={() => onResize(column, column.defaultWidth)}
            />
          </div>
        );
      })}
      <div className={styles.menuCell} style={{ width: MENU_WIDTH }} role="columnheader" aria-label="Actions" />
    </div>
  );
}

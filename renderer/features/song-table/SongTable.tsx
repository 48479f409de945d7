/**
 * The song table: a virtual list (react-window) inside one scroller that also carries the sticky header, so
 * 200,000 rows cost what the ~30 on screen cost. Spreadsheet keys: arrows move, Enter edits, Escape cancels,
 * Tab moves on, Space selects. The header (sort, resize, reorder) is SongTableHeader.tsx.
 *
 * Over 300 lines: the keyboard model, the virtual list and cell editing share one focus state (the header and the cells are files of their own).
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { List, useListRef, type RowComponentProps } from 'react-window';
import type { SortConfig } from '../../../common/views/query';
import type { Song, SongPatch } from '../../../common/songs/song';
import { Icon } from '../ui/icons';
import { CellEditor } from './CellEditor';
import { CellText } from './CellText';
import { columnWidth, editsInPlace, type Column, type ColumnLayout } from './columns';
import type { Move } from './editors/types';
import { RowMenu, type RowAction } from './RowMenu';
import type { SongWindow } from './song-window';
import styles from './SongTable.module.css';
import { SongTableHeader } from './SongTableHeader';
import { sameItems, sameMembers, useLatestHandler, useSameValue } from './stable-props';
import { LEAD_WIDTH, MENU_WIDTH, PLAY_WIDTH, ROW_HEIGHT, SELECT_WIDTH } from './table-geometry';


interface Cell {
  row: number;
  col: number;
}

export interface SongTableProps {
  window: SongWindow;
  columns: Column[];
  layout: ColumnLayout;
  sort: SortConfig | null;
  selected: ReadonlySet<string>;
  playingId: string | null;
  onSort: (column: Column) => void;
  onResize: (column: Column, width: number) => void;
  onReorder: (moved: string, before: string) => void;
  onToggleSelect: (song: Song, index: number, range: boolean) => void;
  onToggleSelectAll: () => void;
  onEdit: (song: Song, patch: SongPatch) => void;
  onPlay: (song: Song, index: number) => void;
  onRowAction: (action: RowAction, song: Song) => void;
  emptyMessage: ReactNode;
}

interface RowProps {
  window: SongWindow;
  version: number;
  columns: Column[];
  widths: number[];
  totalWidth: number;
  active: Cell | null;
  editing: Cell | null;
  menuRow: number | null;
  selected: ReadonlySet<string>;
  playingId: string | null;
  renderEditor: (song: Song, column: Column) => ReactNode;
  onCellDown: (cell: Cell) => void;
  onCellDoubleClick: (cell: Cell) => void;
  onToggleSelect: (song: Song, index: number, range: boolean) => void;
  onPlay: (song: Song, index: number) => void;
  onMenu: (row: number | null) => void;
  onRowAction: (action: RowAction, song: Song) => void;
  onEdit: (song: Song, patch: SongPatch) => void;
}

function SongRow({ index, style, window, columns, widths, totalWidth, active, editing, menuRow, selected, playingId, renderEditor, onCellDown, onCellDoubleClick, onToggleSelect, onPlay, onMenu, onRowAction, onEdit }: RowComponentProps<RowProps>) {
  const song = window.rowAt(index);
  const raised = editing?.row === index || menuRow === index;
  const rowStyle = { ...style, width: totalWidth, zIndex: raised ? 3 : undefined };
  if (!song) {
    return (
      <div style={rowStyle} className={styles.placeholderRow} role="row" aria-rowindex={index + 2}>
        <span className={styles.placeholderBar} />
      </div>
    );
  }
  const isSelected = selected.has(song.id);
  const className = [styles.row, isSelected ? styles.selectedRow : '', playingId === song.id ? styles.playingRow : ''].join(' ');
  return (
    <div
      style={rowStyle}
      className={className}
      role="row"
      aria-rowindex={index + 2}
      aria-selected={isSelected}
      data-testid="song-row"
      data-song-id={song.id}
      data-pending={window.isPending(song.id) || undefined}
    >
      <div className={styles.leadCell} style={{ width: SELECT_WIDTH }} role="gridcell">
        <input
          type="checkbox"
          className={styles.checkbox}
          checked={isSelected}
          aria-label={`Select ${song.name}`}
          tabIndex={-1}
          onChange={() => undefined}
          onClick={(event) => onToggleSelect(song, index, event.shiftKey)}
        />
      </div>
      <div className={styles.leadCell} style={{ width: PLAY_WIDTH }} role="gridcell">
        {song.file ? (
          <button type="button" tabIndex={-1} className={styles.playButton} aria-label={`Play ${song.name}`} onClick={() => onPlay(song, index)}>
            <Icon name={playingId === song.id ? 'pause' : 'play'} size={10} />
          </button>
        ) : null}
      </div>
      {columns.map((column, col) => {
        const isActive = active?.row === index && active.col === col;
        const isEditing = editing?.row === index && editing.col === col;
        const text = column.text(song);
        return (
          <div
            key={column.id}
            role="gridcell"
            aria-label={column.label}
            data-column={column.id}
            className={[styles.cell, isActive ? styles.activeCell : '', column.numeric ? styles.numeric : '', text ? '' : styles.emptyCell].join(' ')}
            style={{ width: widths[col] }}
            title={text.length > 24 ? text : undefined}
            onMouseDown={(event) => {
              if (!isEditing && event.button === 0) onCellDown({ row: index, col });
            }}
            onDoubleClick={() => onCellDoubleClick({ row: index, col })}
          >
            {isEditing && editsInPlace(column) ? null : <CellText column={column} song={song} text={text} onOpen={() => onRowAction('details', song)} onEdit={(patch) => onEdit(song, patch)} />}
            {isEditing ? renderEditor(song, column) : null}
          </div>
        );
      })}
      <div className={styles.menuCell} style={{ width: MENU_WIDTH }} role="gridcell">
        <button type="button" tabIndex={-1} className={styles.menuButton} aria-label={`Actions for ${song.name}`} aria-haspopup="menu" onClick={() => onMenu(menuRow === index ? null : index)}>
          ⋯
        </button>
        {menuRow === index ? (
          <RowMenu
            song={song}
            onPick={(action) => {
              onMenu(null);
              onRowAction(action, song);
            }}
            onClose={() => onMenu(null)}
          />
        ) : null}
      </div>
    </div>
  );
}

export function SongTable(props: SongTableProps) {
  const { window, layout, sort } = props;
  const columns = useSameValue(props.columns, sameItems);
  const selected = useSameValue(props.selected, sameMembers);
  const [scroller, setScroller] = useState<HTMLDivElement | null>(null);
  const listRef = useListRef(null);
  const [active, setActive] = useState<Cell | null>(null);
  const [editing, setEditing] = useState<Cell | null>(null);
  const [menuRow, setMenuRow] = useState<number | null>(null);
  const [liveWidth, setLiveWidth] = useState<{ id: string; width: number } | null>(null);
  /** The song under the active cell: a sort by Modified moves an edited song, and the cursor goes with it. */
  const activeSong = useRef<string | null>(null);
  const total = window.total ?? 0;

  const widths = useSameValue(
    columns.map((column) => (liveWidth?.id === column.id ? liveWidth.width : columnWidth(column, layout))),
    sameItems,
  );
  const totalWidth = LEAD_WIDTH + widths.reduce((sum, width) => sum + width, 0) + MENU_WIDTH;

  // A new search's rows (or a new sort's) start at the top with nothing active; a refresh of the same rows keeps the
  // place. In a layout effect: at the top before the list reports the rows it rendered (`onRowsRendered`).
  useLayoutEffect(() => {
    setActive(null);
    setEditing(null);
    scroller?.scrollTo({ top: 0, behavior: 'instant' });
  }, [scroller, window.shownQueries]);

  useEffect(() => {
    window.hold(editing !== null);
    return () => window.hold(false);
  }, [window, editing]);

  // After the rows change (an edit re-sorted them, a scan added some), find the active song's new row, so the
  // keys typed next still edit the song the musician is on.
  useEffect(() => {
    const id = activeSong.current;
    if (!active || !id || window.rowAt(active.row)?.id === id) return;
    const row = window.indexOf(id);
    if (row === -1) return;
    setActive({ row, col: active.col });
    if (editing) setEditing({ row, col: editing.col });
    listRef.current?.scrollToRow({ index: row, align: 'smart' });
  });

  const reveal = useCallback(
    (cell: Cell) => {
      listRef.current?.scrollToRow({ index: cell.row, align: 'smart' });
      if (!scroller) return;
      const left = LEAD_WIDTH + widths.slice(0, cell.col).reduce((sum, width) => sum + width, 0);
      const right = left + (widths[cell.col] ?? 0);
      if (left - LEAD_WIDTH < scroller.scrollLeft) scroller.scrollLeft = left - LEAD_WIDTH;
      else if (right > scroller.scrollLeft + scroller.clientWidth) scroller.scrollLeft = right - scroller.clientWidth;
    },
    [listRef, scroller, widths],
  );

  const moveTo = (cell: Cell) => {
    const next = { row: Math.max(0, Math.min(total - 1, cell.row)), col: Math.max(0, Math.min(columns.length - 1, cell.col)) };
    activeSong.current = window.rowAt(next.row)?.id ?? null;
    setActive(next);
    reveal(next);
  };

  const step = (from: Cell, move: Move): Cell => {
    if (move === 'next') return from.col + 1 < columns.length ? { row: from.row, col: from.col + 1 } : { row: from.row + 1, col: 0 };
    if (move === 'prev') return from.col > 0 ? { row: from.row, col: from.col - 1 } : { row: from.row - 1, col: columns.length - 1 };
    return from;
  };

  const startEditing = (cell: Cell) => {
    const song = window.rowAt(cell.row);
    const column = columns[cell.col];
    if (!song || !column) return;
    if (column.editor.kind === 'readonly') return;
    if (column.editor.kind === 'custom' && column.editor.field.type === 'checkbox') {
      const field = column.editor.field;
      props.onEdit(song, { custom: { [field.id]: song.custom[field.id] === true ? null : true } });
      return;
    }
    setMenuRow(null);
    activeSong.current = song.id;
    setEditing(cell);
  };

  const closeEditor = (move: Move) => {
    const from = editing;
    setEditing(null);
    scroller?.focus({ preventScroll: true });
    if (from && move) moveTo(step(from, move));
  };

  const renderEditor = (song: Song, column: Column) => (
    <CellEditor column={column} song={song} save={(patch) => props.onEdit(song, patch)} close={closeEditor} />
  );

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (editing || event.target !== event.currentTarget || total === 0) return;
    const at = active ?? { row: 0, col: 0 };
    const page = Math.max(1, Math.floor((scroller?.clientHeight ?? 320) / ROW_HEIGHT) - 1);
    switch (event.key) {
      case 'ArrowDown':
        moveTo(active ? { row: at.row + 1, col: at.col } : at);
        break;
      case 'ArrowUp':
        moveTo({ row: at.row - 1, col: at.col });
        break;
      case 'ArrowRight':
        moveTo({ row: at.row, col: at.col + 1 });
        break;
      case 'ArrowLeft':
        moveTo({ row: at.row, col: at.col - 1 });
        break;
      case 'PageDown':
        moveTo({ row: at.row + page, col: at.col });
        break;
      case 'PageUp':
        moveTo({ row: at.row - page, col: at.col });
        break;
      case 'Home':
        moveTo({ row: event.ctrlKey || event.metaKey ? 0 : at.row, col: 0 });
        break;
      case 'End':
        moveTo({ row: event.ctrlKey || event.metaKey ? total - 1 : at.row, col: columns.length - 1 });
        break;
      case 'Tab': {
        const next = step(at, event.shiftKey ? 'prev' : 'next');
        // At either end of the table, Tab leaves it as usual.
        if (next.row < 0 || next.row >= total) return;
        moveTo(active ? next : at);
        break;
      }
      case 'Enter': {
        // On a song's name, Enter opens its panel (issue 20), where the name is edited too; elsewhere it edits.
        const song = active && columns[active.col]?.id === 'name' ? window.rowAt(active.row) : undefined;
        if (song) props.onRowAction('details', song);
        else if (active) startEditing(active);
        else moveTo(at);
        break;
      }
      case 'F2':
        if (active) startEditing(active);
        else moveTo(at);
        break;
      case ' ': {
        const song = window.rowAt(at.row);
        if (song) props.onToggleSelect(song, at.row, event.shiftKey);
        break;
      }
      case 'Escape':
        setActive(null);
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  // One identity each across renders, so a render of the page that changes no row re-renders none (stable-props.ts).
  const rowHandlers = {
    renderEditor: useLatestHandler(renderEditor),
    onCellDown: useLatestHandler((cell: Cell) => {
      activeSong.current = window.rowAt(cell.row)?.id ?? null;
      setActive(cell);
      if (editing && (editing.row !== cell.row || editing.col !== cell.col)) setEditing(null);
    }),
    onCellDoubleClick: useLatestHandler(startEditing),
    onToggleSelect: useLatestHandler(props.onToggleSelect),
    onPlay: useLatestHandler(props.onPlay),
    onRowAction: useLatestHandler(props.onRowAction),
    onEdit: useLatestHandler(props.onEdit),
  };

  const loadedSongs = Array.from({ length: Math.min(total, 2000) }, (_, index) => window.rowAt(index)).filter((song): song is Song => song !== undefined);
  const allLoadedSelected = loadedSongs.length > 0 && loadedSongs.every((song) => selected.has(song.id));

  return (
    <div
      ref={setScroller}
      className={styles.scroller}
      role="grid"
      aria-label="Songs"
      aria-rowcount={total + 1}
      aria-colcount={columns.length}
      aria-multiselectable="true"
      tabIndex={0}
      onKeyDown={onKeyDown}
      data-testid="song-grid"
      data-search={window.shownSearch ?? undefined}
    >
      <SongTableHeader
        columns={columns}
        widths={widths}
        totalWidth={totalWidth}
        sort={sort}
        allSelected={allLoadedSelected}
        onToggleSelectAll={props.onToggleSelectAll}
        onSort={props.onSort}
        onReorder={props.onReorder}
        onResize={props.onResize}
        onLiveWidth={setLiveWidth}
      />
      {window.total === 0 ? <div className={styles.empty} data-testid="song-table-empty">{props.emptyMessage}</div> : null}
      {
        // Kept while no song matches (no rows then): a search that finds songs again fills it, not builds it anew.
        <List<RowProps>
          listRef={listRef}
          scrollElement={scroller}
          rowCount={total}
          rowHeight={ROW_HEIGHT}
          // Rows drawn beyond the screen, either side. Every row drawn is laid out again when a search's answer
          // replaces them all: 4 (not 8) is a fifth fewer rows for each keystroke, and still a screen's worth of
          // rows is read ahead (song-window.ts, LEAD_ROWS) so scrolling shows data, not placeholders.
          overscanCount={4}
          style={{ width: totalWidth }}
          onRowsRendered={({ startIndex, stopIndex }) => {
            // Rows below the top while at the top: the list's render from before a new search's scroll to the top
            // (the right rows follow at once); read, they would be the new search's rows at the old place.
            if (startIndex > 0 && scroller?.scrollTop === 0) return;
            window.setVisible(startIndex, stopIndex);
          }}
          rowComponent={SongRow}
          rowProps={{
            window,
            version: window.version,
            columns,
            widths,
            totalWidth,
            active,
            editing,
            menuRow,
            selected,
            playingId: props.playingId,
            renderEditor: rowHandlers.renderEditor,
            onCellDown: rowHandlers.onCellDown,
            onCellDoubleClick: rowHandlers.onCellDoubleClick,
            onToggleSelect: rowHandlers.onToggleSelect,
            onPlay: rowHandlers.onPlay,
            onMenu: setMenuRow,
            onRowAction: rowHandlers.onRowAction,
            onEdit: rowHandlers.onEdit,
          }}
        />
      }
    </div>
  );
}

/**
 * A board view (issue 32): a column per status, each a virtual list of cards read a page at a time, like the table
 * (`SongWindow`: the view's search, sort and filters, narrowed to the column's status), so 200,000 songs cost what
 * the cards on screen cost. A card moves by dragging it to another column, or from the keyboard (Shift+←/→), through
 * the table's one edit path (`editSong`), with Undo. Arrows move between cards, Enter opens the song.
 */
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { List, useListRef, type RowComponentProps } from 'react-window';
import type { SortConfig, Filter } from '../../../common/views/query';
import { STATUSES, type Song, type Status } from '../../../common/songs/song';
import { callLibrary } from '../../api/calls';
import { editSong } from '../song-table';
import type { SongWindow } from '../song-table';
import { useSongWindow } from '../song-table';
import { showToast } from '../ui/toasts';
import { BoardCard, CARD_HEIGHT } from './BoardCard';
import { CARD_DRAG_TYPE, columnSearch, readDragPayload, statusBeside } from './board-moves';
import styles from './SongBoard.module.css';

export interface SongBoardProps {
  viewId: string;
  search: string;
  sort: SortConfig | null;
  viewFilters: Filter[];
  onOpen: (song: Song) => void;
}

interface Focus {
  status: Status;
  id: string;
}

export function SongBoard({ viewId, search, sort, viewFilters, onOpen }: SongBoardProps) {
  const windows = useRef(new Map<Status, SongWindow>());
  const [focus, setFocus] = useState<Focus | null>(null);
  const [dropTarget, setDropTarget] = useState<Status | null>(null);

  const move = async (song: Song, from: Status, to: Status) => {
    const window = windows.current.get(from);
    if (!window || from === to) return;
    const done = await editSong(window, song, { status: to });
    if (!done) return;
    showToast({
      kind: 'info',
      message: `“${song.name}” moved to ${to}.`,
      action: { label: 'Undo', run: () => void callLibrary('db:update-song', { id: song.id, patch: { status: from } }) },
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!focus) return;
    const window = windows.current.get(focus.status);
    const index = window?.indexOf(focus.id) ?? -1;
    const song = index >= 0 ? window?.rowAt(index) : undefined;
    if (!window || !song) return;
    const step = event.key === 'ArrowLeft' ? -1 : event.key === 'ArrowRight' ? 1 : 0;
    if (step !== 0) {
      event.preventDefault();
      const beside = statusBeside(focus.status, step);
      if (!beside) return;
      if (event.shiftKey) {
        // The card goes, and the focus with it: it is found in its new column when that column has read it.
        setFocus({ status: beside, id: song.id });
        void move(song, focus.status, beside);
        return;
      }
      const other = windows.current.get(beside);
      const there = other?.rowAt(Math.min(index, Math.max(0, (other.total ?? 1) - 1)));
      if (there) setFocus({ status: beside, id: there.id });
      return;
    }
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const next = window.rowAt(index + (event.key === 'ArrowDown' ? 1 : -1));
      if (next) setFocus({ status: focus.status, id: next.id });
    } else if (event.key === 'Enter') {
      event.preventDefault();
      onOpen(song);
    }
  };

  return (
    <div className={styles.board} role="group" aria-label="Board: a column per status" data-board onKeyDown={onKeyDown}>
      {STATUSES.map((status) => (
        <BoardColumn
          key={status}
          status={status}
          viewId={viewId}
          search={search}
          sort={sort}
          viewFilters={viewFilters}
          focusedId={focus?.status === status ? focus.id : null}
          dropping={dropTarget === status}
          onWindow={(window) => void windows.current.set(status, window)}
          onFocus={(id) => setFocus({ status, id })}
          onOpen={onOpen}
          onDragOver={(over) => setDropTarget(over ? status : null)}
          onDrop={(id, from) => {
            setDropTarget(null);
            const song = (() => {
              const window = windows.current.get(from);
              const index = window?.indexOf(id) ?? -1;
              return index >= 0 ? window?.rowAt(index) : undefined;
            })();
            if (song) void move(song, from, status);
          }}
        />
      ))}
    </div>
  );
}

interface ColumnProps {
  status: Status;
  viewId: string;
  search: string;
  sort: SortConfig | null;
  viewFilters: Filter[];
  focusedId: string | null;
  dropping: boolean;
  onWindow: (window: SongWindow) => void;
  onFocus: (id: string) => void;
  onOpen: (song: Song) => void;
  onDragOver: (over: boolean) => void;
  onDrop: (id: string, from: Status) => void;
}

function BoardColumn(props: ColumnProps) {
  const { status, focusedId } = props;
  const query = useMemo(
    () => ({ viewId: props.viewId, search: columnSearch(props.search, status), sort: props.sort, viewFilters: props.viewFilters }),
    [props.viewId, props.search, status, props.sort, props.viewFilters],
  );
  const window = useSongWindow(query);
  const listRef = useListRef(null);
  useEffect(() => {
    props.onWindow(window);
  }, [window]);

  // The focused card scrolled to, once its column has read it (after a move, that is a moment later).
  const focusedIndex = focusedId ? window.indexOf(focusedId) : -1;
  useEffect(() => {
    if (focusedIndex >= 0) listRef.current?.scrollToRow({ index: focusedIndex, align: 'smart' });
  }, [focusedIndex, listRef]);

  const total = window.total;
  return (
    <section
      className={styles.column}
      data-status={status}
      data-dropping={props.dropping || undefined}
      aria-label={status}
      onDragOver={(event) => {
        if (!event.dataTransfer.types.includes(CARD_DRAG_TYPE)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'move';
        props.onDragOver(true);
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) props.onDragOver(false);
      }}
      onDrop={(event) => {
        event.preventDefault();
        const payload = readDragPayload(event.dataTransfer.getData(CARD_DRAG_TYPE));
        props.onDragOver(false);
        if (payload) props.onDrop(payload.id, payload.from);
      }}
    >
      <header className={styles.columnHeader}>
        <span className={styles.columnTitle} data-status={status}>
          {status}
        </span>
        <span className={styles.columnCount} data-testid={`board-count-${status}`}>
          {total === null ? '…' : total.toLocaleString()}
        </span>
      </header>
      {total === 0 ? <p className={styles.columnEmpty}>No songs</p> : null}
      <List<CardRowProps>
        className={styles.cards}
        listRef={listRef}
        rowCount={total ?? 0}
        rowHeight={CARD_HEIGHT}
        overscanCount={3}
        onRowsRendered={({ startIndex, stopIndex }) => window.setVisible(startIndex, stopIndex)}
        rowComponent={CardRow}
        rowProps={{ window, version: window.version, status, focusedId, onFocus: props.onFocus, onOpen: props.onOpen }}
      />
    </section>
  );
}

interface CardRowProps {
  window: SongWindow;
  version: number;
  status: Status;
  focusedId: string | null;
  onFocus: (id: string) => void;
  onOpen: (song: Song) => void;
}

function CardRow({ index, style, window, status, focusedId, onFocus, onOpen }: RowComponentProps<CardRowProps>) {
  const song = window.rowAt(index);
  return (
    <div style={style} className={styles.cardSlot}>
      {song ? (
        <BoardCard
          song={song}
          status={status}
          focused={song.id === focusedId}
          // Tab reaches each column at its focused card, or its first.
          tabbable={song.id === focusedId || (focusedId === null && index === 0)}
          pending={window.isPending(song.id)}
          onFocus={() => onFocus(song.id)}
          onOpen={() => onOpen(song)}
        />
      ) : (
        <div className={styles.cardPlaceholder} />
      )}
    </div>
  );
}

/**
 * `/dashboard`, `/:viewId` and `/:viewId/modal/:modal`: one view's songs in the virtual table, with its
 * search, sort, filters and columns (all saved on the view), bulk actions, and the modals of the view.
 *
 * Over 300 lines: one view's page state (search, sort, filters, columns, modals, bulk actions) is held in one place.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import type { Filter, SortConfig } from '../../../common/views/query';
import type { BulkSongPatch, Song } from '../../../common/songs/song';
import { deleteOutcome } from '../../../common/songs/song-delete';
import type { View, ViewType } from '../../../common/views/view';
import { useBulkDeleteSongsMutation, useBulkUpdateSongsMutation, useDeleteSongMutation, useFieldsQuery, useUpdateViewMutation, useViewsQuery, useWatchedDirectoriesQuery } from '../../api/songshelf-api';
import { callLibrary, hasLibrary } from '../../api/calls';
import { currentBuild } from '../auth';
import { SongBoard } from '../board';
import { FirstRun } from '../library';
import { LibraryTransferPanel } from '../library';
import { usePlayer } from '../player';
import { BUILT_IN_COLUMNS, customColumn, missingHereColumn, orderedColumns, visibleColumns, type Column, type ColumnLayout } from '../song-table';
import type { RowAction } from '../song-table';
import { editSong } from '../song-table';
import { SongTable } from '../song-table';
import { useSongWindow } from '../song-table';
import { AddSongModal } from '../songs';
import { BulkBar } from '../songs';
import { FieldsModal } from '../songs';
import { SongPanel } from '../song-panel';
import { openInDaw, projectTarget, revealInFolder } from '../songs';
import { PluginsModal } from '../plugins';
import { FocusList } from '../studio';
import { StudioModal } from '../studio';
import { usePluginPresence } from '../plugins';
import { ConfirmDialog } from '../ui/Modal';
import { Popover } from '../ui/Popover';
import controls from '../ui/controls.module.css';
import { errorMessage } from '../ui/tier-limits';
import { showToast } from '../ui/toasts';
import { ColumnsPanel } from '../views';
import { FiltersPanel } from '../views';
import styles from './DashboardPage.module.css';

function emptyMessage(type: ViewType, searching: boolean, onComputer: boolean): string {
  if (searching) return 'No song matches this search.';
  if (!onComputer && type !== 'hidden') return 'No songs have synced yet. Songs your Songshelf app finds appear here.';
  if (type === 'directory') return 'No projects found here yet. Songs appear as the scan finds them.';
  if (type === 'hidden') return 'Nothing is hidden. Songs you delete from a watched folder come here.';
  return 'No songs here yet. Add one, or watch a folder of projects.';
}

export default function DashboardPage() {
  const { viewId } = useParams();
  const { data: views = [], isFetching } = useViewsQuery();
  const firstVisible = views.find((view) => view.type !== 'hidden') ?? null;
  const view = viewId ? (views.find((candidate) => candidate.id === viewId) ?? null) : firstVisible;
  // An unknown view goes to the first visible one, but not while the list is refreshing: a view just created
  // may not be in the cached list yet.
  if (viewId && !view && !isFetching) return <Navigate to={firstVisible?.path ?? '/dashboard'} replace />;
  if (!view) return <p className={styles.empty}>No views yet.</p>;
  return <ViewPage key={view.id} view={view} firstScreen={view.id === firstVisible?.id} />;
}

function ViewPage({ view, firstScreen }: { view: View; firstScreen: boolean }) {
  if (!hasLibrary()) return <p className={styles.empty}>This page is not connected to the Songshelf app.</p>;
  return <ConnectedViewPage view={view} firstScreen={firstScreen} />;
}

/**
 * On the website (no core: the library is the cloud's) a song's files are on the computers that found them, so
 * their cells are read-only there, and adding songs, exporting and folders are the app's. (The file editors are the
 * only ones that write a field the cloud library refuses: `WEB_EDITABLE_FIELDS` in `common/songs/apply-edit.ts`.)
 */
function webColumn(column: Column): Column {
  return column.editor.kind === 'file' ? { ...column, editor: { kind: 'readonly' } } : column;
}

/** The first screen (the first view in the sidebar) shows the focus list above its songs (issue 32). */
function ConnectedViewPage({ view, firstScreen }: { view: View; firstScreen: boolean }) {
  const onComputer = currentBuild() === 'desktop';
  const { modal } = useParams();
  const [searchParams] = useSearchParams();
  const songId = searchParams.get('id');
  const navigate = useNavigate();
  const player = usePlayer();
  const { data: fields = [] } = useFieldsQuery();
  const { data: folders = [] } = useWatchedDirectoriesQuery();
  const [updateView] = useUpdateViewMutation();
  const [bulkUpdate] = useBulkUpdateSongsMutation();
  const [bulkDelete] = useBulkDeleteSongsMutation();
  const [deleteSong] = useDeleteSongMutation();
  // The search box keeps its own text (`SearchBox`): a key re-renders the box, and asks the table's rows at once,
  // not after a render of this page. The table keeps the rows shown until the answer and never has more than one
  // search read in flight (`SongWindow`), so no delay is needed to spare the core.
  const searchText = useRef('');
  // A board's columns each read their own rows: the typed search re-renders them (the table's is told directly).
  const board = view.layout === 'board';
  const [boardSearch, setBoardSearch] = useState('');
  const [selected, setSelected] = useState<Map<string, Song>>(new Map());
  const [anchor, setAnchor] = useState<number | null>(null);
  const [confirm, setConfirm] = useState<{ title: string; message: string; label: string; run: () => void } | null>(null);

  const queryFor = (text: string) => ({ viewId: view.id, search: text.trim(), sort: view.sortConfig, viewFilters: view.activeFilters });
  // A new view, sort or filter: the same search, on it.
  const query = useMemo(() => queryFor(searchText.current), [view.id, view.sortConfig, view.activeFilters]);
  const window = useSongWindow(query);
  // Behind a board, the table keeps its count (the header's) and lends its rows to the player: read only as needed.
  useEffect(() => window.setShown(!board), [window, board]);
  // What the export and the empty message speak of: the rows on screen, until the typed search's rows arrive.
  const shownSearch = window.shownSearch ?? searchText.current.trim();

  const presence = usePluginPresence();
  const allColumns: Column[] = useMemo(
    () => [...BUILT_IN_COLUMNS, missingHereColumn(presence), ...fields.map(customColumn)].map(onComputer ? (column) => column : webColumn),
    [fields, onComputer, presence],
  );
  const layout: ColumnLayout = { columnOrder: view.columnOrder, columnWidths: view.columnWidths, columnVisibility: view.columnVisibility };
  const columns = visibleColumns(allColumns, layout);

  const saveView = (patch: Parameters<typeof updateView>[0]['patch']) =>
    void updateView({ id: view.id, patch }).then((result) => {
      if ('error' in result) showToast({ kind: 'error', message: errorMessage(result.error, 'The view could not be saved.') });
    });

  const onSort = (column: Column) => {
    if (!column.sortField) return;
    const current = view.sortConfig;
    let next: SortConfig | null = { column: column.sortField, direction: 'Ascending' };
    if (current?.column === column.sortField) next = current.direction === 'Ascending' ? { column: column.sortField, direction: 'Descending' } : null;
    saveView({ sortConfig: next });
  };

  const onReorder = (moved: string, before: string) => {
    const ids = orderedColumns(allColumns, layout).map((column) => column.id).filter((id) => id !== moved);
    ids.splice(Math.max(0, ids.indexOf(before)), 0, moved);
    saveView({ columnOrder: ids });
  };

  const selectedSongs = [...selected.values()];
  const onToggleSelect = (song: Song, index: number, range: boolean) => {
    const next = new Map(selected);
    if (range && anchor !== null) {
      for (let at = Math.min(anchor, index); at <= Math.max(anchor, index); at++) {
        const row = window.rowAt(at);
        if (row) next.set(row.id, row);
      }
    } else if (next.has(song.id)) next.delete(song.id);
    else next.set(song.id, song);
    setAnchor(index);
    setSelected(next);
  };

  const onToggleSelectAll = () => {
    const loaded: Song[] = [];
    for (let at = 0; at < Math.min(window.total ?? 0, 2000); at++) {
      const row = window.rowAt(at);
      if (row) loaded.push(row);
    }
    const all = loaded.length > 0 && loaded.every((song) => selected.has(song.id));
    setSelected(all ? new Map() : new Map(loaded.map((song) => [song.id, song])));
  };

  const setHidden = async (song: Song, hidden: boolean) => {
    const done = await editSong(window, song, { hidden });
    if (done && hidden) {
      showToast({ kind: 'info', message: `“${song.name}” moved to Hidden.`, action: { label: 'Undo', run: () => void callLibrary('db:update-song', { id: song.id, patch: { hidden: false } }) } });
    }
  };

  const deleteForGood = (song: Song) =>
    setConfirm({
      title: `Delete “${song.name}”?`,
      message: 'This song was added by hand: it is deleted for good, with its tags and notes. Its files stay on disk.',
      label: 'Delete song',
      run: () =>
        void deleteSong({ id: song.id }).then((result) => {
          if ('error' in result) showToast({ kind: 'error', message: errorMessage(result.error, 'The song could not be deleted.') });
        }),
    });

  const onRowAction = (action: RowAction, song: Song) => {
    const index = window.indexOf(song.id);
    switch (action) {
      case 'details':
        void navigate(`${view.path}/modal/song?id=${encodeURIComponent(song.id)}`);
        break;
      case 'share':
        void navigate(`${view.path}/modal/song?id=${encodeURIComponent(song.id)}&share=1`);
        break;
      case 'play':
        void player.play(song, index, window);
        break;
      case 'reveal-audio':
        if (song.file?.localPath) void revealInFolder(song.file.localPath);
        break;
      case 'open-project':
        if (song.recordingSession) void openInDaw(song.recordingSession.value);
        break;
      case 'reveal-project': {
        const target = projectTarget(song);
        if (target) void revealInFolder(target);
        break;
      }
      case 'hide':
        void setHidden(song, true);
        break;
      case 'restore':
        void setHidden(song, false);
        break;
      case 'delete':
        deleteForGood(song);
        break;
    }
  };

  const runBulkUpdate = (patch: BulkSongPatch) =>
    void bulkUpdate({ ids: [...selected.keys()], patch }).then((result) => {
      if ('error' in result) showToast({ kind: 'error', message: errorMessage(result.error, 'The songs could not be changed.') });
      else if (patch.hidden !== undefined) setSelected(new Map());
    });

  const runBulkDelete = () => {
    const manual = selectedSongs.filter((song) => deleteOutcome(song) === 'deleted').length;
    const fromFolders = selectedSongs.length - manual;
    const parts = [
      manual > 0 ? `${manual} added by hand ${manual === 1 ? 'is' : 'are'} deleted for good` : '',
      fromFolders > 0 ? `${fromFolders} from project folders ${fromFolders === 1 ? 'goes' : 'go'} to Hidden` : '',
    ].filter(Boolean);
    setConfirm({
      title: `Delete ${selectedSongs.length === 1 ? '1 song' : `${selectedSongs.length} songs`}?`,
      message: `${parts.join('; ')}.`,
      label: 'Delete',
      run: () =>
        void bulkDelete({ ids: [...selected.keys()] }).then((result) => {
          if ('error' in result) showToast({ kind: 'error', message: errorMessage(result.error, 'The songs could not be deleted.') });
          else setSelected(new Map());
        }),
    });
  };

  const total = window.total;
  const closeModal = () => void navigate(view.path);
  const openSong = (id: string) => void navigate(`${view.path}/modal/song?id=${encodeURIComponent(id)}`);
  const filterCount = view.activeFilters.length;
  return (
    <>
      <header className={styles.header}>
        <div className={styles.heading}>
          <h1 className={styles.title}>{view.title}</h1>
          <p className={styles.count} data-testid="song-count">
            {total === null ? 'Loading…' : total === 1 ? '1 song' : `${total.toLocaleString()} songs`}
          </p>
        </div>
        <div className={styles.toolbar}>
          <div className={styles.searchBox}>
            <SearchBox
              onSearch={(text) => {
                searchText.current = text;
                window.setQuery(queryFor(text));
                if (board) setBoardSearch(text);
              }}
            />
          </div>
          <Popover label="Filters" badge={filterCount}>
            <FiltersPanel filters={view.activeFilters} fields={fields} onChange={(activeFilters: Filter[]) => saveView({ activeFilters: activeFilters.filter(isComplete) })} />
          </Popover>
          {view.type === 'custom' ? (
            <div className={controls.segmented} role="group" aria-label="Layout">
              {(['table', 'board'] as const).map((layout) => (
                <button key={layout} type="button" aria-pressed={view.layout === layout} onClick={() => view.layout !== layout && saveView({ layout })}>
                  {layout === 'table' ? 'Table' : 'Board'}
                </button>
              ))}
            </div>
          ) : null}
          <Popover label="Columns">
            <ColumnsPanel columns={allColumns} layout={layout} fieldsPath={`${view.path}/modal/fields`} onChange={(patch) => saveView(patch)} />
          </Popover>
          <button type="button" className={controls.button} onClick={() => void navigate(`${view.path}/modal/plugins`)}>
            Plug-ins
          </button>
          <button type="button" className={controls.button} onClick={() => void navigate(`${view.path}/modal/studio`)}>
            Studio
          </button>
          {onComputer ? (
            <>
              <Popover label="Export">
                <LibraryTransferPanel viewTitle={view.title} viewQuery={{ viewId: view.id, search: shownSearch, ...(view.sortConfig ? { sort: view.sortConfig } : {}) }} />
              </Popover>
              <button type="button" className={controls.primary} onClick={() => void navigate(`${view.path}/modal/add-song`)}>
                Add song
              </button>
            </>
          ) : null}
        </div>
      </header>
      {window.error ? (
        <p className={`${controls.error} ${styles.queryError}`} role="alert">
          {window.error.message}
        </p>
      ) : null}
      {
        // Asked once the table's first answer is in: asked beside it, the cold first open of a 200,000-song library
        // took 0.3 s longer to show its rows (bench:table open_ms 1.1-1.35 s, and 0.86 s so).
        firstScreen && window.total !== null ? <FocusList compact onOpenSong={openSong} /> : null
      }
      {selected.size > 0 ? (
        <BulkBar selected={selectedSongs} inHiddenView={view.type === 'hidden'} onUpdate={runBulkUpdate} {...(onComputer ? { onDelete: runBulkDelete } : {})} onClear={() => setSelected(new Map())} />
      ) : null}
      {board ? (
        <SongBoard
          viewId={view.id}
          search={boardSearch}
          sort={view.sortConfig}
          viewFilters={view.activeFilters}
          onOpen={(song) => void navigate(`${view.path}/modal/song?id=${encodeURIComponent(song.id)}`)}
        />
      ) : (
      <SongTable
        window={window}
        columns={columns}
        layout={layout}
        sort={view.sortConfig}
        selected={new Set(selected.keys())}
        playingId={player.song?.id ?? null}
        onSort={onSort}
        onResize={(column, width) => saveView({ columnWidths: { ...view.columnWidths, [column.id]: width } })}
        onReorder={onReorder}
        onToggleSelect={onToggleSelect}
        onToggleSelectAll={onToggleSelectAll}
        onEdit={(song, patch) => void editSong(window, song, patch)}
        onPlay={(song, index) => void player.play(song, index, window)}
        onRowAction={onRowAction}
        emptyMessage={onComputer && view.type === 'custom' && shownSearch === '' && folders.length === 0 ? <FirstRun /> : emptyMessage(view.type, shownSearch !== '', onComputer)}
      />
      )}
      {modal === 'add-song' && onComputer ? <AddSongModal onClose={closeModal} /> : null}
      {modal === 'fields' ? <FieldsModal onClose={closeModal} /> : null}
      {modal === 'plugins' ? <PluginsModal onClose={closeModal} onOpenSong={openSong} /> : null}
      {modal === 'studio' ? <StudioModal onClose={closeModal} onOpenSong={openSong} /> : null}
      {modal === 'song' && songId ? <SongPanel songId={songId} sharing={searchParams.get('share') === '1'} columns={allColumns} onClose={closeModal} onPlay={(song) => void player.play(song, window.indexOf(song.id), window)} /> : null}
      {modal !== undefined && !(modal === 'add-song' && onComputer) && modal !== 'fields' && modal !== 'plugins' && modal !== 'studio' && !(modal === 'song' && songId) ? <Navigate to={view.path} replace /> : null}
      {confirm ? (
        <ConfirmDialog
          title={confirm.title}
          message={confirm.message}
          confirmLabel={confirm.label}
          onConfirm={() => {
            setConfirm(null);
            confirm.run();
          }}
          onCancel={() => setConfirm(null)}
        />
      ) : null}
    </>
  );
}

/** The search box: its text is its own, so typing re-renders the box alone; each change is told at once. */
function SearchBox({ onSearch }: { onSearch: (text: string) => void }) {
  const [typed, setTyped] = useState('');
  return (
    <input
      className={`${controls.input} ${styles.search}`}
      type="search"
      aria-label="Search songs"
      placeholder='Search, or bpm:120-128 key:Am tag:"EP 2"'
      value={typed}
      onChange={(event) => {
        onSearch(event.target.value);
        setTyped(event.target.value);
      }}
    />
  );
}

/** A filter still being typed (no value, no bound) is kept off the view until it means something. */
function isComplete(filter: Filter): boolean {
  if (filter.op === 'range') return filter.min !== undefined || filter.max !== undefined;
  return filter.value.trim() !== '';
}

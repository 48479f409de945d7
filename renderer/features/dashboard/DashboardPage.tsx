import { useState } from 'react';
import { Navigate, useParams } from 'react-router';
import type { ViewType } from '../../../common/view';
import { useSongPageQuery, useViewsQuery } from '../../api/songshelf-api';
import controls from '../ui/controls.module.css';
import { AddSongForm } from './AddSongForm';
import { DashboardLayout } from './DashboardLayout';
import styles from './DashboardPage.module.css';
import { SongTable } from './SongTable';

const PAGE_SIZE = 100;

function emptyMessage(type: ViewType | undefined): string {
  if (type === 'directory') return 'No projects found here yet. Songs appear as the scan finds them.';
  if (type === 'hidden') return 'Nothing is hidden. Songs you delete from a watched folder come here.';
  return 'No songs here yet. Add one by name above, or watch a folder of projects.';
}

/** `/dashboard` and `/:viewId`: the songs of one view, a page at a time, with the add-song form. */
export function DashboardPage() {
  const { viewId } = useParams();
  const { data: views, isLoading: viewsLoading, isFetching: viewsFetching } = useViewsQuery();
  const firstVisible = views?.find((view) => view.type !== 'hidden') ?? null;
  const view = viewId ? (views?.find((candidate) => candidate.id === viewId) ?? null) : firstVisible;
  // Paging belongs to one view: another view starts at its first page.
  const [paging, setPaging] = useState({ viewId: '', offset: 0 });
  const offset = view && paging.viewId === view.id ? paging.offset : 0;
  const setOffset = (next: number) => setPaging({ viewId: view?.id ?? '', offset: next });
  const { data: page, error, isFetching } = useSongPageQuery(
    { viewId: view?.id, offset, limit: PAGE_SIZE },
    { skip: !view },
  );

  // An unknown view goes to the first visible one, but not while the list is being refreshed: a view just
  // created (a folder just added) may not be in the cached list yet.
  if (viewId && views && !view && !viewsFetching) return <Navigate to={firstVisible?.path ?? '/dashboard'} replace />;

  const total = page?.total ?? 0;
  return (
    <DashboardLayout activeViewId={view?.id ?? null}>
      <header className={styles.header}>
        <div>
          <h1 className={styles.title}>{view?.title ?? (viewsLoading ? 'Loading…' : 'Songs')}</h1>
          <p className={styles.count} data-testid="song-count">
            {total === 1 ? '1 song' : `${total.toLocaleString()} songs`}
          </p>
        </div>
        <AddSongForm />
      </header>
      {error && 'message' in error ? (
        <p className={controls.error} role="alert">
          {error.message}
        </p>
      ) : null}
      <div className={styles.tableWrap} aria-busy={isFetching}>
        {page && page.rows.length > 0 ? (
          <SongTable songs={page.rows} />
        ) : (
          <p className={styles.empty}>{page ? emptyMessage(view?.type) : 'Loading songs…'}</p>
        )}
      </div>
      {total > PAGE_SIZE ? (
        <footer className={styles.pager}>
          <button className={controls.button} disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - PAGE_SIZE))}>
            Previous
          </button>
          <span className={styles.muted}>
            {offset + 1}–{Math.min(offset + PAGE_SIZE, total)} of {total.toLocaleString()}
          </span>
          <button className={controls.button} disabled={offset + PAGE_SIZE >= total} onClick={() => setOffset(offset + PAGE_SIZE)}>
            Next
          </button>
        </footer>
      ) : null}
    </DashboardLayout>
  );
}

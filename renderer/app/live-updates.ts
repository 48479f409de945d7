/**
 * Keeps the page live: the core's data changes go to the one change feed (`api/core-changes.ts`), which refetches
 * what their tables feed; job progress refetches the jobs panel at most once per short interval; notifications go
 * to the shell.
 */
import type { Api } from '../../common/ipc';
import { coreChanges } from '../api/core-changes';
import { songshelfApi } from '../api/songshelf-api';
import { showNotification } from './notifications';
import type { AppDispatch } from './store';

const REFETCH_INTERVAL_MS = 150;

export function followCoreChanges(api: Api, dispatch: AppDispatch): () => void {
  coreChanges.connect({ invalidate: (tags) => dispatch(songshelfApi.util.invalidateTags(tags)) });
  let timer: ReturnType<typeof setTimeout> | null = null;
  const refetchJobs = () => {
    timer ??= setTimeout(() => {
      timer = null;
      dispatch(songshelfApi.util.invalidateTags(['jobs']));
    }, REFETCH_INTERVAL_MS);
  };
  const unsubscribers = [
    api.on('jobs:changed', refetchJobs),
    api.on('notify', (notification) => showNotification(notification)),
  ];
  return () => unsubscribers.forEach((unsubscribe) => unsubscribe());
}

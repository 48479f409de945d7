/**
 * Keeps the cache live: each change event from the core refetches what its tables feed, nothing more, at
 * most once per short interval (a scan writes a batch every few milliseconds). Notifications go to the shell.
 */
import type { Api } from '../../common/ipc';
import { songshelfApi, type TagType } from '../api/songshelf-api';
import { showNotification } from './notifications';
import type { AppDispatch } from './store';

const REFETCH_INTERVAL_MS = 150;

export function followCoreChanges(api: Api, dispatch: AppDispatch): () => void {
  let pending = new Set<TagType>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  const invalidate = (tags: TagType[]) => {
    for (const tag of tags) pending.add(tag);
    timer ??= setTimeout(() => {
      timer = null;
      const batch = [...pending];
      pending = new Set();
      dispatch(songshelfApi.util.invalidateTags(batch));
    }, REFETCH_INTERVAL_MS);
  };
  const unsubscribers = [
    api.on('db:changed', ({ tables }) => invalidate(tables)),
    api.on('jobs:changed', () => invalidate(['jobs'])),
    api.on('notify', (notification) => showNotification(notification)),
  ];
  return () => unsubscribers.forEach((unsubscribe) => unsubscribe());
}

/**
 * Keeps the page live: the core's changes (its data and its jobs) go to the one change feed (`api/core-changes.ts`),
 * which invalidates what they feed in RTK Query's cache; notifications go to the shell.
 */
import { coreChanges } from '../api/core-changes';
import { onCoreEvent } from '../api/calls';
import { songshelfApi } from '../api/songshelf-api';
import { showNotification } from './notifications';
import type { AppDispatch } from './store';

export function followCoreChanges(dispatch: AppDispatch): () => void {
  coreChanges.connect({ invalidate: (tags) => dispatch(songshelfApi.util.invalidateTags(tags)) });
  return onCoreEvent('notify', (notification) => showNotification(notification));
}

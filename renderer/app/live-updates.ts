/** Keeps the cache live: each `db:changed` event from the core refetches what its tables feed, nothing more. */
import type { Api } from '../../common/ipc';
import { songshelfApi } from '../api/songshelf-api';
import type { AppDispatch } from './store';

export function followCoreChanges(api: Api, dispatch: AppDispatch): () => void {
  return api.on('db:changed', ({ tables }) => {
    dispatch(songshelfApi.util.invalidateTags([...tables]));
  });
}

/** One `SongWindow` per table, following the query and the core's change events. */
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { Api } from '../../../common/ipc';
import { SongWindow, type WindowQuery } from './song-window';

/** A scan writes a batch every few milliseconds: refetch the shown pages at most this often. */
const REFRESH_INTERVAL_MS = 200;

export function useSongWindow(api: Api, query: WindowQuery | null): SongWindow {
  const [window] = useState(() => new SongWindow(api));
  useSyncExternalStore(window.subscribe, window.getVersion);

  useEffect(() => {
    if (query) window.setQuery(query);
  }, [window, query]);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const unsubscribe = api.on('db:changed', ({ tables }) => {
      if (!tables.includes('songs') && !tables.includes('custom_fields')) return;
      timer ??= setTimeout(() => {
        timer = null;
        window.refresh();
      }, REFRESH_INTERVAL_MS);
    });
    return () => {
      unsubscribe();
      if (timer) clearTimeout(timer);
    };
  }, [api, window]);

  return window;
}

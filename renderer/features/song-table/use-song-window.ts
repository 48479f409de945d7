/** One `SongWindow` per table, following the query and, through the change feed, the core's changes. */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { callLibrary } from '../../api/calls';
import { coreChanges } from '../../api/core-changes';
import { SongWindow, type WindowQuery } from './song-window';

export function useSongWindow(query: WindowQuery | null): SongWindow {
  const [window] = useState(() => new SongWindow((query) => callLibrary('songs:query', query)));
  useSyncExternalStore(window.subscribe, window.getVersion);

  useEffect(() => {
    if (query) window.setQuery(query);
  }, [window, query]);

  useEffect(() => coreChanges.showSongs(window), [window]);

  return window;
}

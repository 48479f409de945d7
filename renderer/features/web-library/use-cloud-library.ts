/**
 * Puts the website's cloud library (`cloud-core.ts`) in place for a signed-in pro user while the dashboard is open,
 * so the dashboard's page and table read and edit it as they would the app's core. A new user gets a new library
 * and an empty cache: one account's songs are never shown to the next. Coming back to the tab after a while reads
 * the cloud again, for what the user's computers synced meanwhile; the folders they watch are read every 30 s.
 */
import { useEffect, useState } from 'react';
import { useDispatch } from 'react-redux';
import { songshelfApi } from '../../api/songshelf-api';
import { installCloudLibrary } from '../../api/calls';
import { getCloudClient } from '../auth';
import { CloudLibrary } from './cloud-core';

/** True once the library is in place (its first read may still be under way: the first query waits for it). */
export function useCloudLibrary(userId: string | null): boolean {
  const dispatch = useDispatch();
  const [readyFor, setReadyFor] = useState<string | null>(null);
  useEffect(() => {
    if (userId === null) return;
    let library: CloudLibrary | null = null;
    let stopRefresh: (() => void) | null = null;
    let cancelled = false;
    void getCloudClient().then((supabase) => {
      if (!supabase || cancelled) return;
      library = new CloudLibrary({ supabase, userId, storage: localStorage });
      installCloudLibrary(library.api());
      stopRefresh = library.startWatchListRefresh();
      dispatch(songshelfApi.util.resetApiState());
      setReadyFor(userId);
    });
    const onShown = () => {
      // A failed read keeps what was shown; the next query tells the user what went wrong.
      if (document.visibilityState === 'visible') void library?.refreshIfStale().catch(() => undefined);
    };
    document.addEventListener('visibilitychange', onShown);
    return () => {
      cancelled = true;
      stopRefresh?.();
      document.removeEventListener('visibilitychange', onShown);
      installCloudLibrary(null);
      dispatch(songshelfApi.util.resetApiState());
    };
  }, [userId, dispatch]);
  return userId !== null && readyFor === userId;
}

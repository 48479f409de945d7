/**
 * Who is signed in, for every screen (spec section 4, auth events): SIGNED_IN and TOKEN_REFRESHED set the user;
 * SIGNED_OUT clears it and the stored keys (the screens then go to /login).
 */
import type { User } from '@supabase/supabase-js';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router';
import { getBridge } from '../../bridge/bridge';
import { getCloudClient } from './cloud-client';

export interface AuthState {
  /** False until the stored session (if any) has been read. */
  ready: boolean;
  user: User | null;
}

let state: AuthState = { ready: false, user: null };
const listeners = new Set<() => void>();
let started = false;

function set(next: AuthState): void {
  state = next;
  for (const listener of listeners) listener();
}

const RETRY_MS = 2000;
let retry: ReturnType<typeof setTimeout> | null = null;

/**
 * Reads the stored session and follows the auth events, once per page. While the shell has no cloud yet (the
 * local one starts a moment after the app), it asks again every 2 s; with no bridge at all, never.
 */
export async function startAuth(): Promise<void> {
  if (started) return;
  started = true;
  const supabase = await getCloudClient();
  if (!supabase) {
    started = false;
    if (!state.ready || state.user) set({ ready: true, user: null });
    if (getBridge() && listeners.size > 0 && !retry) {
      retry = setTimeout(() => {
        retry = null;
        void startAuth();
      }, RETRY_MS);
    }
    return;
  }
  supabase.auth.onAuthStateChange((event, session) => {
    if (event === 'SIGNED_IN' || event === 'TOKEN_REFRESHED' || event === 'INITIAL_SESSION' || event === 'USER_UPDATED') set({ ready: true, user: session?.user ?? null });
    if (event === 'SIGNED_OUT') {
      clearStoredKeys();
      set({ ready: true, user: null });
    }
  });
  const { data } = await supabase.auth.getSession();
  set({ ready: true, user: data.session?.user ?? null });
}

/** supabase-js keeps its session under `sb-*` keys; a sign-out leaves none behind. */
function clearStoredKeys(): void {
  for (const key of Object.keys(localStorage)) if (key.startsWith('sb-')) localStorage.removeItem(key);
}

// Stable, so React subscribes once per component rather than on every render.
function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  void startAuth();
  return () => listeners.delete(listener);
}

const snapshot = (): AuthState => state;

export function useAuth(): AuthState {
  return useSyncExternalStore(subscribe, snapshot);
}

/**
 * Spec section 4: SIGNED_OUT goes to /login, wherever it came from (this window's Sign out, another window's, or
 * a session that ended).
 */
export function useSignedOutRedirect(): void {
  const { user } = useAuth();
  const navigate = useNavigate();
  const had = useRef(false);
  useEffect(() => {
    if (user) had.current = true;
    else if (had.current) {
      had.current = false;
      void navigate('/login', { replace: true });
    }
  }, [user, navigate]);
}

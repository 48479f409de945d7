/**
 * Who is signed in, for every screen (spec section 4, auth events): SIGNED_IN and TOKEN_REFRESHED set the user;
 * SIGNED_OUT clears it and the stored keys (the route guard then goes to /login). The user's tier is read from
 * their active subscription, the row only the server's checkout can make pro, never from editable metadata.
 */
import type { Session, SupabaseClient, User } from '@supabase/supabase-js';
import { useSyncExternalStore } from 'react';
import type { SubscriptionTier } from '../../../common/account';
import type { Build } from '../../../common/route-access';
import { getBridge } from '../../bridge/bridge';
import { connectToCloud } from './cloud-client';

export interface AuthState {
  /** False until the stored session (if any) and its tier have been read, or while the cloud is starting. */
  ready: boolean;
  user: User | null;
  tier: SubscriptionTier;
}

let state: AuthState = { ready: false, user: null, tier: 'free' };
const listeners = new Set<() => void>();
let started = false;

function set(next: AuthState): void {
  state = next;
  for (const listener of listeners) listener();
}

/** The desktop app (Electron or the browser host) has the bridge; the website does not. */
export function currentBuild(): Build {
  return getBridge() ? 'desktop' : 'web';
}

const RETRY_MS = 1000;
let retry: ReturnType<typeof setTimeout> | null = null;
/** Tier reads answer out of order; only the newest one counts. */
let tierRead = 0;

/**
 * Reads the stored session and follows the auth events, once per page. While the shell's local cloud is still
 * starting it asks again every second, staying not ready; with no cloud to wait for, nobody is signed in.
 */
export async function startAuth(): Promise<void> {
  if (started) return;
  started = true;
  const { supabase, starting } = await connectToCloud();
  if (!supabase) {
    started = false;
    if (starting) {
      if (!retry) {
        retry = setTimeout(() => {
          retry = null;
          void startAuth();
        }, RETRY_MS);
      }
    } else if (!state.ready || state.user) set({ ready: true, user: null, tier: 'free' });
    return;
  }
  supabase.auth.onAuthStateChange((event, session) => {
    handOverToCore(session);
    if (event === 'SIGNED_OUT') {
      clearStoredKeys();
      tierRead++;
      set({ ready: true, user: null, tier: 'free' });
      return;
    }
    // Not awaited: a query inside this callback would wait on the auth lock the callback holds.
    if (event === 'SIGNED_IN' || event === 'TOKEN_REFRESHED' || event === 'INITIAL_SESSION' || event === 'USER_UPDATED') void follow(supabase, session?.user ?? null);
  });
  const { data } = await supabase.auth.getSession();
  handOverToCore(data.session);
  await follow(supabase, data.session?.user ?? null);
}

let handedOver: string | null = null;

/**
 * The desktop core syncs as the signed-in user: it gets the access token now and after every refresh, and null
 * on sign-out. The website has no core; its dashboard reads the cloud itself.
 */
function handOverToCore(session: Session | null): void {
  const api = getBridge();
  const token = session?.access_token ?? null;
  if (!api || token === handedOver) return;
  handedOver = token;
  void api['sync:session']({ session: session && token ? { userId: session.user.id, accessToken: token } : null });
}

async function follow(supabase: SupabaseClient, user: User | null): Promise<void> {
  const read = ++tierRead;
  if (!user) return set({ ready: true, user: null, tier: 'free' });
  // A refreshed token or an edited name keeps the tier already read for this user.
  if (state.ready && state.user?.id === user.id) return set({ ...state, user });
  const tier = await readTier(supabase);
  if (read === tierRead) set({ ready: true, user, tier });
}

/** Reads the tier again (after the upgrade); the user stays who they are. */
export async function refreshTier(supabase: SupabaseClient): Promise<SubscriptionTier> {
  const read = ++tierRead;
  const tier = await readTier(supabase);
  if (read === tierRead && state.user) set({ ...state, tier });
  return tier;
}

/** The newest active subscription's tier; free when there is none or it cannot be read. */
async function readTier(supabase: SupabaseClient): Promise<SubscriptionTier> {
  const { data } = await supabase.from('subscriptions').select('tier').eq('status', 'active').order('created_at', { ascending: false }).limit(1);
  const row = (data as { tier?: unknown }[] | null)?.[0];
  return row?.tier === 'pro' ? 'pro' : 'free';
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

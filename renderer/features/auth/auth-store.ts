/**
 * Who is signed in, for every screen (spec section 4, auth events).
 *
 * In the app (Electron or the browser host) the core's account service answers, from local state: the account
 * signed in on this computer, as last known, and its cached tier. The library opens on that at once, online or
 * offline; `account:changed` says when the cloud answered ("online"), when the tier changed, and SIGNED_OUT (the
 * route guard then goes to /login). The core keeps the session; the page never holds a token.
 *
 * On the website there is no core: the page's cloud client decides, and the tier is read from the user's active
 * subscription, the row only the server's checkout can make pro, never from editable metadata.
 */
import type { SupabaseClient, User } from '@supabase/supabase-js';
import { useSyncExternalStore } from 'react';
import type { AccountState, KnownAccount, SubscriptionTier } from '../../../common/cloud/account';
import type { Build } from '../../../common/website/route-access';
import { callCore, hasCore, onCoreEvent } from '../../api/calls';
import { getCloudClient } from './cloud-client';

export interface AccountUser {
  id: string;
  email: string | null;
  name: string | null;
}

export interface AuthState {
  /** False until it is known whether anyone is signed in. */
  ready: boolean;
  user: AccountUser | null;
  tier: SubscriptionTier;
  /** In the app: whether the cloud answered for this account yet ("Offline" in the account block until it does). */
  connection: AccountState['connection'];
  /** In the app: the account this library syncs with (null until one has). */
  libraryOwner: KnownAccount | null;
}

const SIGNED_OUT: AuthState = { ready: true, user: null, tier: 'free', connection: 'signed-out', libraryOwner: null };
let state: AuthState = { ...SIGNED_OUT, ready: false };
const listeners = new Set<() => void>();
let started = false;

function set(next: AuthState): void {
  state = next;
  for (const listener of listeners) listener();
}

/** The desktop app (Electron or the browser host) has the bridge; the website does not. */
export function currentBuild(): Build {
  return hasCore() ? 'desktop' : 'web';
}

/** Starts following who is signed in, once per page. */
export function startAuth(): void {
  if (started) return;
  started = true;
  if (!hasCore()) return void followWebsite();
  onCoreEvent('account:changed', applyAccount);
  void callCore('account:get').then((answer) => (answer.ok ? applyAccount(answer.data) : set(SIGNED_OUT)));
}

/** The app: the core's account service says who is signed in. */
export function applyAccount(account: AccountState): void {
  if (!account.account) return set(SIGNED_OUT);
  const { userId, email, name } = account.account;
  set({ ready: true, user: { id: userId, email, name }, tier: account.tier, connection: account.connection, libraryOwner: account.libraryOwner });
}

/** Tier reads answer out of order; only the newest one counts (website). */
let tierRead = 0;

/** The website: reads the stored session and follows the auth events. */
async function followWebsite(): Promise<void> {
  const supabase = await getCloudClient();
  if (!supabase) return set(SIGNED_OUT);
  supabase.auth.onAuthStateChange((event, session) => {
    if (event === 'SIGNED_OUT') {
      clearStoredKeys();
      tierRead++;
      set(SIGNED_OUT);
      return;
    }
    // Not awaited: a query inside this callback would wait on the auth lock the callback holds.
    if (event === 'SIGNED_IN' || event === 'TOKEN_REFRESHED' || event === 'INITIAL_SESSION' || event === 'USER_UPDATED') void follow(supabase, session?.user ?? null);
  });
  const { data } = await supabase.auth.getSession();
  await follow(supabase, data.session?.user ?? null);
}

async function follow(supabase: SupabaseClient, user: User | null): Promise<void> {
  const read = ++tierRead;
  if (!user) return set(SIGNED_OUT);
  const name = user.user_metadata.full_name;
  const account = { id: user.id, email: user.email ?? null, name: typeof name === 'string' && name ? name : null };
  // A refreshed token or an edited name keeps the tier already read for this user.
  if (state.ready && state.user?.id === user.id) return set({ ...state, user: account });
  const tier = await readTier(supabase);
  if (read === tierRead) set({ ready: true, user: account, tier, connection: 'online', libraryOwner: null });
}

/** Reads the tier again (after the upgrade); the user stays who they are. In the app the core reads and caches it. */
export async function refreshTier(): Promise<SubscriptionTier> {
  if (hasCore()) {
    const answer = await callCore('account:refresh-tier');
    if (!answer.ok) return state.tier;
    applyAccount(answer.data);
    return answer.data.tier;
  }
  const supabase = await getCloudClient();
  if (!supabase) return state.tier;
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
  startAuth();
  return () => listeners.delete(listener);
}

const snapshot = (): AuthState => state;

export function useAuth(): AuthState {
  return useSyncExternalStore(subscribe, snapshot);
}

/** The name to greet the user by: their full name, else their address. */
export function displayName(user: AccountUser | null): string | null {
  return user?.name ?? user?.email ?? null;
}

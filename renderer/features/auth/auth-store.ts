/**
 * Who is signed in, for every screen (spec section 4, auth events).
 *
 * In the app (Electron or the browser host) the core's account service answers first, from local state: the
 * account signed in on this computer, as last known, and its cached tier. The library opens on that at once,
 * online or offline; the page's cloud client (supabase-js, which signs in and refreshes the session) resolves
 * behind it and hands the session to the core, which then says "online". Only SIGNED_OUT, or a page with no
 * stored session on a computer where nobody was signed in, counts as signed out (the route guard then goes to
 * /login). On the website there is no core: the cloud client decides, and the tier is read from the user's active
 * subscription, the row only the server's checkout can make pro, never from editable metadata.
 */
import type { Session, SupabaseClient, User } from '@supabase/supabase-js';
import { useSyncExternalStore } from 'react';
import type { AccountState, KnownAccount, SubscriptionTier } from '../../../common/account';
import type { Build } from '../../../common/route-access';
import { getBridge } from '../../bridge/bridge';
import { connectToCloud, hasStoredSession } from './cloud-client';

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
  return getBridge() ? 'desktop' : 'web';
}

const RETRY_MS = 1000;
/** Tier reads answer out of order; only the newest one counts (website). */
let tierRead = 0;

/** Starts following who is signed in, once per page. */
export function startAuth(): void {
  if (started) return;
  started = true;
  if (getBridge()) void startDesktop();
  else void followCloud();
}

/**
 * The app: the core's account at once; the cloud client behind. A page that holds a session the core has not
 * heard of yet (signed in in another window of a fresh library) waits for the client to hand it over.
 */
async function startDesktop(): Promise<void> {
  const api = getBridge()!;
  api.on('account:changed', applyAccount);
  const answer = await api['account:get']();
  if (answer.ok) applyAccount(answer.data);
  if (!state.ready && !(await hasStoredSession())) set(SIGNED_OUT);
  void followCloud();
}

function applyAccount(account: AccountState): void {
  if (!account.account) {
    // Signed out in the core while the page still holds a session: the client's events decide.
    if (state.ready || !awaitingStoredSession) set(SIGNED_OUT);
    return;
  }
  const { userId, email, name } = account.account;
  set({ ready: true, user: { id: userId, email, name }, tier: account.tier, connection: account.connection, libraryOwner: account.libraryOwner });
}

/** True while the page may hold a session the core has not been given yet. */
let awaitingStoredSession = true;

/**
 * The cloud client: reads the stored session and follows the auth events. While the shell's local cloud is still
 * starting it asks again every second; the app's library does not wait for any of it.
 */
async function followCloud(): Promise<void> {
  const { supabase, starting } = await connectToCloud();
  if (!supabase) {
    if (starting) setTimeout(() => void followCloud(), RETRY_MS);
    else if (!getBridge()) set(SIGNED_OUT);
    else if (!state.ready) set(SIGNED_OUT);
    return;
  }
  supabase.auth.onAuthStateChange((event, session) => {
    if (event === 'SIGNED_OUT') {
      clearStoredKeys();
      handOverToCore(null);
      tierRead++;
      awaitingStoredSession = false;
      set(SIGNED_OUT);
      return;
    }
    if (session) handOverToCore(session);
    // Not awaited: a query inside this callback would wait on the auth lock the callback holds.
    if (!getBridge() && (event === 'SIGNED_IN' || event === 'TOKEN_REFRESHED' || event === 'INITIAL_SESSION' || event === 'USER_UPDATED')) void followOnWebsite(supabase, session?.user ?? null);
  });
  const { data } = await supabase.auth.getSession();
  if (data.session) handOverToCore(data.session);
  else if (getBridge()) {
    // No session in this page (or none the cloud could renew while offline): the core's remembered account, if
    // any, keeps the library open; with none, nobody is signed in here.
    awaitingStoredSession = false;
    if (!state.ready) set(SIGNED_OUT);
  }
  if (!getBridge()) await followOnWebsite(supabase, data.session?.user ?? null);
}

let handedOver: string | null = null;
let handedOverUser: string | null = null;

/**
 * The core syncs as the signed-in user: it gets the access token now and after every refresh, and null on
 * sign-out. A user new to this page has their plan read by the core at once (not at the next sync).
 */
function handOverToCore(session: Session | null): void {
  const api = getBridge();
  const token = session?.access_token ?? null;
  if (!api || token === handedOver) return;
  handedOver = token;
  const userId = session?.user.id ?? null;
  const newUser = userId !== null && userId !== handedOverUser;
  handedOverUser = userId;
  void api['sync:session']({
    session: session && token ? { userId: session.user.id, accessToken: token, ...accountDetails(session.user) } : null,
  }).then(() => {
    if (newUser) void api['account:refresh-tier']();
  });
}

function accountDetails(user: User): { email?: string; name?: string } {
  const name = user.user_metadata.full_name;
  return { ...(user.email ? { email: user.email } : {}), ...(typeof name === 'string' && name ? { name } : {}) };
}

async function followOnWebsite(supabase: SupabaseClient, user: User | null): Promise<void> {
  const read = ++tierRead;
  if (!user) return set(SIGNED_OUT);
  const account = { id: user.id, email: user.email ?? null, name: accountDetails(user).name ?? null };
  // A refreshed token or an edited name keeps the tier already read for this user.
  if (state.ready && state.user?.id === user.id) return set({ ...state, user: account });
  const tier = await readTier(supabase);
  if (read === tierRead) set({ ready: true, user: account, tier, connection: 'online', libraryOwner: null });
}

/** Reads the tier again (after the upgrade); the user stays who they are. In the app the core reads and caches it. */
export async function refreshTier(supabase: SupabaseClient): Promise<SubscriptionTier> {
  const api = getBridge();
  if (api) {
    const answer = await api['account:refresh-tier']();
    if (!answer.ok) return state.tier;
    applyAccount(answer.data);
    return answer.data.tier;
  }
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

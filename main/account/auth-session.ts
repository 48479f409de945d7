/**
 * The core's sign-in with the cloud: supabase-js's auth client runs here, in the core, not in the page. The session
 * is kept in the vault (encrypted by the shell where it can: Electron's safeStorage) and refreshed here; the page
 * asks through `account:*` channels and never holds a token (DESIGN.md "The account").
 *
 * Sign-in completes only what this core started: a Google sign-in or a sign-up begins a PKCE flow whose one-time
 * verifier stays in the vault, and only the callback that brings the matching code gets a session. Tokens in a link
 * are never taken.
 */
import { createClient, isAuthPKCECodeVerifierMissingError, type Session, type SupabaseClient, type SupportedStorage } from '@supabase/supabase-js';
import ws from 'ws';
import type { SignInOutcome, SignUpOutcome } from '../../common/cloud/account';
import { signUpOutcome } from '../../common/cloud/auth-rules';
import { AppError } from '../../common/errors';
import type { CloudEndpoint } from '../../common/bridge/ipc';
import { MESSAGES } from '../../common/messages';

export interface AuthSessionOptions {
  /** The fetch under the client (tests wrap it). Default: the global fetch. */
  fetch?: typeof fetch;
}

export class AuthSession {
  private client: { key: string; supabase: SupabaseClient; unsubscribe: () => void } | null = null;

  constructor(
    private readonly endpoint: () => CloudEndpoint | null,
    private readonly storage: SupportedStorage,
    /** Every change of the session: signed in, refreshed (a new token), signed out (null). */
    private readonly onSession: (session: Session | null) => void,
    private readonly options: AuthSessionOptions = {},
  ) {}

  /** Reads the kept session, if any (refreshing it when the cloud can be reached); never throws. */
  async restore(): Promise<void> {
    const supabase = this.supabase();
    if (!supabase) return;
    const { data } = await supabase.auth.getSession().catch(() => ({ data: { session: null } }));
    if (data.session) this.onSession(data.session);
  }

  async signInWithPassword(email: string, password: string): Promise<SignInOutcome> {
    const { error } = await this.require().auth.signInWithPassword({ email, password });
    if (!error) return { signedIn: true };
    return { signedIn: false, notConfirmed: error.code === 'email_not_confirmed' || /not confirmed/i.test(error.message), message: error.message };
  }

  /** A sign-up; its confirmation link comes back to `redirectTo` with the code of this core's PKCE flow. */
  async signUp(input: { email: string; password: string; name: string; redirectTo: string }): Promise<SignUpOutcome> {
    const answer = await this.require().auth.signUp({
      email: input.email,
      password: input.password,
      options: { data: { full_name: input.name, subscription_tier: 'free' }, emailRedirectTo: input.redirectTo },
    });
    return signUpOutcome(answer);
  }

  /** Sends the confirmation link again; the message of what failed, if anything did. */
  async resendConfirmation(email: string, redirectTo: string): Promise<string | null> {
    const { error } = await this.require().auth.resend({ type: 'signup', email, options: { emailRedirectTo: redirectTo } });
    return error ? error.message : null;
  }

  /** Begins a Google sign-in (offline access, consent prompt): the address of the consent page to open. */
  async beginGoogle(redirectTo: string): Promise<string> {
    const { data, error } = await this.require().auth.signInWithOAuth({
      provider: 'google',
      options: { redirectTo, skipBrowserRedirect: true, queryParams: { access_type: 'offline', prompt: 'consent' } },
    });
    if (error || !data.url) throw new AppError('cloud_error', error?.message || MESSAGES.googleSignInNotStarted);
    return data.url;
  }

  /** Completes the sign-in this core started, with the code its callback brought; the current session stays otherwise. */
  async completeSignIn(code: string): Promise<void> {
    const supabase = this.require();
    const { error } = await supabase.auth.exchangeCodeForSession(code);
    if (isAuthPKCECodeVerifierMissingError(error)) throw new AppError('forbidden', MESSAGES.callbackNotStarted);
    if (error) throw new AppError('forbidden', MESSAGES.callbackSessionUnverified);
    const { data, error: userError } = await supabase.auth.getUser();
    if (userError || !data.user) throw new AppError('forbidden', MESSAGES.callbackSessionUnverified);
  }

  /** Signs out here (this computer's session only; the user's other devices stay signed in). */
  async signOut(): Promise<void> {
    const supabase = this.supabase();
    if (supabase) await supabase.auth.signOut({ scope: 'local' });
    else this.onSession(null);
  }

  /** Asks the cloud's checkout function for a payment page as the signed-in user: its address. */
  async startCheckout(successUrl: string, cancelUrl: string): Promise<string> {
    const { data, error } = await this.require().functions.invoke<{ id: string; url: string }>('checkout', { body: { success_url: successUrl, cancel_url: cancelUrl } });
    if (error || !data?.url) throw new AppError('cloud_error', MESSAGES.checkoutNotStarted);
    return data.url;
  }

  close(): void {
    if (!this.client) return;
    void this.client.supabase.auth.stopAutoRefresh();
    this.client.unsubscribe();
    this.client = null;
  }

  private require(): SupabaseClient {
    const supabase = this.supabase();
    if (!supabase) throw new AppError('cloud_error', MESSAGES.cloudNotReady);
    return supabase;
  }

  /** One client per endpoint (two would race over the kept session); null while there is no cloud. */
  private supabase(): SupabaseClient | null {
    const endpoint = this.endpoint();
    if (!endpoint) return null;
    const key = `${endpoint.url} ${endpoint.anonKey}`;
    if (this.client?.key === key) return this.client.supabase;
    this.close();
    const supabase = createClient(endpoint.url, endpoint.anonKey, {
      auth: { flowType: 'pkce', persistSession: true, autoRefreshToken: true, detectSessionInUrl: false, storage: this.storage },
      ...(this.options.fetch ? { global: { fetch: this.options.fetch } } : {}),
      // Node 20 has no WebSocket of its own (ENVIRONMENT.md); auth does not use realtime, the client still wants one.
      realtime: { transport: ws as never },
    });
    const { data } = supabase.auth.onAuthStateChange((event, session) => {
      if (event === 'SIGNED_OUT') this.onSession(null);
      else if (session && (event === 'SIGNED_IN' || event === 'TOKEN_REFRESHED' || event === 'USER_UPDATED')) this.onSession(session);
    });
    this.client = { key, supabase, unsubscribe: () => data.subscription.unsubscribe() };
    return supabase;
  }
}

/** The vault as supabase-js's storage; a vault that cannot keep anything (no encryption here) keeps it in memory. */
export function sessionStorageIn(vault: { available: boolean; get(key: string): string | null; set(key: string, value: string): void; remove(key: string): void }): SupportedStorage {
  if (!vault.available) {
    const memory = new Map<string, string>();
    return { getItem: (key: string) => memory.get(key) ?? null, setItem: (key: string, value: string) => void memory.set(key, value), removeItem: (key: string) => void memory.delete(key) };
  }
  return { getItem: (key: string) => vault.get(key), setItem: (key: string, value: string) => vault.set(key, value), removeItem: (key: string) => vault.remove(key) };
}

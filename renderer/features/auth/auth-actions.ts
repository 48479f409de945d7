/**
 * How this build signs in, up and out, in one place for the account screens. In the app (Electron or the browser
 * host) the core does it and keeps the session: the page sends the form and hears `account:changed`, and never holds
 * a token. On the website there is no core: the page's cloud client (supabase-js) does it.
 *
 * Either way sign-in completes only what was started here (PKCE): the code a callback brings must match the
 * verifier kept when the sign-in began; tokens in an address are never taken.
 */
import { isAuthPKCECodeVerifierMissingError } from '@supabase/supabase-js';
import type { SignInOutcome, SignUpOutcome } from '../../../common/cloud/account';
import { APP_SCHEME, OAUTH_DEEP_LINK } from '../../../common/bridge/app-links';
import { signUpOutcome } from '../../../common/cloud/auth-rules';
import { MESSAGES } from '../../../common/messages';
import { callCore, hasCore } from '../../api/calls';
import { getCloudClient } from './cloud-client';

export const CLOUD_NOT_READY = 'Songshelf cannot reach its cloud yet. Try again in a moment.';

/** Links in mails come back to the login page, which completes the sign-up this browser or app started. */
export function signInAddress(): string {
  return `${location.origin}/login`;
}

/** Electron's window: its pages cannot be an http redirect's target, and Google refuses embedded sign-in. */
export function inElectron(): boolean {
  return location.protocol === `${APP_SCHEME}:`;
}

/**
 * Google comes back to the callback route (spec section 4): in Electron through the `songshelf://` deep link
 * (main/electron/deep-links.ts), elsewhere straight to the route.
 */
export function oauthCallbackAddress(): string {
  return inElectron() ? OAUTH_DEEP_LINK : `${location.origin}/oauth/callback`;
}

export async function signInWithPassword(email: string, password: string): Promise<SignInOutcome> {
  if (hasCore()) {
    const answer = await callCore('account:sign-in', { email, password });
    return answer.ok ? answer.data : { signedIn: false, notConfirmed: false, message: answer.error.message };
  }
  const supabase = await getCloudClient();
  if (!supabase) return { signedIn: false, notConfirmed: false, message: CLOUD_NOT_READY };
  const { error } = await supabase.auth.signInWithPassword({ email, password });
  if (!error) return { signedIn: true };
  return { signedIn: false, notConfirmed: error.code === 'email_not_confirmed' || /not confirmed/i.test(error.message), message: error.message };
}

export async function signUp(input: { email: string; password: string; name: string }): Promise<SignUpOutcome> {
  if (hasCore()) {
    const answer = await callCore('account:sign-up', { ...input, redirectTo: signInAddress() });
    return answer.ok ? answer.data : { outcome: 'failed', message: answer.error.message };
  }
  const supabase = await getCloudClient();
  if (!supabase) return { outcome: 'failed', message: CLOUD_NOT_READY };
  const answer = await supabase.auth.signUp({
    email: input.email,
    password: input.password,
    options: { data: { full_name: input.name, subscription_tier: 'free' }, emailRedirectTo: signInAddress() },
  });
  return signUpOutcome(answer);
}

/** Sends the confirmation link again; what failed, or null. */
export async function resendConfirmation(email: string): Promise<string | null> {
  if (hasCore()) {
    const answer = await callCore('account:resend-confirmation', { email, redirectTo: signInAddress() });
    return answer.ok ? answer.data.error : answer.error.message;
  }
  const supabase = await getCloudClient();
  if (!supabase) return CLOUD_NOT_READY;
  const { error } = await supabase.auth.resend({ type: 'signup', email, options: { emailRedirectTo: signInAddress() } });
  return error ? error.message : null;
}

/**
 * Leaves for Google's consent (offline access, consent prompt), coming back to the callback route; the message
 * of what failed if it did (`fallback` when the service gave none). In Electron the consent opens in the user's
 * browser and the app waits for the deep link.
 */
export async function continueWithGoogle(fallback: string): Promise<string | null> {
  const redirectTo = oauthCallbackAddress();
  const core = hasCore();
  let url: string;
  if (core) {
    const begun = await callCore('account:begin-google', { redirectTo });
    if (!begun.ok) return begun.error.message || fallback;
    url = begun.data.url;
  } else {
    const supabase = await getCloudClient();
    if (!supabase) return CLOUD_NOT_READY;
    const { data, error } = await supabase.auth.signInWithOAuth({
      provider: 'google',
      options: { redirectTo, skipBrowserRedirect: true, queryParams: { access_type: 'offline', prompt: 'consent' } },
    });
    if (error || !data.url) return error?.message || fallback;
    url = data.url;
  }
  if (!inElectron()) {
    location.assign(url);
    return null;
  }
  if (!core) return fallback;
  const opened = await callCore('openExternal', { url });
  return opened.ok ? null : opened.error.message || fallback;
}

/**
 * Completes a sign-in started here (Google, or the link mailed at sign-up): the address must carry the code the
 * cloud gave for this side's PKCE verifier, which is used once. Returns what failed, or null when signed in.
 */
export async function completeStartedSignIn(search: string, hash: string): Promise<string | null> {
  const query = new URLSearchParams(search);
  const fragment = new URLSearchParams(hash.replace(/^#/, ''));
  const failure = query.get('error_description') ?? fragment.get('error_description');
  if (failure) return failure;
  const code = query.get('code');
  if (!code) return fragment.get('access_token') && fragment.get('refresh_token') ? MESSAGES.callbackNotStarted : MESSAGES.callbackMissingTokens;
  if (hasCore()) {
    const answer = await callCore('account:complete-sign-in', { code });
    return answer.ok ? null : answer.error.message;
  }
  const supabase = await getCloudClient();
  if (!supabase) return CLOUD_NOT_READY;
  const { error } = await supabase.auth.exchangeCodeForSession(code);
  if (isAuthPKCECodeVerifierMissingError(error)) return MESSAGES.callbackNotStarted;
  if (error) return MESSAGES.callbackSessionUnverified;
  const { data, error: userError } = await supabase.auth.getUser();
  return userError || !data.user ? MESSAGES.callbackSessionUnverified : null;
}

/** Signs out on this computer or in this browser (SIGNED_OUT, and the route guard goes to /login). */
export async function signOut(options: { scope?: 'local' | 'global' } = {}): Promise<void> {
  if (hasCore()) {
    await callCore('account:sign-out');
    return;
  }
  await (await getCloudClient())?.auth.signOut(options.scope ? { scope: options.scope } : undefined);
}

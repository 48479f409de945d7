/** What the account screens share: where a confirmation or Google sign-in comes back to, and Google itself. */
import { isAuthPKCECodeVerifierMissingError } from '@supabase/supabase-js';
import { APP_SCHEME, OAUTH_DEEP_LINK } from '../../../common/app-links';
import { MESSAGES } from '../../../common/messages';
import { getBridge } from '../../bridge/bridge';
import { getCloudClient } from './cloud-client';

export const CLOUD_NOT_READY = 'Songshelf cannot reach its cloud yet. Try again in a moment.';

/** Links in mails and the Google consent come back to the login page, which finds the session in the address. */
export function signInAddress(): string {
  return `${location.origin}/login`;
}

/** Electron's window: its pages cannot be an http redirect's target, and Google refuses embedded sign-in. */
export function inElectron(): boolean {
  return location.protocol === `${APP_SCHEME}:`;
}

/**
 * Google comes back to the callback route, which sets and verifies the session (spec section 4): in Electron
 * through the `songshelf://` deep link (main/electron/deep-links.ts), elsewhere straight to the route.
 */
export function oauthCallbackAddress(): string {
  return inElectron() ? OAUTH_DEEP_LINK : `${location.origin}/oauth/callback`;
}

/**
 * Leaves for Google's consent (offline access, consent prompt), coming back to the callback route; the message
 * of what failed if it did (`fallback` when the service gave none). In Electron the consent opens in the
 * user's browser and the app waits for the deep link.
 */
export async function continueWithGoogle(fallback: string): Promise<string | null> {
  const supabase = await getCloudClient();
  if (!supabase) return CLOUD_NOT_READY;
  const redirectTo = oauthCallbackAddress();
  const desktop = inElectron();
  const { data, error } = await supabase.auth.signInWithOAuth({
    provider: 'google',
    // Electron signs in in the user's browser, which comes back through the deep link.
    options: { redirectTo, skipBrowserRedirect: desktop, queryParams: { access_type: 'offline', prompt: 'consent' } },
  });
  if (error) return error.message || fallback;
  if (!desktop) return null;
  const opened = await getBridge()?.openExternal({ url: data.url });
  return opened?.ok ? null : (opened?.error.message ?? fallback);
}

/**
 * Completes a sign-in this page started (Google, or the link mailed at sign-up): the address must carry the code
 * the cloud gave for this page's PKCE verifier, which is used once. Returns what failed, or null when signed in.
 * Tokens in the address are never taken: a link anyone can craft would sign the app in to any account.
 */
export async function completeStartedSignIn(search: string, hash: string): Promise<string | null> {
  const query = new URLSearchParams(search);
  const fragment = new URLSearchParams(hash.replace(/^#/, ''));
  const failure = query.get('error_description') ?? fragment.get('error_description');
  if (failure) return failure;
  const code = query.get('code');
  if (!code) return fragment.get('access_token') && fragment.get('refresh_token') ? MESSAGES.callbackNotStarted : MESSAGES.callbackMissingTokens;
  const supabase = await getCloudClient();
  if (!supabase) return CLOUD_NOT_READY;
  const { error } = await supabase.auth.exchangeCodeForSession(code);
  if (isAuthPKCECodeVerifierMissingError(error)) return MESSAGES.callbackNotStarted;
  if (error) return MESSAGES.callbackSessionUnverified;
  const { data, error: userError } = await supabase.auth.getUser();
  return userError || !data.user ? MESSAGES.callbackSessionUnverified : null;
}

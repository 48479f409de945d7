/** What the account screens share: where a confirmation or Google sign-in comes back to, and Google itself. */
import { getCloudClient } from './cloud-client';

export const CLOUD_NOT_READY = 'Songshelf cannot reach its cloud yet. Try again in a moment.';

/** Links in mails and the Google consent come back to the login page, which finds the session in the address. */
export function signInAddress(): string {
  return `${location.origin}/login`;
}

/** Google comes back to the callback route, which sets and verifies the session (spec section 4). */
export function oauthCallbackAddress(): string {
  return `${location.origin}/oauth/callback`;
}

/**
 * Leaves for Google's consent (offline access, consent prompt), coming back to the callback route; the message
 * of what failed if it did (`fallback` when the service gave none).
 */
export async function continueWithGoogle(fallback: string): Promise<string | null> {
  const supabase = await getCloudClient();
  if (!supabase) return CLOUD_NOT_READY;
  const redirectTo = oauthCallbackAddress();
  const { error } = await supabase.auth.signInWithOAuth({ provider: 'google', options: { redirectTo, queryParams: { access_type: 'offline', prompt: 'consent' } } });
  return error ? error.message || fallback : null;
}

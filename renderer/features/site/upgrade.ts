/**
 * The pricing page's Upgrade: asks the cloud's checkout function for a session (as the signed-in user) and goes
 * to its payment page. The payment is confirmed on the server, which alone makes the user pro; the page then
 * comes back to /dashboard with the session and user ids (the app's side of that return is the sync issue's).
 */
import { CLOUD_NOT_READY } from '../auth/auth-actions';
import { getCloudClient } from '../auth/cloud-client';

export const CHECKOUT_FAILED = 'The checkout could not start. Try again in a moment.';

/** Leaves for the payment page; the message of what failed if it could not. */
export async function startUpgrade(userId: string): Promise<string | null> {
  const supabase = await getCloudClient();
  if (!supabase) return CLOUD_NOT_READY;
  const success = new URL('/dashboard', location.origin);
  success.searchParams.set('user_id', userId);
  const { data, error } = await supabase.functions.invoke<{ id: string; url: string }>('checkout', {
    body: { success_url: success.toString(), cancel_url: new URL('/pricing', location.origin).toString() },
  });
  if (error || !data?.url) return CHECKOUT_FAILED;
  location.assign(data.url);
  return null;
}

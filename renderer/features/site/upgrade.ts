/**
 * The pricing page's Upgrade: asks the cloud's checkout function for a session (as the signed-in user) and goes
 * to its payment page. The payment is confirmed on the server, which alone makes the user pro; the page then
 * comes back to /dashboard with the session and user ids, where `useUpgradeReturn` finishes the upgrade.
 */
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { MESSAGES } from '../../../common/messages';
import { callCore, hasCore } from '../../api/calls';
import { UPGRADE_DEEP_LINK } from '../../../common/bridge/app-links';
import { inElectron } from '../auth';
import { refreshTier } from '../auth';
import { getCloudClient } from '../auth';
import { showToast } from '../ui/toasts';

export const CHECKOUT_FAILED = 'The checkout could not start. Try again in a moment.';

/** Leaves for the payment page; the message of what failed if it could not. */
export async function startUpgrade(userId: string): Promise<string | null> {
  // The desktop window pays in the user's browser, which comes back through the `songshelf://upgrade` link.
  const desktop = inElectron();
  const success = new URL(desktop ? UPGRADE_DEEP_LINK : new URL('/dashboard', location.origin).toString());
  success.searchParams.set('user_id', userId);
  const cancel = desktop ? UPGRADE_DEEP_LINK : new URL('/pricing', location.origin).toString();
  const url = await checkoutAddress(success.toString(), cancel);
  if (!url) return CHECKOUT_FAILED;
  if (!desktop) {
    location.assign(url);
    return null;
  }
  const opened = await callCore('openExternal', { url });
  return opened.ok ? null : CHECKOUT_FAILED;
}

/** The payment page, asked of the cloud as the signed-in user: by the core in the app, by the page on the website. */
async function checkoutAddress(successUrl: string, cancelUrl: string): Promise<string | null> {
  if (hasCore()) {
    const answer = await callCore('account:start-checkout', { successUrl, cancelUrl });
    return answer.ok ? answer.data.url : null;
  }
  const supabase = await getCloudClient();
  if (!supabase) return null;
  const { data, error } = await supabase.functions.invoke<{ id: string; url: string }>('checkout', { body: { success_url: successUrl, cancel_url: cancelUrl } });
  return error || !data?.url ? null : data.url;
}

export interface UpgradeReturn {
  userId: string;
  sessionId: string;
}

/** The checkout's way back: `/dashboard?user_id=…&session_id=…`; null for any other address. */
export function upgradeReturnFrom(search: string): UpgradeReturn | null {
  const params = new URLSearchParams(search);
  const userId = params.get('user_id');
  const sessionId = params.get('session_id');
  return userId && sessionId ? { userId, sessionId } : null;
}

/**
 * The success callback (spec section 4). Honoured only for the signed-in user, and only once the cloud says the
 * user is pro: the checkout's server-side confirmation is the one thing that makes them so (it cancelled the old
 * subscription and added the pro one). Then, in the app, the local subscription cache (the core's, read from the
 * cloud) is checked ("Failed to verify local subscription update" when it did not keep the pro one), every song and
 * view is queued for sync, and a sync runs. Returns what to tell the user.
 */
export async function completeUpgrade(back: UpgradeReturn, signedInUserId: string): Promise<{ kind: 'info' | 'error'; message: string }> {
  if (back.userId !== signedInUserId) return { kind: 'error', message: MESSAGES.upgradeWrongUser };
  if (hasCore()) {
    // The core reads the tier from the cloud and keeps it for this account: one its database did not keep is said as
    // that (the payment went through), not as a payment not confirmed.
    const read = await callCore('account:refresh-tier');
    if (!read.ok && read.error.code === 'db_error') return { kind: 'error', message: MESSAGES.subscriptionVerifyFailed };
  }
  if ((await refreshTier()) !== 'pro') return { kind: 'error', message: MESSAGES.upgradeNotConfirmed };
  if (!hasCore()) return { kind: 'info', message: MESSAGES.upgradeDone };

  // The core read the tier from the cloud (refreshTier) and cached it for this account: check that cache.
  const cached = await callCore('db:get-subscription');
  if (!cached.ok || cached.data.tier !== 'pro' || cached.data.status !== 'active') {
    return { kind: 'error', message: MESSAGES.subscriptionVerifyFailed };
  }
  await callCore('sync:queue-all');
  const synced = await callCore('sync:run');
  return synced.ok ? { kind: 'info', message: MESSAGES.upgradeDone } : { kind: 'info', message: MESSAGES.upgradeSyncFailed };
}

/** Mounted by the dashboard: finishes an upgrade the address carries, once, then drops the parameters. */
export function useUpgradeReturn(userId: string | null): void {
  const location = useLocation();
  const navigate = useNavigate();
  const handled = useRef<string | null>(null);
  useEffect(() => {
    const back = upgradeReturnFrom(location.search);
    if (!back || !userId || handled.current === back.sessionId) return;
    handled.current = back.sessionId;
    void completeUpgrade(back, userId).then((outcome) => {
      showToast(outcome);
      void navigate(location.pathname, { replace: true });
    });
  }, [location.search, location.pathname, navigate, userId]);
}

/**
 * `songshelf://` links the operating system hands the desktop app (macOS `open-url`, Windows the second
 * instance's arguments). Two are ours: the Google sign-in callback, `songshelf://oauth/callback#…`, opened as the
 * app's `/oauth/callback` route with its query and fragment, where the tokens are checked; and the checkout's
 * return, `songshelf://upgrade?user_id=…&session_id=…`, opened as `/dashboard` with those two parameters only,
 * where the upgrade is honoured only for the signed-in user once the cloud confirms it (spec section 4).
 * Anything else is ignored: any program or web page can open a `songshelf://` link.
 */
import { DEEP_LINK_SCHEME } from '../../common/bridge/app-links';

/** A session's tokens fit in far less; a longer link is not one we made. */
const MAX_LINK_LENGTH = 16 * 1024;

/** The app route a deep link opens, or null when it is not ours. */
export function appRouteFromDeepLink(link: string): string | null {
  if (link.length > MAX_LINK_LENGTH) return null;
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  if (url.protocol !== `${DEEP_LINK_SCHEME}:` || url.username || url.password || url.port) return null;
  const place = `${url.host}${url.pathname}`.replace(/\/+$/, '');
  if (place === 'oauth/callback') return `/oauth/callback${url.search}${url.hash}`;
  if (place === 'upgrade') {
    const userId = url.searchParams.get('user_id') ?? '';
    const sessionId = url.searchParams.get('session_id') ?? '';
    if (!UUID.test(userId) || !UUID.test(sessionId)) return null;
    return `/dashboard?${new URLSearchParams({ user_id: userId, session_id: sessionId }).toString()}`;
  }
  return null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** On Windows the link comes as one of a new instance's arguments. */
export function deepLinkInArguments(argv: readonly string[]): string | null {
  return argv.find((argument) => argument.toLowerCase().startsWith(`${DEEP_LINK_SCHEME}://`)) ?? null;
}

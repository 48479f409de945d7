/**
 * `songshelf://` links the operating system hands the desktop app (macOS `open-url`, Windows the second
 * instance's arguments). Only one is ours: the Google sign-in callback, `songshelf://oauth/callback#…`, opened
 * as the app's `/oauth/callback` route with its query and fragment, where the tokens are checked (spec section 4).
 * Anything else is ignored: any program or web page can open a `songshelf://` link.
 */
import { DEEP_LINK_SCHEME } from '../../common/app-links';

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
  if (url.protocol !== `${DEEP_LINK_SCHEME}:`) return null;
  if (`${url.host}${url.pathname}`.replace(/\/+$/, '') !== 'oauth/callback' || url.username || url.password || url.port) return null;
  return `/oauth/callback${url.search}${url.hash}`;
}

/** On Windows the link comes as one of a new instance's arguments. */
export function deepLinkInArguments(argv: readonly string[]): string | null {
  return argv.find((argument) => argument.toLowerCase().startsWith(`${DEEP_LINK_SCHEME}://`)) ?? null;
}

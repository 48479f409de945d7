/**
 * The desktop app's own addresses. The window loads the renderer from `songshelf-app://app/`; the operating
 * system hands the app `songshelf://` links, of which two are ours (spec section 4): the Google sign-in callback and
 * the pro checkout's way back.
 */
export const APP_SCHEME = 'songshelf-app';
export const APP_ORIGIN = `${APP_SCHEME}://app`;
export const DEEP_LINK_SCHEME = 'songshelf';
/** Where Google sign-in comes back to the desktop app, tokens in the fragment. */
export const OAUTH_DEEP_LINK = `${DEEP_LINK_SCHEME}://oauth/callback`;
/** Where the checkout, paid in the user's browser, comes back to the desktop app (`user_id`, `session_id`). */
export const UPGRADE_DEEP_LINK = `${DEEP_LINK_SCHEME}://upgrade`;
/** The companion website, where the desktop app's Help menu sends the user. */
export const WEBSITE_ORIGIN = 'https://songshelf.app';

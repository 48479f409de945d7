/**
 * The desktop app's own addresses. The window loads the renderer from `songshelf-app://app/`; the operating
 * system hands the app `songshelf://` links, of which only the Google sign-in callback is ours (spec section 4).
 */
export const APP_SCHEME = 'songshelf-app';
export const APP_ORIGIN = `${APP_SCHEME}://app`;
export const DEEP_LINK_SCHEME = 'songshelf';
/** Where Google sign-in comes back to the desktop app, tokens in the fragment. */
export const OAUTH_DEEP_LINK = `${DEEP_LINK_SCHEME}://oauth/callback`;

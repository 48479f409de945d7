/**
 * Finds the bridge to the core: Electron's preload has put `window.api` in place; in the browser host the
 * page builds the same `window.api` over a WebSocket, with the token from the address it was opened at.
 * The web build has neither. The page calls through `getBridge()`, which hands every change the core reports to
 * the one change feed (`api/core-changes.ts`).
 */
import { BRIDGE_PATH } from '../../common/constants';
import { createApi, type Api } from '../../common/bridge/ipc';
import { followingChanges } from '../api/core-changes';
import { MEDIA_HOST_PATH, MEDIA_SCHEME } from '../../common/audio/media';
import { createWebSocketTransport } from './websocket-transport';

declare global {
  interface Window {
    api?: Api;
  }
}

const TOKEN_KEY = 'songshelf.host-token';

let bridge: Api | null = null;
/** The website's library (a pro user's synced songs in the cloud), where there is no core. */
let cloudLibrary: Api | null = null;

/** Call once at start, before the first render. */
export function installBridge(): Api | null {
  bridge ??= connect();
  return bridge;
}

/** The core: Electron's preload or the browser host. Null on the website. */
export function getBridge(): Api | null {
  return bridge;
}

/**
 * Where the library's songs, views and fields are read and edited: the core, or on the website the signed-in pro
 * user's library in the cloud (`web-library/cloud-core.ts`, the same contract). The dashboard and its table ask here.
 */
export function getLibrary(): Api | null {
  return bridge ?? cloudLibrary;
}

/** The website's dashboard puts its cloud library in place (null when it closes or the user changes). */
export function installCloudLibrary(api: Api | null): void {
  cloudLibrary = api ? followingChanges(api) : null;
}

function connect(): Api | null {
  if (window.api) return followingChanges(window.api);
  const token = takeTokenFromAddress() ?? sessionStorage.getItem(TOKEN_KEY);
  if (!token) return null;
  sessionStorage.setItem(TOKEN_KEY, token);
  const url = `ws://${location.host}${BRIDGE_PATH}?token=${encodeURIComponent(token)}`;
  window.api = createApi(createWebSocketTransport(url));
  return followingChanges(window.api);
}

/** Reads `#token=…` and removes it from the address bar, so it is not bookmarked or shared by accident. */
function takeTokenFromAddress(): string | null {
  const params = new URLSearchParams(location.hash.slice(1));
  const token = params.get('token');
  if (!token) return null;
  history.replaceState(history.state, '', `${location.pathname}${location.search}`);
  return token;
}

/**
 * Where the player loads a song's audio: the browser host's token-checked endpoint, or Electron's media
 * scheme. `version` (the file's modified time) makes a replaced file load fresh.
 */
export function mediaUrl(songId: string, version: number | null): string {
  const id = encodeURIComponent(songId);
  const token = sessionStorage.getItem(TOKEN_KEY);
  const query = `v=${version ?? 0}`;
  if (token) return `${MEDIA_HOST_PATH}${id}?token=${encodeURIComponent(token)}&${query}`;
  return `${MEDIA_SCHEME}://songs/${id}?${query}`;
}

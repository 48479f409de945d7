/**
 * The `songshelf://` links the operating system hands the app: one running instance (a second one passes its
 * link on and quits), the scheme registered, macOS `open-url` and Windows arguments, and the Google sign-in
 * callback opened in the main window. Which links are ours is decided in main/security/deep-link.ts.
 */
import path from 'node:path';
import { app, type BrowserWindow } from 'electron';
import { APP_ORIGIN, DEEP_LINK_SCHEME } from '../../common/bridge/app-links';
import { appRouteFromDeepLink, deepLinkInArguments } from '../security/deep-link';

let target: (() => BrowserWindow | null) | null = null;
/** A link that came before the window (macOS sends `open-url` before the app is ready). */
let waiting: string | null = null;

/** Before the app is ready. False when another instance runs: it gets our link, and this one quits. */
export function claimDeepLinks(): boolean {
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return false;
  }
  // Started as `electron .` (development), the OS must be told which app to run with the link.
  if (process.defaultApp && process.argv[1]) app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME, process.execPath, [path.resolve(process.argv[1])]);
  else app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME);
  app.on('open-url', (event, link) => {
    event.preventDefault();
    openLink(link);
  });
  app.on('second-instance', (_event, argv) => {
    const link = deepLinkInArguments(argv);
    if (link) openLink(link);
    else focus(target?.() ?? null);
  });
  const launchedWith = deepLinkInArguments(process.argv);
  if (launchedWith) openLink(launchedWith);
  return true;
}

/** Links open in this window from now on, the one that waited first. */
export function openDeepLinksIn(window: () => BrowserWindow | null): void {
  target = window;
  if (waiting) {
    const route = waiting;
    waiting = null;
    show(route);
  }
}

function openLink(link: string): void {
  const route = appRouteFromDeepLink(link);
  if (!route) return;
  if (target?.()) show(route);
  else waiting = route;
}

function show(route: string): void {
  const window = target?.() ?? null;
  if (!window) return;
  void window.loadURL(`${APP_ORIGIN}${route}`);
  focus(window);
}

function focus(window: BrowserWindow | null): void {
  if (!window) return;
  if (window.isMinimized()) window.restore();
  // Closed to the tray: a link brings it back.
  window.show();
  window.focus();
}

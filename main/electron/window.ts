/**
 * The main window, locked down: isolated, sandboxed, no Node, a strict CSP, no navigation, no pop-ups. It opens
 * where the user left it (on a screen that still exists), and closing it only hides it while the app runs on in
 * the tray; quitting closes it for good.
 */
import path from 'node:path';
import { BrowserWindow, screen, session, shell } from 'electron';
import { DEFAULT_SIZE, MIN_SIZE, placeOnScreens, readWindowState, writeWindowState } from '../desktop/window-state';
import { MEDIA_SCHEME } from '../../common/audio/media';
import { contentSecurityPolicy } from '../../common/bridge/csp';
import { parseExternalUrl } from '../security/external-url';
import { APP_ORIGIN } from '../../common/bridge/app-links';

export interface MainWindowOptions {
  bundleDir: string;
  /** Where the window's place is remembered. */
  dataDir: string;
  /** True once the user quits: then a close really closes. */
  quitting: () => boolean;
  /** The user brought the window up or it began to load: background work that can wait lets it (user-activity.ts). */
  onUserActive?: () => void;
}

export function createMainWindow({ bundleDir, dataDir, quitting, onUserActive }: MainWindowOptions): BrowserWindow {
  const saved = placeOnScreens(readWindowState(dataDir), screen.getAllDisplays().map((display) => display.workArea));
  const window = new BrowserWindow({
    ...(saved.bounds ?? DEFAULT_SIZE),
    minWidth: MIN_SIZE.width,
    minHeight: MIN_SIZE.height,
    backgroundColor: '#111315',
    show: false,
    webPreferences: {
      preload: path.join(bundleDir, 'preload.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      spellcheck: false,
      // A middle click must not open a link in a new window (Electronegativity AUXCLICK_JS_CHECK).
      disableBlinkFeatures: 'Auxclick',
    },
  });
  if (onUserActive) {
    window.on('focus', onUserActive);
    window.webContents.on('did-start-loading', onUserActive);
  }
  window.once('ready-to-show', () => {
    if (saved.maximized) window.maximize();
    window.show();
  });
  window.on('close', (event) => {
    writeWindowState(dataDir, { bounds: window.getNormalBounds(), maximized: window.isMaximized() });
    // The app keeps working in the background (scans, uploads, sync): closing the window hides it.
    if (!quitting()) {
      event.preventDefault();
      window.hide();
    }
  });
  window.webContents.on('will-navigate', (event, url) => {
    if (!url.startsWith(`${APP_ORIGIN}/`)) event.preventDefault();
  });
  window.webContents.setWindowOpenHandler(({ url }) => {
    openIfExternal(url);
    return { action: 'deny' };
  });
  void window.loadURL(`${APP_ORIGIN}/dashboard`);
  return window;
}

/**
 * The CSP header on everything the app's session loads (with the cloud the page signs in to, asked per response);
 * every permission request is denied.
 */
export function hardenSession(connectSources: () => string[]): void {
  session.defaultSession.webRequest.onHeadersReceived((details, callback) => {
    const cloud = connectSources();
    // The player also streams uploaded audio from the cloud, by signed address.
    const policy = contentSecurityPolicy({ media: [`${MEDIA_SCHEME}:`, ...cloud], connect: cloud });
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [policy] } });
  });
  session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
}

function openIfExternal(url: string): void {
  try {
    void shell.openExternal(parseExternalUrl(url).href);
  } catch {
    // Anything but http(s) and mailto is dropped: a page must not launch other programs.
  }
}

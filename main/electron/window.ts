/** The main window, locked down: isolated, sandboxed, no Node, a strict CSP, no navigation, no pop-ups. */
import path from 'node:path';
import { BrowserWindow, session, shell } from 'electron';
import { MEDIA_SCHEME } from '../../common/media';
import { contentSecurityPolicy } from '../security/csp';
import { parseExternalUrl } from '../security/external-url';
import { APP_ORIGIN } from '../../common/app-links';

export function createMainWindow(bundleDir: string): BrowserWindow {
  const window = new BrowserWindow({
    width: 1280,
    height: 800,
    minWidth: 900,
    minHeight: 560,
    backgroundColor: '#111315',
    show: false,
    webPreferences: {
      preload: path.join(bundleDir, 'preload.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      spellcheck: false,
    },
  });
  window.once('ready-to-show', () => window.show());
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

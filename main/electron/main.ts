/**
 * Electron's main process: the same core as the browser host, carried over IPC to one hardened window. All
 * logic lives in the core; this file only wires Electron's pieces.
 */
import path from 'node:path';
import { app, BrowserWindow, shell } from 'electron';
import { releaseCloud, startCloudBeside, type CloudBeside } from '../cloud-beside';
import { createCore, WORKER_BUNDLE, type Core } from '../core';
import { logStrayRejections } from '../stray-rejections';
import { appRootFrom } from '../paths';
import { registerAppSchemes, serveRenderer } from './app-protocol';
import { claimDeepLinks, openDeepLinksIn } from './deep-links';
import { setupIpc } from './ipc';
import { serveMedia } from './media-protocol';
import { DOCS_URL, setupMenu } from './menu';
import { setupNotifications } from './notifications';
import { electronPlatform, electronSecretBox } from './platform';
import { startOrExplain } from './start-up';
import { setupTray } from './tray';
import { restartToUpdate, setupUpdates } from './updater';
import { createMainWindow, hardenSession } from './window';

const bundleDir = __dirname;
const appRoot = appRootFrom(bundleDir);
let core: Core | null = null;
let cloud: CloudBeside | null = null;

// The same V8 settings as the Node launchers (scripts/node-flags.mjs, where each is explained): a small young
// generation and a heap that grows by half between full collections keep the library engine's memory flat during
// large scans.
app.commandLine.appendSwitch('js-flags', '--max-semi-space-size=4 --heap-growing-percent=50');
logStrayRejections('main');
registerAppSchemes();
// Before the single-instance lock, which is held per user-data folder.
if (process.env.SONGSHELF_DATA_DIR) app.setPath('userData', path.resolve(process.env.SONGSHELF_DATA_DIR));
const firstInstance = claimDeepLinks();

let quitting = false;
app.on('before-quit', () => {
  quitting = true;
});
// Closing the window hides it (window.ts); the tray keeps the app, and its scans, uploads and sync, running.
app.on('window-all-closed', () => undefined);

app.on('will-quit', () => {
  void cloud?.close();
  void core?.close();
});

// startOrExplain catches every failure of the start (it shows it and quits): nothing is left to reject here.
void app.whenReady().then(() => startOrExplain(start));

async function start(): Promise<void> {
  // A second instance only hands its link to the first (claimDeepLinks) and quits.
  if (!firstInstance) return;
  const dataDir = app.getPath('userData');
  // Accounts: the hosted project (built into a release, or SUPABASE_URL) or, in development only, the local cloud.
  cloud = await startCloudBeside({ env: process.env, dataDir, appRoot, packaged: app.isPackaged, release: releaseCloud() });
  core = createCore({
    dataDir,
    migrationsFolder: path.join(appRoot, 'migrations'),
    workerFile: path.join(bundleDir, WORKER_BUNDLE),
    platform: electronPlatform,
    cloud: cloud.status,
    secretBox: electronSecretBox,
  });
  void core.start();
  hardenSession(cloud.origins);
  serveRenderer(path.join(appRoot, 'dist', 'renderer'));
  serveMedia(core);
  setupIpc(core, () => BrowserWindow.getAllWindows());
  setupNotifications(core);
  const windowOptions = { bundleDir, dataDir, quitting: () => quitting, onUserActive: () => core?.runner.userActivity.touch() };
  const openWindow = () => {
    const window = BrowserWindow.getAllWindows()[0] ?? createMainWindow(windowOptions);
    window.show();
    window.focus();
  };
  createMainWindow(windowOptions);
  setupMenu(() => void shell.openExternal(DOCS_URL));
  const trayActions = { open: openWindow, quit: () => app.quit(), restartToUpdate: null as (() => void) | null };
  const tray = setupTray(core, appRoot, trayActions);
  setupUpdates((release) => {
    trayActions.restartToUpdate = restartToUpdate;
    void tray.refresh();
    core?.events.emit('notify', { kind: 'info', title: 'Update ready', body: `${release} is ready: restart Songshelf to use it.` });
  });
  openDeepLinksIn(() => BrowserWindow.getAllWindows()[0] ?? null);
  app.on('activate', openWindow);
}

// The thin Electron layer with Electron's modules replaced (testing/fake-electron.ts): the window's security
// handlers and background closing, the tray from job events, notifications, the updater, the menu, IPC sender
// checks, and deep links with single-instance forwarding.
import fs from 'node:fs';
import path from 'node:path';
import * as electronModule from 'electron';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { APP_ORIGIN, OAUTH_DEEP_LINK, UPGRADE_DEEP_LINK } from '../../common/bridge/app-links';
import { tempDir } from '../../db/test-support';
import { enqueue } from '../jobs/queue';
import { createTestCore, trustFolder, type TestCore } from '../test-support';
import { registerAppSchemes, serveRenderer } from './app-protocol';
import { INVOKE_CHANNEL } from './bridge-channels';
import { claimDeepLinks, openDeepLinksIn } from './deep-links';
import { setupIpc } from './ipc';
import { serveMedia } from './media-protocol';
import { DOCS_URL, menuTemplate } from './menu';
import { setupNotifications } from './notifications';
import { FakeBrowserWindow, FakeTray, type FakeElectron } from './testing/fake-electron';
import { setupTray } from './tray';
import { restartToUpdate, setupUpdates, UPDATE_CHECK_INTERVAL } from './updater';
import { createMainWindow, hardenSession } from './window';

vi.mock('electron', async () => (await import('./testing/fake-electron')).fakeElectron());
const updateApp = vi.hoisted(() => ({ options: null as null | Record<string, unknown>, stopped: 0 }));
vi.mock('update-electron-app', () => ({
  UpdateSourceType: { ElectronPublicUpdateService: 1 },
  updateElectronApp: (options: Record<string, unknown>) => {
    updateApp.options = options;
    return { stopUpdates: () => (updateApp.stopped += 1) };
  },
}));

const electron = electronModule as unknown as FakeElectron;
let core: TestCore;
beforeEach(() => {
  core = createTestCore();
  FakeBrowserWindow.all = [];
});
afterEach(() => core.close());

describe('Choose folder…', () => {
  it('opens the OS’s folder dialog for several folders, hands back what was picked, and nothing when cancelled', async () => {
    const { electronPlatform } = await import('./platform');
    electron.dialog.answer = { canceled: false, filePaths: ['/Users/ana/Music/Live', '/Users/ana/Music/Logic'] };
    expect(await electronPlatform.chooseFolders!()).toEqual(['/Users/ana/Music/Live', '/Users/ana/Music/Logic']);
    expect(electron.dialog.opened.at(-1)!.options.properties).toEqual(['openDirectory', 'multiSelections', 'createDirectory']);
    electron.dialog.answer = { canceled: true, filePaths: ['/ignored'] };
    expect(await electronPlatform.chooseFolders!()).toEqual([]);
  });

  it('is what library:choose-folders answers under Electron; each folder is then watched under the folder rules', async () => {
    const { electronPlatform } = await import('./platform');
    const desktop = createTestCore(tempDir(), { platform: electronPlatform });
    try {
      electron.dialog.answer = { canceled: false, filePaths: ['/Users/ana/Music/Live'] };
      const result = await desktop.router.dispatch('library:choose-folders', undefined);
      expect(result).toMatchObject({ ok: true, data: { native: true, paths: ['/Users/ana/Music/Live'] } });
      // Without a dialog (the browser host), the page is told to use the folder browser instead.
      expect(await core.router.dispatch('library:choose-folders', undefined)).toMatchObject({ ok: true, data: { native: false, paths: [] } });
    } finally {
      await desktop.close();
    }
  });
});

describe('the main window', () => {
  it('stays on the app: navigation away is stopped, pop-ups denied, only http(s) and mailto opened outside', () => {
    const window = createMainWindow({ bundleDir: '/app/dist/electron', dataDir: tempDir(), quitting: () => false }) as unknown as FakeBrowserWindow;
    expect(window.options.webPreferences).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false, webSecurity: true });
    const navigate = (url: string) => {
      let prevented = false;
      window.webContents.emit('will-navigate', { preventDefault: () => (prevented = true) }, url);
      return prevented;
    };
    expect(navigate(`${APP_ORIGIN}/pricing`)).toBe(false);
    expect(navigate('https://evil.example/')).toBe(true);
    expect(navigate(`${APP_ORIGIN}.evil.example/`)).toBe(true);
    for (const url of ['https://songshelf.app/docs', 'javascript:alert(1)', 'file:///etc/passwd', 'mailto:hello@songshelf.app']) {
      expect(window.webContents.openHandler!({ url })).toEqual({ action: 'deny' });
    }
    expect(electron.shell.opened).toEqual(['https://songshelf.app/docs', 'mailto:hello@songshelf.app']);
  });

  it('tells the core when the user brings the window up or it loads, so background analysis waits', () => {
    let reports = 0;
    const window = createMainWindow({ bundleDir: '/app/dist/electron', dataDir: tempDir(), quitting: () => false, onUserActive: () => (reports += 1) }) as unknown as FakeBrowserWindow;
    window.webContents.emit('did-start-loading');
    window.emit('focus');
    expect(reports).toBe(2);
  });

  it('denies every permission and puts the strict CSP, with the cloud, on every response', () => {
    hardenSession(() => ['http://127.0.0.1:54321']);
    let granted: boolean | null = null;
    electron.recorded.permissionHandlers.at(-1)!({}, 'media', (answer) => (granted = answer));
    expect(granted).toBe(false);
    let headers: Record<string, string[]> = {};
    electron.recorded.headerListeners.at(-1)!({ responseHeaders: {} }, (response) => (headers = (response as { responseHeaders: Record<string, string[]> }).responseHeaders));
    const policy = headers['Content-Security-Policy']![0]!;
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain('connect-src \'self\' http://127.0.0.1:54321');
    expect(policy).toMatch(/media-src [^;]*http:\/\/127\.0\.0\.1:54321/);
  });

  it('closing hides it while the app runs on (unless quitting), and it reopens where it was left', () => {
    const dataDir = tempDir();
    let quitting = false;
    const window = createMainWindow({ bundleDir: '/b', dataDir, quitting: () => quitting }) as unknown as FakeBrowserWindow;
    window.show();
    window.bounds = { x: 100, y: 50, width: 1100, height: 700 };
    expect(window.tryClose()).toBe(true);
    expect(window.visible).toBe(false);
    quitting = true;
    expect(window.tryClose()).toBe(false);
    const reopened = createMainWindow({ bundleDir: '/b', dataDir, quitting: () => false }) as unknown as FakeBrowserWindow;
    expect(reopened.options).toMatchObject({ x: 100, y: 50, width: 1100, height: 700 });
  });
});

describe('the tray', () => {
  it('says what runs, from the live jobs, and offers Open, the update restart and Quit', async () => {
    const opened: string[] = [];
    const actions = { open: () => opened.push('open'), quit: () => opened.push('quit'), restartToUpdate: null as (() => void) | null };
    const tray = setupTray(core, '/app', actions);
    await tray.refresh();
    const icon = FakeTray.last!;
    expect(icon.tooltip).toBe('Songshelf: up to date');
    expect(icon.menu.map((item) => item.label ?? item.type)).toEqual(['Open Songshelf', 'separator', 'Up to date', 'separator', 'Quit Songshelf']);

    enqueue(core.db, { kind: 'upload', payload: { songId: 'a' } });
    enqueue(core.db, { kind: 'upload', payload: { songId: 'b' } });
    enqueue(core.db, { kind: 'sync', payload: {} });
    actions.restartToUpdate = () => opened.push('restart');
    await tray.refresh();
    expect(icon.tooltip).toBe('Songshelf: Uploading 2 files, Syncing');
    expect(icon.menu.map((item) => item.label ?? item.type)).toEqual(['Open Songshelf', 'separator', 'Uploading 2 files', 'Syncing', 'separator', 'Restart to update', 'separator', 'Quit Songshelf']);
    icon.menu.find((item) => item.label === 'Restart to update')!.click!();
    icon.emit('click');
    icon.menu.at(-1)!.click!();
    expect(opened).toEqual(['restart', 'open', 'quit']);
    tray.destroy();
    expect(icon.destroyed).toBe(true);
  });

  it('follows the core’s job events by itself', async () => {
    setupTray(core, '/app', { open: () => undefined, quit: () => undefined });
    enqueue(core.db, { kind: 'scan', payload: { directoryId: 'x' } });
    core.events.emit('jobs:changed', { jobs: [] });
    await vi.waitFor(() => expect(FakeTray.last!.tooltip).toBe('Songshelf: Scanning 1 folder'), { timeout: 3000 });
  });
});

describe('notifications and updates', () => {
  it('shows the core’s notices as desktop notifications', () => {
    const stop = setupNotifications(core);
    core.events.emit('notify', { kind: 'info', title: 'Songshelf', body: '3 new songs in Projects' });
    expect((electron.Notification as unknown as { shown: unknown[] }).shown).toContainEqual({ title: 'Songshelf', body: '3 new songs in Projects' });
    stop();
  });

  it('checks the GitHub releases every 4 hours, announces a downloaded update and restarts into it on request', () => {
    const ready: string[] = [];
    const stop = setupUpdates((release) => ready.push(release));
    expect(updateApp.options).toMatchObject({ updateInterval: UPDATE_CHECK_INTERVAL, notifyUser: true, updateSource: { type: 1, repo: 'songshelf/songshelf' } });
    expect(UPDATE_CHECK_INTERVAL).toBe('4 hours');
    (updateApp.options!.onNotifyUser as (info: { releaseName: string }) => void)({ releaseName: 'Songshelf 1.0.4' });
    expect(ready).toEqual(['Songshelf 1.0.4']);
    restartToUpdate();
    expect(electron.autoUpdater.installs).toBe(1);
    stop();
    expect(updateApp.stopped).toBe(1);
  });
});

describe('the menu', () => {
  it('has the usual menus (the app menu on macOS only) and Help opens the documentation', () => {
    const docs: string[] = [];
    const mac = menuTemplate('darwin', () => docs.push(DOCS_URL));
    expect(mac.map((item) => item.role ?? item.label)).toEqual(['appMenu', 'fileMenu', 'editMenu', 'View', 'windowMenu', 'help']);
    expect(menuTemplate('win32', () => undefined).map((item) => item.role ?? item.label)).toEqual(['fileMenu', 'editMenu', 'View', 'windowMenu', 'help']);
    const help = mac.at(-1)!.submenu as { click: () => void }[];
    help[0]!.click();
    expect(docs).toEqual(['https://songshelf.app/docs']);
  });
});

describe('IPC', () => {
  it('answers only the app’s own windows, in their main frame', async () => {
    const window = new FakeBrowserWindow({ width: 100, height: 100 });
    const stop = setupIpc(core, () => [window as never]);
    const invoke = electron.recorded.handlers.get(INVOKE_CHANNEL)!;
    const trusted = { sender: window.webContents, senderFrame: window.webContents.mainFrame };
    expect(await invoke(trusted, 'db:get-subscription', undefined)).toMatchObject({ ok: true, data: { tier: 'free' } });
    const stranger = new FakeBrowserWindow({ width: 1, height: 1 });
    expect(await invoke({ sender: stranger.webContents, senderFrame: stranger.webContents.mainFrame }, 'db:get-subscription', undefined)).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(await invoke({ sender: window.webContents, senderFrame: { url: 'https://evil.example/' } }, 'db:get-subscription', undefined)).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(await invoke(trusted, 'db:drop-everything', {})).toMatchObject({ ok: false, error: { code: 'unknown_channel' } });
    stop();
    expect(electron.recorded.handlers.has(INVOKE_CHANNEL)).toBe(false);
  });
});

describe('the app’s own schemes', () => {
  it('serves the renderer from songshelf-app://app/: assets inside its folder, every route as index.html, nothing outside', async () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Songshelf</title>');
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.writeFileSync(path.join(dir, 'assets', 'app.js'), 'console.log(1)');
    fs.writeFileSync(path.join(path.dirname(dir), 'secret.txt'), 'keys');
    registerAppSchemes();
    expect(electron.recorded.privileged.map((entry) => entry.scheme)).toEqual(['songshelf-app', 'songshelf-media']);
    serveRenderer(dir);
    const serve = electron.recorded.protocols.get('songshelf-app')!;
    expect(await (await serve(new Request('songshelf-app://app/assets/app.js'))).text()).toBe('console.log(1)');
    expect(await (await serve(new Request('songshelf-app://app/dashboard/modal/add'))).text()).toContain('<title>Songshelf</title>');
    expect((await serve(new Request('songshelf-app://app/assets/..%2f..%2fsecret.txt'))).status).toBe(403);
  });

  it('serves a song’s own audio on songshelf-media://, with ranges; nothing else', async () => {
    serveMedia(core);
    const media = electron.recorded.protocols.get('songshelf-media')!;
    const music = tempDir('songshelf-music-');
    trustFolder(core, music);
    const file = path.join(music, 'take.wav');
    fs.writeFileSync(file, Buffer.from('RIFF0123456789'));
    const added = await core.router.dispatch('db:add-song', { name: 'Take', file: { value: file, localPath: file, fileName: 'take.wav', modifiedTime: null } });
    const id = (added as { data: { id: string } }).data.id;
    const whole = await media(new Request(`songshelf-media://songs/${id}`));
    expect(whole.status).toBe(200);
    expect(await whole.text()).toBe('RIFF0123456789');
    const part = await media(new Request(`songshelf-media://songs/${id}`, { headers: { range: 'bytes=4-7' } }));
    expect(part.status).toBe(206);
    expect(await part.text()).toBe('0123');
    expect((await media(new Request('songshelf-media://songs/no-such-song'))).status).toBe(404);
    expect((await media(new Request(`songshelf-media://songs/${id}`, { method: 'POST' }))).status).toBe(405);
    expect((await media(new Request('songshelf-media://elsewhere/etc/passwd'))).status).toBe(404);
  });
});

describe('deep links', () => {
  it('a second instance hands its link to the first and quits; the link opens in the window, foreign ones do not', () => {
    electron.app.lockHeld = false;
    expect(claimDeepLinks()).toBe(false);
    expect(electron.app.quitCalls).toBe(1);

    electron.app.lockHeld = true;
    expect(claimDeepLinks()).toBe(true);
    expect(electron.app.protocolClients).toContain('songshelf');
    const window = new FakeBrowserWindow({ width: 100, height: 100 });
    window.minimized = true;
    openDeepLinksIn(() => window as never);
    electron.app.emit('second-instance', {}, ['Songshelf.exe', `${OAUTH_DEEP_LINK}#access_token=a.b.c&refresh_token=r`]);
    expect(window.loaded.at(-1)).toBe(`${APP_ORIGIN}/oauth/callback#access_token=a.b.c&refresh_token=r`);
    expect(window).toMatchObject({ minimized: false, visible: true });

    const user = '6f1c2a4e-8b7d-4c3a-9e2f-1a2b3c4d5e6f';
    const session = '0b9f3c2e-1d4a-4e8b-a7c6-5f4e3d2c1b0a';
    let prevented = false;
    electron.app.emit('open-url', { preventDefault: () => (prevented = true) }, `${UPGRADE_DEEP_LINK}?user_id=${user}&session_id=${session}`);
    expect(prevented).toBe(true);
    expect(window.loaded.at(-1)).toBe(`${APP_ORIGIN}/dashboard?user_id=${user}&session_id=${session}`);

    const before = window.loaded.length;
    electron.app.emit('second-instance', {}, ['Songshelf.exe', 'songshelf://settings/delete-everything']);
    electron.app.emit('open-url', { preventDefault: () => undefined }, 'https://evil.example/oauth/callback');
    expect(window.loaded).toHaveLength(before);
  });
});

/**
 * For tests of the thin Electron layer: the parts of Electron's modules that main/electron/ uses, as plain
 * objects that record what they were asked (`vi.mock('electron', () => fakeElectron())`). No Electron binary runs
 * on the test machines; what these fakes cannot prove (a real tray, a real update) is listed in issue 8's note.
 */
import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

class FakeWebContents extends EventEmitter {
  static nextId = 1;
  readonly id = FakeWebContents.nextId++;
  readonly mainFrame = { url: 'songshelf-app://app/dashboard' };
  openHandler: ((details: { url: string }) => { action: string }) | null = null;
  sent: unknown[][] = [];
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }) {
    this.openHandler = handler;
  }
  send(...args: unknown[]) {
    this.sent.push(args);
  }
}

export class FakeBrowserWindow extends EventEmitter {
  static all: FakeBrowserWindow[] = [];
  static getAllWindows() {
    return FakeBrowserWindow.all.filter((window) => !window.destroyed);
  }
  static getFocusedWindow() {
    return FakeBrowserWindow.getAllWindows().find((window) => window.focused > 0) ?? null;
  }
  readonly webContents = new FakeWebContents();
  visible = false;
  maximized = false;
  minimized = false;
  destroyed = false;
  focused = 0;
  loaded: string[] = [];
  bounds: { x: number; y: number; width: number; height: number };
  constructor(readonly options: Record<string, unknown>) {
    super();
    this.bounds = { x: Number(options.x ?? 0), y: Number(options.y ?? 0), width: Number(options.width), height: Number(options.height) };
    FakeBrowserWindow.all.push(this);
  }
  loadURL(url: string) {
    this.loaded.push(url);
    return Promise.resolve();
  }
  show() {
    this.visible = true;
  }
  hide() {
    this.visible = false;
  }
  focus() {
    this.focused += 1;
  }
  maximize() {
    this.maximized = true;
  }
  isMaximized() {
    return this.maximized;
  }
  isMinimized() {
    return this.minimized;
  }
  restore() {
    this.minimized = false;
  }
  isDestroyed() {
    return this.destroyed;
  }
  getNormalBounds() {
    return this.bounds;
  }
  /** Emits `close` as Electron does; returns whether a listener prevented it. */
  tryClose(): boolean {
    let prevented = false;
    this.emit('close', { preventDefault: () => (prevented = true) });
    if (!prevented) this.destroyed = true;
    return prevented;
  }
}

export class FakeTray extends EventEmitter {
  static last: FakeTray | null = null;
  tooltip = '';
  menu: { label?: string; type?: string; enabled?: boolean; click?: () => void }[] = [];
  destroyed = false;
  constructor(readonly image: unknown) {
    super();
    FakeTray.last = this;
  }
  setToolTip(text: string) {
    this.tooltip = text;
  }
  setContextMenu(menu: FakeTray['menu']) {
    this.menu = menu;
  }
  destroy() {
    this.destroyed = true;
  }
}

export function fakeElectron() {
  const headerListeners: ((details: { responseHeaders: Record<string, string[]> }, callback: (response: unknown) => void) => void)[] = [];
  const permissionHandlers: ((contents: unknown, permission: string, callback: (granted: boolean) => void) => void)[] = [];
  const handlers = new Map<string, (...args: unknown[]) => unknown>();
  const protocols = new Map<string, (request: Request) => Response | Promise<Response>>();
  const privileged: { scheme: string; privileges: Record<string, boolean> }[] = [];
  const app = Object.assign(new EventEmitter(), {
    lockHeld: true,
    quitCalls: 0,
    protocolClients: [] as string[],
    requestSingleInstanceLock() {
      return app.lockHeld;
    },
    quit() {
      app.quitCalls += 1;
    },
    setAsDefaultProtocolClient(scheme: string) {
      app.protocolClients.push(scheme);
      return true;
    },
  });
  return {
    app,
    BrowserWindow: FakeBrowserWindow,
    Tray: FakeTray,
    Menu: {
      application: null as unknown,
      buildFromTemplate: (template: unknown) => template,
      setApplicationMenu(menu: unknown) {
        this.application = menu;
      },
    },
    nativeImage: { createFromPath: (file: string) => ({ file, template: false, setTemplateImage(value: boolean) { this.template = value; } }) },
    screen: { displays: [{ workArea: { x: 0, y: 0, width: 1440, height: 900 } }], getAllDisplays() { return this.displays; } },
    dialog: {
      errors: [] as { title: string; content: string }[],
      showErrorBox(title: string, content: string) {
        this.errors.push({ title, content });
      },
      /** What the next folder dialog answers; each call's options are kept. */
      answer: { canceled: true, filePaths: [] as string[] },
      opened: [] as { window: unknown; options: Record<string, unknown> }[],
      showOpenDialog(...args: unknown[]) {
        const [window, options] = args.length === 2 ? args : [null, args[0]];
        this.opened.push({ window, options: options as Record<string, unknown> });
        return Promise.resolve(this.answer);
      },
    },
    shell: { opened: [] as string[], openExternal(url: string) { this.opened.push(url); return Promise.resolve(); } },
    session: {
      defaultSession: {
        webRequest: { onHeadersReceived: (listener: (typeof headerListeners)[number]) => headerListeners.push(listener) },
        setPermissionRequestHandler: (handler: (typeof permissionHandlers)[number]) => permissionHandlers.push(handler),
      },
    },
    ipcMain: { handle: (channel: string, handler: (...args: unknown[]) => unknown) => handlers.set(channel, handler), removeHandler: (channel: string) => handlers.delete(channel) },
    protocol: {
      registerSchemesAsPrivileged: (schemes: typeof privileged) => privileged.splice(0, privileged.length, ...schemes),
      handle: (scheme: string, handler: (request: Request) => Response | Promise<Response>) => protocols.set(scheme, handler),
    },
    net: { fetch: async (url: string) => new Response(fs.readFileSync(fileURLToPath(url))) },
    autoUpdater: Object.assign(new EventEmitter(), { installs: 0, quitAndInstall() { this.installs += 1; } }),
    Notification: class {
      static shown: { title: string; body: string }[] = [];
      static isSupported() {
        return true;
      }
      constructor(readonly options: { title: string; body: string }) {}
      show() {
        (this.constructor as unknown as { shown: { title: string; body: string }[] }).shown.push({ title: this.options.title, body: this.options.body });
      }
    },
    /** What the fakes recorded, for assertions. */
    recorded: { headerListeners, permissionHandlers, handlers, protocols, privileged },
  };
}

export type FakeElectron = ReturnType<typeof fakeElectron>;

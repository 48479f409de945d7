/**
 * Which plug-ins are installed on this computer (issue 31, "Will it open here?"): the standard folders are looked
 * through in a worker when the core starts and again whenever one of them changes, and the result replaces the last
 * (`installed_plugins`). On a system with no such folders (Linux, where the browser host runs in development) there
 * is no look, and nothing is called missing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { standardPluginFolders, type PluginFolder, type PluginFolderPlaces } from '../../common/projects/plugins';
import type { Db } from '../../db/handle';
import { replaceInstalledPlugins } from '../../db/repositories/installed-plugins';
import type { WorkerPool } from '../jobs/pool';

export interface InstalledPluginsOptions {
  /** The folders to look through. Default: this system's standard ones (`pluginFoldersFromEnv`). */
  folders?: PluginFolder[];
  /** Look again when a folder changes. Default true. */
  watch?: boolean;
  /** How long a burst of changes (an installer writing a bundle) is let settle before the look. Default 2 s. */
  settleMs?: number;
}

/**
 * This computer's folders, or a stand-in system's laid out under a folder (`SONGSHELF_PLUGIN_SYSTEM` = darwin or
 * win32, `SONGSHELF_PLUGIN_ROOT`): the way to see the Plug-ins view's "installed here" on a computer without a DAW.
 */
export function pluginFoldersFromEnv(env: NodeJS.ProcessEnv = process.env): PluginFolder[] {
  const system = env.SONGSHELF_PLUGIN_SYSTEM;
  const root = env.SONGSHELF_PLUGIN_ROOT;
  if (system && root) return standardPluginFolders(system, standInPlaces(system, root), path.join);
  return standardPluginFolders(process.platform, { home: os.homedir(), programFiles: env.ProgramFiles, commonProgramFiles: env.CommonProgramFiles, localAppData: env.LOCALAPPDATA }, path.join);
}

/** Where a stand-in macOS or Windows keeps its places under `root` (tests build their trees with the same). */
export function standInPlaces(system: string, root: string): PluginFolderPlaces {
  if (system === 'win32') {
    return {
      home: path.join(root, 'Users', 'musician'),
      programFiles: path.join(root, 'Program Files'),
      commonProgramFiles: path.join(root, 'Program Files', 'Common Files'),
      localAppData: path.join(root, 'Users', 'musician', 'AppData', 'Local'),
    };
  }
  return { root, home: path.join(root, 'Users', 'musician') };
}

export class InstalledPlugins {
  private readonly folders: PluginFolder[];
  private readonly watchers: fs.FSWatcher[] = [];
  private timer: NodeJS.Timeout | null = null;
  private looking: Promise<void> | null = null;
  private again = false;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly pool: WorkerPool,
    private readonly options: InstalledPluginsOptions = {},
  ) {
    this.folders = options.folders ?? pluginFoldersFromEnv();
  }

  /** The first look, in the background, and the watch on every folder that exists. */
  start(): void {
    if (this.folders.length === 0) return;
    this.lookInBackground();
    if (this.options.watch === false) return;
    for (const folder of this.folders) {
      try {
        const watcher = fs.watch(folder.path, { recursive: true, persistent: false }, () => this.changed());
        watcher.on('error', () => watcher.close());
        this.watchers.push(watcher);
      } catch {
        // Not there (no plug-ins of that kind yet): the next start looks again.
      }
    }
  }

  /** Looks through the folders now (one look at a time; a change during one brings another after it). */
  look(): Promise<void> {
    if (this.folders.length === 0 || this.stopped) return Promise.resolve();
    if (this.looking) {
      this.again = true;
      return this.looking;
    }
    this.looking = (async () => {
      do {
        this.again = false;
        const found = await this.pool.run({ kind: 'find-plugins', folders: this.folders });
        if (this.stopped) return;
        for (const { path: folder, reason } of found.errors) console.warn(`[plugins] ${folder}: ${reason}`);
        replaceInstalledPlugins(this.db, found.plugins, found.unsureFormats);
      } while (this.again && !this.stopped);
    })().finally(() => (this.looking = null));
    return this.looking;
  }

  /** Resolves when no look is running (tests and close). */
  async settled(): Promise<void> {
    while (this.timer || this.looking) {
      if (this.looking) await this.looking.catch(() => undefined);
      else await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    for (const watcher of this.watchers) watcher.close();
    await this.looking?.catch(() => undefined);
  }

  private changed(): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.lookInBackground();
    }, this.options.settleMs ?? 2000);
  }

  /** A look nobody waits for: a failure (a worker stopped by the time limit) is said, and the next change looks again. */
  private lookInBackground(): void {
    this.look().catch((error: unknown) => {
      if (!this.stopped) console.error(`The plug-in folders could not be looked through: ${error instanceof Error ? error.message : String(error)}`);
    });
  }
}

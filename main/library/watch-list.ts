/**
 * The desktop's watch list read again (spec section 9: every 5 minutes; `Library` runs it on its timer). Between two
 * reads the list can change behind the app's back, and each change is noticed here:
 *
 * - the user's settings gained folders from the cloud (another computer added them; sync wrote the settings, not the
 *   folders): each one that is a folder here and may be watched (`resolveWatchableFolder`) is watched and scanned, as
 *   if added here; one that is not (another computer's path) waits in the settings, as it did;
 * - the database's list changed under the running app (the CLI, another process on the same library): a folder no
 *   longer listed is no longer watched, a folder newly listed is;
 * - a watched folder was removed from the disk (deleted, renamed, its drive unplugged): its watch, which can no longer
 *   see anything, is closed and the user is told once; its songs stay as they are. When it is back (or was made
 *   again under the same path, which the old watch would miss) it is watched again and scanned.
 */
import fs from 'node:fs/promises';
import type { FolderPlaces } from '../../common/projects/folder-rules';
import type { WatchedDirectory } from '../../common/projects/library';
import { watchedFolderMissing } from '../../common/messages';
import type { Db } from '../../db/handle';
import { effectiveTier, getUserSettings } from '../../db/repositories/account';
import { listDirectories } from '../../db/repositories/directories';
import type { EventBus } from '../events';
import type { FolderWatcher } from '../scan/watcher';
import { resolveWatchableFolder } from '../security/watchable-folder';
import { addWatchedFolder } from './watched-folders';

/** What one read of the watch list changed: folders by path, `dropped` by id (their rows are gone). */
export interface WatchListChanges {
  /** Folders of the settings (from the cloud) watched here from now on. */
  added: string[];
  /** Folders the database no longer lists: their watch closed. */
  dropped: string[];
  /** Watched folders found gone from the disk this time (the user told). */
  missing: string[];
  /** Folders watched again: back on the disk, made again, or newly listed by another process. */
  rewatched: string[];
}

export interface WatchListDeps {
  db: Db;
  places: FolderPlaces;
  events: EventBus;
  /** Null when the library does not watch live (the CLI, tests): the list and the scans still follow. */
  watcher: FolderWatcher | null;
  /** Starts a live watch; whether it started (a folder that cannot be watched is reported, not thrown). */
  watch(directory: WatchedDirectory): Promise<boolean>;
  /** Queues a scan of the folder. */
  requestScan(directoryId: string): void;
}

export class WatchList {
  /** Folders known missing, by id: told once, until they are back. */
  private readonly missing = new Set<string>();

  constructor(private readonly deps: WatchListDeps) {}

  async refresh(): Promise<WatchListChanges> {
    const changes: WatchListChanges = { added: [], dropped: [], missing: [], rewatched: [] };
    await this.watchSettingsFolders(changes);
    const listed = listDirectories(this.deps.db);
    await this.dropUnlisted(listed, changes);
    for (const directory of listed) await this.follow(directory, changes);
    return changes;
  }

  /** The settings' folders not in the list: those that may be watched here are added, as the user adds one. */
  private async watchSettingsFolders(changes: WatchListChanges): Promise<void> {
    const { db, places } = this.deps;
    const listed = new Set(listDirectories(db).map((directory) => directory.path));
    for (const folder of getUserSettings(db).projectDirectories) {
      if (listed.has(folder)) continue;
      const resolved = await resolveWatchableFolder(folder, places).catch(() => null);
      if (resolved === null || listed.has(resolved)) continue;
      try {
        const { directory, created } = addWatchedFolder(db, resolved, effectiveTier(db));
        listed.add(directory.path);
        if (!created) continue;
        if (this.deps.watcher) await this.deps.watch(directory);
        this.deps.requestScan(directory.id);
        changes.added.push(directory.path);
      } catch (error) {
        // The free tier's limit: the folder waits in the settings, as another computer's path does.
        console.warn(`[library] ${resolved} from the settings is not watched:`, error instanceof Error ? error.message : error);
      }
    }
  }

  private async dropUnlisted(listed: WatchedDirectory[], changes: WatchListChanges): Promise<void> {
    const watcher = this.deps.watcher;
    if (!watcher) return;
    const ids = new Set(listed.map((directory) => directory.id));
    for (const id of watcher.watchedIds()) {
      if (ids.has(id)) continue;
      await watcher.unwatch(id);
      changes.dropped.push(id);
    }
    for (const id of this.missing) if (!ids.has(id)) this.missing.delete(id);
  }

  private async follow(directory: WatchedDirectory, changes: WatchListChanges): Promise<void> {
    const { watcher, events } = this.deps;
    const present = (await fs.stat(directory.path).catch(() => null))?.isDirectory() ?? false;
    if (!present) {
      await watcher?.unwatch(directory.id);
      if (this.missing.has(directory.id)) return;
      this.missing.add(directory.id);
      changes.missing.push(directory.path);
      events.emit('notify', { kind: 'error', ...watchedFolderMissing(directory.path) });
      return;
    }
    const wasMissing = this.missing.delete(directory.id);
    if (!watcher) {
      if (wasMissing) this.deps.requestScan(directory.id);
      return;
    }
    if (await watcher.watchesCurrent(directory)) return;
    // Not watched (back, made again, or listed by another process), or watched by a handle on a folder since removed.
    await watcher.unwatch(directory.id);
    if (!(await this.deps.watch(directory))) return;
    this.deps.requestScan(directory.id);
    changes.rewatched.push(directory.path);
  }
}

/**
 * Live watching of the watched folders with @parcel/watcher (one native subscription per folder: FSEvents on
 * macOS, one handle on Windows, inotify per folder on Linux; chosen over chokidar by `bench:watch`). Changes
 * are debounced 5 s per folder (spec section 9), then reported and turned into a rescan of that folder.
 */
import type { Stats } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import watcher, { type AsyncSubscription, type Event } from '@parcel/watcher';
import { WATCH_DEBOUNCE_MS } from '../../common/constants';
import type { WatchedDirectory } from '../../common/projects/library';
import { isScannablePath } from '../../common/projects/scan-paths';

/** A folder written to without pause (an autosave every second) is still reported this often. */
const WATCH_MAX_WAIT_MS = 30_000;

export interface FolderChanges {
  directory: WatchedDirectory;
  paths: string[];
}

interface Watch {
  subscription: AsyncSubscription;
  /**
   * The folder as it was when the watch began (device, inode, birth time): a folder removed and made again under the
   * same path is another one, which this watch no longer sees.
   */
  identity: string;
  /** The watch reported the folder itself deleted. */
  rootGone: boolean;
  pending: Set<string>;
  timer: NodeJS.Timeout | null;
  firstPendingAt: number;
}

export class FolderWatcher {
  private readonly watches = new Map<string, Watch>();

  /** `debounceMs` default: 5000 (the spec's). */
  constructor(
    private readonly onChanges: (changes: FolderChanges) => void,
    private readonly debounceMs = WATCH_DEBOUNCE_MS,
  ) {}

  async watch(directory: WatchedDirectory): Promise<void> {
    if (this.watches.has(directory.id)) return;
    const identity = identityOf(await fs.stat(directory.path));
    const subscription = await watcher.subscribe(directory.path, (error, events) => {
      if (error) {
        console.error(`[watcher] ${directory.path}:`, error.message);
        return;
      }
      this.collect(directory, events);
    });
    this.watches.set(directory.id, { subscription, identity, rootGone: false, pending: new Set(), timer: null, firstPendingAt: 0 });
  }

  /** The folders watched now, by id. */
  watchedIds(): string[] {
    return [...this.watches.keys()];
  }

  /** Whether the folder is watched, by a watch of the folder there now (not one removed and made again since). */
  async watchesCurrent(directory: WatchedDirectory): Promise<boolean> {
    const watch = this.watches.get(directory.id);
    if (!watch) return false;
    if (watch.rootGone) return false;
    const stats = await fs.stat(directory.path).catch(() => null);
    return stats !== null && identityOf(stats) === watch.identity;
  }

  async unwatch(directoryId: string): Promise<void> {
    const watch = this.watches.get(directoryId);
    if (!watch) return;
    this.watches.delete(directoryId);
    if (watch.timer) clearTimeout(watch.timer);
    // A folder removed behind the app's back may have taken the native handle with it: the watch is gone either way.
    await watch.subscription.unsubscribe().catch((error: unknown) => console.error(`[watcher] closing ${directoryId}:`, error instanceof Error ? error.message : error));
  }

  async close(): Promise<void> {
    await Promise.all([...this.watches.keys()].map((id) => this.unwatch(id)));
  }

  private collect(directory: WatchedDirectory, events: Event[]): void {
    const watch = this.watches.get(directory.id);
    if (!watch) return;
    if (events.some((event) => event.type === 'delete' && event.path === directory.path)) watch.rootGone = true;
    const relevant = events.filter((event) => isScannablePath(path.relative(directory.path, event.path).split(path.sep)));
    if (relevant.length === 0) return;
    const now = Date.now();
    if (watch.pending.size === 0) watch.firstPendingAt = now;
    for (const event of relevant) watch.pending.add(event.path);
    if (watch.timer) clearTimeout(watch.timer);
    const wait = Math.min(this.debounceMs, Math.max(0, watch.firstPendingAt + WATCH_MAX_WAIT_MS - now));
    watch.timer = setTimeout(() => this.report(directory, watch), wait);
  }

  private report(directory: WatchedDirectory, watch: Watch): void {
    watch.timer = null;
    const paths = [...watch.pending];
    watch.pending.clear();
    this.onChanges({ directory, paths });
  }
}

function identityOf(stats: Stats): string {
  return `${stats.dev}:${stats.ino}:${stats.birthtimeMs}`;
}

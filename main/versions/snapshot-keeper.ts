/**
 * Songshelf's snapshots as one library-wide store (issue 28; DESIGN.md, trust rules: a disk-wide snapshot budget
 * with a free-space floor). Every snapshot is taken here:
 *
 * - never while the data folder's disk has less free space than the floor (2 GB) once it is written: the user is
 *   told once (a `notify` event) and the pause is remembered; taking snapshots resumes by itself when there is room;
 * - within the user's budget: a song's own (`snapshots.ts`), then the library's total, the oldest across every song
 *   thinned first (`snapshot-thinning.ts`).
 *
 * The total is listed from the disk once and then kept up to date by each snapshot's own song folder, so a save does
 * not list every song's snapshots again.
 */
import fs from 'node:fs/promises';
import { MESSAGES } from '../../common/messages';
import { SNAPSHOT_FREE_SPACE_FLOOR_BYTES, type SnapshotBudget, type SnapshotThinning, type SnapshotUsage } from '../../common/projects/project-versions';
import type { Db } from '../../db/handle';
import { getKv, setKv } from '../../db/repositories/account';
import { getSnapshotBudget, setSnapshotBudget } from '../../db/repositories/snapshot-budget';
import type { EventBus } from '../events';
import { planThinning, thinningSize } from './snapshot-thinning';
import { listLibrarySnapshots, listSnapshots, snapshotSession, songFolder } from './snapshots';

const MEGABYTE = 1024 * 1024;
const KV_PAUSED_FOR_SPACE = 'snapshots.paused-for-space';

/** Free bytes for an unprivileged user on the disk that holds `folder`. */
export type FreeSpaceReader = (folder: string) => Promise<number>;

export const diskFreeBytes: FreeSpaceReader = async (folder) => {
  const stats = await fs.statfs(folder);
  return stats.bavail * stats.bsize;
};

export interface SnapshotKeeperOptions {
  /** Default: `diskFreeBytes` (fs.statfs). */
  freeBytes?: FreeSpaceReader;
  /** Default: `SNAPSHOT_FREE_SPACE_FLOOR_BYTES`, 2 GB. */
  freeSpaceFloorBytes?: number;
}

export class SnapshotKeeper {
  /** Every song's snapshots together, once listed; null until then, or after something removed many at once. */
  private totalBytes: number | null = null;
  private readonly freeBytes: FreeSpaceReader;
  private readonly floorBytes: number;

  constructor(
    private readonly db: Db,
    private readonly dataDir: string,
    private readonly events: EventBus,
    options: SnapshotKeeperOptions = {},
  ) {
    this.freeBytes = options.freeBytes ?? diskFreeBytes;
    this.floorBytes = options.freeSpaceFloorBytes ?? SNAPSHOT_FREE_SPACE_FLOOR_BYTES;
  }

  /** Keeps a copy of the session as saved now, within the budget and the free-space floor; its path, or null. */
  async take(songId: string, sessionPath: string): Promise<string | null> {
    const size = (await fs.stat(sessionPath)).size;
    if (!(await this.hasRoomFor(size))) return null;
    const budget = getSnapshotBudget(this.db);
    const before = await this.songBytes(songId);
    const kept = await snapshotSession(this.dataDir, songId, sessionPath, budget);
    if (!kept) return null;
    const total = this.totalBytes === null ? await this.listTotal() : this.totalBytes + (await this.songBytes(songId)) - before;
    this.totalBytes = total;
    if (total > budget.totalMegabytes * MEGABYTE) await this.thinTo(budget);
    return kept;
  }

  /** What the snapshots take now, and whether taking them is paused for space. */
  async usage(): Promise<SnapshotUsage> {
    const all = await listLibrarySnapshots(this.dataDir);
    const bytes = all.reduce((sum, snapshot) => sum + snapshot.sizeBytes, 0);
    this.totalBytes = bytes;
    return { bytes, snapshots: all.length, songs: new Set(all.map((snapshot) => snapshot.songId)).size, pausedForSpace: this.paused() };
  }

  /** What `budget` would remove now; nothing is removed. */
  async preview(budget: SnapshotBudget): Promise<SnapshotThinning> {
    return thinningSize(planThinning(await listLibrarySnapshots(this.dataDir), budget));
  }

  /** Keeps the user's budget and removes at once what it leaves out (the page asked with `preview` first). */
  async setBudget(budget: SnapshotBudget): Promise<SnapshotBudget> {
    setSnapshotBudget(this.db, budget);
    await this.thinTo(budget);
    return budget;
  }

  /** The total must be listed again (a sweep or a merge moved or removed folders). */
  forgetTotal(): void {
    this.totalBytes = null;
  }

  private async thinTo(budget: SnapshotBudget): Promise<void> {
    const removed = planThinning(await listLibrarySnapshots(this.dataDir), budget);
    for (const snapshot of removed) await fs.rm(snapshot.path, { force: true });
    this.totalBytes = null;
  }

  private async listTotal(): Promise<number> {
    return (await listLibrarySnapshots(this.dataDir)).reduce((sum, snapshot) => sum + snapshot.sizeBytes, 0);
  }

  private async songBytes(songId: string): Promise<number> {
    return (await listSnapshots(songFolder(this.dataDir, songId))).reduce((sum, snapshot) => sum + snapshot.sizeBytes, 0);
  }

  /**
   * Whether a snapshot of `size` bytes leaves the floor free. Crossing the floor tells the user once, and is
   * remembered (across restarts) until there is room again. A disk that cannot say how full it is does not stop
   * snapshots: the write itself would fail on a full disk, and lose nothing.
   */
  private async hasRoomFor(size: number): Promise<boolean> {
    const free = await this.freeBytes(this.dataDir).catch((error: unknown) => {
      console.warn('[library] cannot read the free space for snapshots:', error instanceof Error ? error.message : error);
      return null;
    });
    if (free === null) return true;
    const room = free - size >= this.floorBytes;
    if (!room && !this.paused()) {
      setKv(this.db, KV_PAUSED_FOR_SPACE, true);
      console.warn(`[library] snapshots paused: ${Math.round(free / MEGABYTE)} MB free, under the ${Math.round(this.floorBytes / MEGABYTE)} MB floor`);
      this.events.emit('notify', { kind: 'info', title: MESSAGES.snapshotsPausedTitle, body: MESSAGES.snapshotsPausedBody });
    } else if (room && this.paused()) {
      setKv(this.db, KV_PAUSED_FOR_SPACE, false);
      console.info('[library] snapshots resumed: the disk has room again');
    }
    return room;
  }

  private paused(): boolean {
    return getKv<unknown>(this.db, KV_PAUSED_FOR_SPACE, false) === true;
  }
}

/**
 * The library engine: watched folders, their scans (on request, on change, every 5 minutes), and the reads
 * behind them, all as durable jobs. The core creates one; the bridge handlers and the CLI call it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { MIN_SCAN_GAP_MS, RESCAN_INTERVAL_MS, WATCH_LIST_REFRESH_DESKTOP_MS } from '../../common/constants';
import type { FolderPlaces } from '../../common/projects/folder-rules';
import type { ScanPayload } from '../../common/bridge/job-payloads';
import type { WatchedDirectory } from '../../common/projects/library';
import type { View } from '../../common/views/view';
import type { SongTimeline } from '../../common/projects/project-versions';
import type { Song } from '../../common/songs/song';
import type { Db } from '../../db/handle';
import { effectiveTier } from '../../db/repositories/account';
import { getDirectory, listDirectories } from '../../db/repositories/directories';
import { clearStaleProcessingFlags, projectPathsOfDirectory } from '../../db/repositories/scanned-songs';
import { isDiskFull } from '../disk/disk-full';
import type { EventBus } from '../events';
import type { WorkerPool } from '../jobs/pool';
import { enqueue, updateQueuedPayload } from '../jobs/queue';
import type { JobRunner, TaskHandlers } from '../jobs/runner';
import { runAudioAnalyses } from '../analysis/analysis-jobs';
import { ANALYSIS_SWEEP_DELAY_MS, ANALYSIS_SWEEP_EVERY_MS, sweepAnalysisCache } from '../analysis/analysis-cache';
import { runAudioReads, runProjectReads } from '../scan/read-jobs';
import { runScan } from '../scan/scan-job';
import { resolveAudioFile } from '../security/audio-file';
import { libraryRoots } from '../security/library-roots';
import { resolveWatchableFolder } from '../security/watchable-folder';
import { addWatchedFolder, removeWatchedFolder } from './watched-folders';
import { WatchList, type WatchListChanges } from './watch-list';
import { scopesFor } from '../scan/scan-scope';
import { songTimeline } from '../versions/song-timeline';
import { SnapshotKeeper, type SnapshotKeeperOptions } from '../versions/snapshot-keeper';
import { sweepSnapshots, type SnapshotSweep } from '../versions/snapshot-sweep';
import { FolderWatcher, type FolderChanges } from '../scan/watcher';

/** How often stale processing flags (older than 2 minutes) are looked for. */
const FLAG_SWEEP_MS = 60_000;

export interface LibraryOptions {
  /** Watch folders for changes. Default: true. */
  watch?: boolean;
  /** Rescan every folder every 5 minutes. Default: true. */
  periodicRescan?: boolean;
  /** Read the watch list again every 5 minutes (`watch-list.ts`). Default: true. */
  refreshWatchList?: boolean;
  /** Default: the spec's 5 s. */
  watchDebounceMs?: number;
  /** Shortest time between two scans of one folder. Default: the spec's 5 s. */
  minScanGapMs?: number;
  /** Analyse the songs' audio after a scan (issue 18). Default: true; the scan's benchmark measures reads alone. */
  analyseAudio?: boolean;
  /** How the snapshots' free-space floor is read (`snapshot-keeper.ts`). Default: fs.statfs, 2 GB. */
  snapshots?: SnapshotKeeperOptions;
  /** Tells the pages what was committed, now: a scan calls it after each of its commits. The core passes its notifier's. */
  tellChanges?: () => void;
}

export class Library {
  private runner: JobRunner | null = null;
  private readonly watcher: FolderWatcher;
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly watchList: WatchList;
  private watchListRead: Promise<WatchListChanges> | null = null;
  /** Songshelf's snapshots of the projects' sessions: taken by the reads, budgeted for the whole library. */
  readonly snapshots: SnapshotKeeper;

  constructor(
    private readonly db: Db,
    private readonly pool: WorkerPool,
    private readonly events: EventBus,
    /** Where the home and the app's data are: never watched. */
    private readonly places: FolderPlaces,
    private readonly options: LibraryOptions = {},
  ) {
    this.snapshots = new SnapshotKeeper(db, places.dataDir, events, options.snapshots);
    this.watcher = new FolderWatcher((changes) => this.onTimer(() => this.onFolderChanges(changes)), options.watchDebounceMs);
    this.watchList = new WatchList({
      db,
      places,
      events,
      watcher: options.watch === false ? null : this.watcher,
      watch: (directory) => this.watchSafely(directory),
      requestScan: (directoryId) => this.requestScan(directoryId, true),
    });
  }

  jobHandlers(): Omit<TaskHandlers, 'sync' | 'upload'> {
    const deps = {
      db: this.db,
      pool: this.pool,
      events: this.events,
      wakeRunner: () => this.runner?.wake(),
      analyseAudio: this.options.analyseAudio !== false,
      dataDir: this.places.dataDir,
      snapshots: this.snapshots,
      ...(this.options.tellChanges ? { tellChanges: this.options.tellChanges } : {}),
    };
    const userQuiet = (signal: AbortSignal) => this.runner?.userActivity.quiet(signal) ?? Promise.resolve();
    return {
      scan: {
        label: (payload) => {
          const directory = getDirectory(this.db, payload.directoryId);
          return directory ? `Scanning ${path.basename(directory.path) || directory.path}` : 'Scanning';
        },
        run: (payload, ctx) => runScan(deps, payload, ctx),
        onFailed: (_payload, error) => this.notifyFailure('A folder scan failed', error),
      },
      'parse-project': {
        label: (payload) => `Reading projects (${payload.reads.length})`,
        run: (payload, ctx) => runProjectReads(deps, payload, ctx),
        onFailed: (_payload, error) => this.notifyFailure('Reading projects failed', error),
      },
      'read-audio': {
        label: (payload) => `Reading audio (${payload.reads.length})`,
        run: (payload, ctx) => runAudioReads(deps, payload, ctx),
        onFailed: (_payload, error) => this.notifyFailure('Reading audio failed', error),
      },
      'analyse-audio': {
        label: (payload) => `Analysing audio (${payload.reads.length})`,
        run: (payload, ctx) => runAudioAnalyses({ ...deps, userQuiet }, payload, ctx),
        onFailed: (_payload, error) => this.notifyFailure('Analysing audio failed', error),
      },
    };
  }

  /** Starts watching every folder, the 5-minute rescans and watch list reads, and the processing-flag sweep. */
  async start(runner: JobRunner): Promise<void> {
    this.runner = runner;
    if (this.options.watch !== false) {
      for (const directory of listDirectories(this.db)) await this.watchSafely(directory);
    }
    if (this.options.periodicRescan !== false) {
      this.timers.push(setInterval(() => this.onTimer(() => this.rescanAll()), RESCAN_INTERVAL_MS));
    }
    if (this.options.refreshWatchList !== false) {
      const read = () =>
        this.readWatchList().catch((error: unknown) => {
          // A full disk goes to the disk watch (`onTimer`); anything else waits for the next read, told in the log.
          if (isDiskFull(error)) throw error;
          console.error('[library] the watch list was not read again:', error instanceof Error ? error.message : error);
          return null;
        });
      this.timers.push(setInterval(() => this.onTimer(read), WATCH_LIST_REFRESH_DESKTOP_MS));
    }
    this.timers.push(setInterval(() => this.onTimer(() => this.sweepProcessingFlags()), FLAG_SWEEP_MS));
    this.sweepProcessingFlags();
    if (this.options.analyseAudio !== false) {
      const sweep = () =>
        void Promise.all([sweepAnalysisCache(this.db, this.places.dataDir), this.sweepSnapshots()]).catch((error: unknown) =>
          console.error('[library] the analysis cache and snapshots could not be tidied:', error instanceof Error ? error.message : error),
        );
      const first = setTimeout(() => {
        sweep();
        this.timers.push(setInterval(sweep, ANALYSIS_SWEEP_EVERY_MS));
      }, ANALYSIS_SWEEP_DELAY_MS);
      first.unref?.();
      this.timers.push(first);
    }
  }

  /** A timer's turn: on a full disk it is skipped (the disk watch tells the user), never thrown uncaught. */
  private onTimer(work: () => unknown): void {
    if (this.runner) this.runner.disk.guard(work);
    else void work();
  }

  /** The daily sweep's snapshot part: merged songs' snapshots to their song, those of songs gone 30 days away. */
  async sweepSnapshots(now?: number): Promise<SnapshotSweep> {
    const swept = await sweepSnapshots(this.db, this.places.dataDir, now);
    this.snapshots.forgetTotal();
    return swept;
  }

  async stop(): Promise<void> {
    // clearInterval clears a timeout too (Node's timers are one kind).
    for (const timer of this.timers.splice(0)) clearInterval(timer);
    await this.watcher.close();
  }

  /**
   * A song given its audio by hand (Add song, a dropped file, a file linked in its panel) is heard as a scan's songs
   * are: its audio read and analysed in the background (the waveform, the length, a tempo and key where the user gave
   * none). Only audio the file channels may read (`resolveAudioFile`: in a watched folder or the app's files, and
   * audio by its bytes); anything else is left as it is.
   */
  hearSongAudio(song: Song): void {
    void this.queueHearing(song).catch((error: unknown) => console.error('[library] the song’s audio is not heard:', error instanceof Error ? error.message : error));
  }

  private async queueHearing(song: Song): Promise<void> {
    const localPath = song.file?.localPath;
    if (!localPath || this.options.analyseAudio === false) return;
    const audio = await resolveAudioFile(localPath, libraryRoots(this.db, this.places.dataDir)).catch(() => null);
    if (!audio) return;
    const reads = [{ songId: song.id, path: localPath }];
    enqueue(this.db, { kind: 'read-audio', payload: { reads } });
    enqueue(this.db, { kind: 'analyse-audio', payload: { reads } });
    this.runner?.wake();
  }

  /** Writes the demo library's projects and bounces into `folder`, in the pool (main/library/demo-library.ts). */
  async writeDemo(folder: string): Promise<void> {
    await this.pool.run({ kind: 'write-demo', folder });
  }

  /** The song's project versions and its bounce among them (issue 19), read now in the pool. */
  timelineOf(song: Song): Promise<SongTimeline> {
    return songTimeline(this.db, this.places.dataDir, this.pool, song);
  }

  /** Reads the watch list again now (the timer's work): what it changed. */
  readWatchList(): Promise<WatchListChanges> {
    this.watchListRead = this.watchList.refresh();
    return this.watchListRead;
  }

  /** The last read of the watch list (the timer's, or one asked for), under way or done; null before the first. */
  lastWatchListRead(): Promise<WatchListChanges> | null {
    return this.watchListRead;
  }

  list(): WatchedDirectory[] {
    return listDirectories(this.db);
  }

  /** `watchDirectory`: adds the folder (or finds it) once it may be watched, then scans it first thing. */
  async watchDirectory(requested: string): Promise<{ directory: WatchedDirectory; view: View; jobId: number }> {
    const folder = await resolveWatchableFolder(requested, this.places);
    const { directory, view } = addWatchedFolder(this.db, folder, effectiveTier(this.db));
    if (this.options.watch !== false) await this.watchSafely(directory);
    const jobId = this.requestScan(directory.id);
    return { directory, view, jobId };
  }

  async removeDirectory(directoryId: string): Promise<WatchedDirectory> {
    await this.watcher.unwatch(directoryId);
    return removeWatchedFolder(this.db, directoryId);
  }

  /**
   * Queues a scan of the folder (or of `scopes` inside it), one queued per folder, one per 5 s. Asking again
   * while one waits widens the waiting one. A `background` scan (the watcher, the timer; default false) waits
   * behind those the user asked for. Returns the job id.
   */
  requestScan(directoryId: string, background = false, scopes: string[] | null = null): number {
    const directory = getDirectory(this.db, directoryId);
    const earliest = directory?.lastScanAt ? directory.lastScanAt + (this.options.minScanGapMs ?? MIN_SCAN_GAP_MS) : 0;
    const payload: ScanPayload = { directoryId, scopes };
    const { job, created } = enqueue(this.db, {
      kind: 'scan',
      payload,
      dedupeKey: `scan:${directoryId}`,
      background,
      runAfter: Math.max(this.db.now(), earliest),
    });
    if (!created) {
      const waiting = JSON.parse(job.payload) as ScanPayload;
      const merged = waiting.scopes && scopes ? [...new Set([...waiting.scopes, ...scopes])] : null;
      updateQueuedPayload(this.db, job.id, 'scan', { directoryId, scopes: merged });
    }
    this.runner?.wake();
    return job.id;
  }

  rescanAll(): void {
    for (const directory of listDirectories(this.db)) this.requestScan(directory.id, true);
  }

  /** Reports the changes, then scans just the folders they touched (see `scan-scope.ts`). */
  private onFolderChanges({ directory, paths }: FolderChanges): void {
    this.events.emit('fileDetected', { directoryId: directory.id, directoryPath: directory.path, paths: paths.slice(0, 100), count: paths.length });
    const isFolder = (candidate: string) => fs.statSync(candidate, { throwIfNoEntry: false })?.isDirectory() ?? false;
    const scopes = scopesFor(paths, { root: directory.path, projectPaths: projectPathsOfDirectory(this.db, directory.path), isFolder });
    if (scopes !== null && scopes.length === 0) return;
    this.requestScan(directory.id, true, scopes);
  }

  private async watchSafely(directory: WatchedDirectory): Promise<boolean> {
    try {
      await this.watcher.watch(directory);
      return true;
    } catch (error) {
      // An unmounted or unreadable folder is still rescanned every 5 minutes; the scan reports why it fails.
      console.error(`[library] cannot watch ${directory.path}:`, error instanceof Error ? error.message : error);
      return false;
    }
  }

  private sweepProcessingFlags(): void {
    clearStaleProcessingFlags(this.db);
  }

  private notifyFailure(title: string, error: string): void {
    this.events.emit('notify', { kind: 'error', title, body: error });
  }
}

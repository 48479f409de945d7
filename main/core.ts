/**
 * The app core: the database, the event bus, the router, the job runner with its worker pool, and the
 * library engine, with no transport. Electron, the browser host and the CLI each boot one.
 */
import { WEBSITE_ORIGIN } from '../common/bridge/app-links';
import path from 'node:path';
import { NO_CLOUD, type CloudStatus } from '../common/bridge/ipc';
import { DATABASE_FILE_NAME, openDatabase, type OpenedDatabase } from '../db/connection';
import { AccountService } from './account/account-service';
import { ChangeNotifier } from './change-notifier';
import { DiskFullWatch, libraryDisk, type DiskFullWatchOptions } from './disk/disk-full';
import { EventBus } from './events';
import { LocalFileStore, type LocalFileStoreOptions } from './files/local-files';
import { sweepTemporaryFiles } from './files/temp-files';
import { SessionVault, type SecretBox } from './account/session-vault';
import { acquireInstanceLock } from './instance-lock';
import type { CoreContext, Platform } from './ipc/handler';
import { handlers, shellHandlers } from './ipc/handlers';
import { createRouter, type Router } from './ipc/router';
import { createWorkerPool, type WorkerPool } from './jobs/pool';
import { JobRunner, type JobRunnerOptions } from './jobs/runner';
import { Library, type LibraryOptions } from './library/library';
import { AudioCompressor, type CompressorOptions } from './media/compression';
import { InstalledPlugins, type InstalledPluginsOptions } from './plugins/installed-plugins';
import { StudioNudges } from './studio/nudges';
import { SessionRegrouper } from './studio/session-regroup';
import { CommentPoller } from './sharing/comment-poller';
import { ExpiredVersionSweep, SharedVersions } from './sharing/shared-versions';
import { folderPlaces } from './security/watchable-folder';
import { SyncService, type SyncOptions } from './sync/sync-service';
import { AudioUploader, type AudioUploaderOptions } from './uploads/audio-uploader';
import { UploadQueue, type UploadQueueOptions } from './uploads/upload-queue';

export { WORKER_BUNDLE } from './jobs/pool';

export interface CoreOptions {
  dataDir: string;
  migrationsFolder: string;
  /** The bundled worker entry for the pool. */
  workerFile: string;
  platform: Platform;
  /** Default: `Date.now`. */
  now?: () => number;
  /** Default: cores - 1, at least 1. */
  workerThreads?: number;
  library?: LibraryOptions;
  jobs?: JobRunnerOptions;
  localFiles?: LocalFileStoreOptions;
  /** The cloud, from the shell (host or Electron main). Default: none. */
  cloud?: () => CloudStatus;
  compression?: CompressorOptions;
  sync?: SyncOptions;
  uploads?: UploadQueueOptions & AudioUploaderOptions;
  /** The shell's encryption for the desktop session (Electron's safeStorage). Default: none, the page keeps it. */
  secretBox?: SecretBox;
  /** How a full disk is watched (`disk/disk-full.ts`). */
  disk?: DiskFullWatchOptions;
  /** Where this computer's plug-ins are looked for (`plugins/installed-plugins.ts`). */
  plugins?: InstalledPluginsOptions;
  /**
   * Default false: the core serves only the page's channels. True for what drives the core from outside (tests,
   * benchmarks), which also get `DRIVER_CHANNELS` (`sync:session`: a session signed in elsewhere). No shell sets it.
   */
  driverChannels?: boolean;
  /** The website a shared link opens (default the public one; the host takes `SONGSHELF_WEBSITE_URL`). */
  websiteOrigin?: string;
}

export interface Core {
  router: Router;
  events: EventBus;
  db: OpenedDatabase;
  library: Library;
  runner: JobRunner;
  compressor: AudioCompressor;
  uploads: UploadQueue;
  sync: SyncService;
  account: AccountService;
  disk: DiskFullWatch;
  plugins: InstalledPlugins;
  sessions: SessionRegrouper;
  comments: CommentPoller;
  versionSweep: ExpiredVersionSweep;
  dataDir: string;
  /** Starts the job runner, the watchers and the timers. */
  start(): Promise<void>;
  close(): Promise<void>;
}

export function createCore(options: CoreOptions): Core {
  const lock = acquireInstanceLock(options.dataDir);
  const db = openDatabase(path.join(options.dataDir, DATABASE_FILE_NAME), {
    migrationsFolder: options.migrationsFolder,
    ...(options.now ? { now: options.now } : {}),
  });
  const events = new EventBus();
  const disk = new DiskFullWatch(libraryDisk(db), events, options.disk);
  const changes = new ChangeNotifier(db.changes, events);
  const stopNotifying = changes.follow();
  const pool: WorkerPool = createWorkerPool({
    workerFile: options.workerFile,
    ...(options.workerThreads ? { threads: options.workerThreads } : {}),
  });
  const places = folderPlaces(options.dataDir);
  const library = new Library(db, pool, events, places, { ...options.library, tellChanges: () => changes.flush() });
  const cloud = options.cloud ?? (() => NO_CLOUD);
  const sessionVault = new SessionVault(options.dataDir, options.secretBox ?? null);
  const account = new AccountService(db, events, cloud, sessionVault, options.sync);
  const sync = new SyncService(db, events, account, places, options.sync);
  const compressor = new AudioCompressor(pool, options.dataDir, options.compression);
  const uploader = new AudioUploader(db, account, compressor, options.dataDir, options.uploads);
  const uploads = new UploadQueue(db, uploader, account, events, options.uploads);
  const runner = new JobRunner(db, { ...library.jobHandlers(), sync: sync.scheduler.jobHandler(), upload: uploads.jobHandler() }, events, { ...options.jobs, disk });
  const localFiles = new LocalFileStore(options.dataDir, options.localFiles);
  const plugins = new InstalledPlugins(db, pool, options.plugins);
  const nudges = new StudioNudges(db, events);
  const sessions = new SessionRegrouper(db, options.dataDir);
  const comments = new CommentPoller(db, account, events);
  const versionSweep = new ExpiredVersionSweep(account, uploader);
  const ctx: CoreContext = {
    db,
    events,
    platform: options.platform,
    dataDir: options.dataDir,
    library,
    runner,
    localFiles,
    compressor,
    uploader,
    sync,
    account,
    cloud,
    disk,
    sessions,
    websiteOrigin: options.websiteOrigin ?? WEBSITE_ORIGIN,
    comments,
    sharedVersions: new SharedVersions(db, options.dataDir, pool, uploader),
  };
  let closed = false;
  return {
    router: createRouter(options.driverChannels ? handlers : shellHandlers(), ctx),
    events,
    db,
    library,
    runner,
    compressor,
    uploads,
    sync,
    account,
    disk,
    plugins,
    sessions,
    comments,
    versionSweep,
    dataDir: options.dataDir,
    async start() {
      await localFiles.removeLeftovers();
      // What a crash left half written; a failed sweep only leaves them for the next start.
      await sweepTemporaryFiles(options.dataDir).catch((error: unknown) => console.error('[files] temporary files not swept:', error instanceof Error ? error.message : error));
      // The lock proves no other process runs these jobs: any left `running` were orphaned.
      runner.start({ orphanedRunningJobs: true });
      await library.start(runner);
      sync.start(runner);
      uploads.start(runner);
      account.start();
      plugins.start();
      nudges.start();
      comments.start();
      versionSweep.start();
      // A change of the session gap left half done (a quit, a crash) goes on.
      void sessions.poke().catch((error: unknown) => console.error('[studio] sessions not grouped again:', error instanceof Error ? error.message : error));
    },
    async close() {
      if (closed) return;
      closed = true;
      sync.stop();
      uploads.stop();
      account.close();
      disk.stop();
      nudges.stop();
      comments.stop();
      versionSweep.stop();
      await sessions.stop();
      await plugins.stop();
      await library.stop();
      await runner.stop();
      changes.flush();
      stopNotifying();
      await pool.destroy();
      db.close();
      lock.release();
    },
  };
}

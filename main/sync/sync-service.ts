/**
 * Sync as the core holds it: the engine that runs a sync and the scheduler that decides when, for the account the
 * account service says is signed in. The bridge's `sync:*` channels and the job runner reach sync only through here.
 */
import { AppError } from '../../common/errors';
import type { FolderPlaces } from '../../common/projects/folder-rules';
import { MESSAGES } from '../../common/messages';
import type { SyncReport } from '../../common/cloud/sync';
import type { Db } from '../../db/handle';
import { queueEverythingForSync } from '../../db/repositories/pulled-records';
import { countSynced } from '../../db/repositories/sync-records';
import type { AccountService } from '../account/account-service';
import type { CloudSessionOptions, SignedInCloud } from '../account/cloud-session';
import type { EventBus } from '../events';
import type { JobRunner } from '../jobs/runner';
import { deleteAllCloudViews, deleteCloudSongByDataId } from './cloud-deletes';
import { SyncEngine, type SyncEngineOptions } from './sync-engine';
import { SyncError } from './sync-error';
import { SyncScheduler, type SyncSchedulerOptions } from './sync-scheduler';

export interface SyncOptions extends CloudSessionOptions, SyncEngineOptions {
  schedule?: SyncSchedulerOptions;
}

export class SyncService {
  readonly engine: SyncEngine;
  readonly scheduler: SyncScheduler;
  private readonly stopFollowing: () => void;

  constructor(
    private readonly db: Db,
    events: EventBus,
    readonly account: AccountService,
    places: FolderPlaces,
    options: SyncOptions = {},
  ) {
    this.engine = new SyncEngine(db, account, events, places, options);
    this.scheduler = new SyncScheduler(db, this.engine, events, options.schedule);
    // A new account's first sync comes 5 s after it signs in.
    this.stopFollowing = account.onSignIn(() => this.scheduler.restartPeriodic());
  }

  start(runner: JobRunner): void {
    this.scheduler.start(runner);
  }

  /** A run now, whatever the 5-second rule says (the user asked, or the upgrade). */
  async runNow(): Promise<SyncReport> {
    try {
      return await this.engine.run({ force: true });
    } catch (error) {
      if (error instanceof SyncError) throw new AppError('cloud_error', error.message, { cause: error });
      throw error;
    }
  }

  /** The upgrade's step: the whole library queued for the next push (only by the account the library syncs with). */
  queueAll(): number {
    if (!this.account.syncsThisLibrary()) throw new AppError('forbidden', MESSAGES.libraryOfOtherAccount);
    return queueEverythingForSync(this.db);
  }

  /**
   * The spec's `db:mark-synced`, as the core keeps it: the engine marks what it pushed, in the run that pushed it, so
   * a caller marks nothing (an edit marked synced before it is pushed would never reach the cloud). Answers how many
   * of the records the core has pushed.
   */
  pushedOf(ids: number[]): number {
    return countSynced(this.db, ids);
  }

  /** The spec's "delete by data id" (songs): the signed-in user's cloud rows of the song, by the id in their data. */
  deleteCloudSong(dataId: string): Promise<number> {
    return this.cloudCall((cloud) => deleteCloudSongByDataId(cloud, dataId));
  }

  /** The spec's "delete all views for a user": every view the signed-in user has in the cloud. */
  deleteCloudViews(): Promise<number> {
    return this.cloudCall(deleteAllCloudViews);
  }

  /** Only the account this library syncs with, signed in; a cloud's refusal is a `cloud_error`. */
  private async cloudCall(work: (cloud: SignedInCloud) => Promise<number>): Promise<number> {
    const cloud = this.account.libraryCloud({ claim: false });
    if (!cloud || !this.account.syncsThisLibrary()) throw new AppError('forbidden', MESSAGES.libraryOfOtherAccount);
    try {
      return await work(cloud);
    } catch (error) {
      if (error instanceof SyncError) throw new AppError('cloud_error', error.message, { cause: error });
      throw error;
    }
  }

  stop(): void {
    this.stopFollowing();
    this.scheduler.stop();
  }
}

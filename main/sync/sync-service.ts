/**
 * Sync as the core holds it: the signed-in user's cloud session, the engine that runs a sync, and the scheduler
 * that decides when. The bridge's `sync:*` channels and the job runner reach sync only through here.
 */
import { AppError } from '../../common/errors';
import type { CloudStatus } from '../../common/ipc';
import type { SyncReport, SyncSession } from '../../common/sync';
import type { Db } from '../../db/connection';
import { updateSubscription } from '../../db/repositories/account';
import { queueEverythingForSync } from '../../db/repositories/pulled-records';
import type { ChangeNotifier } from '../change-notifier';
import type { EventBus } from '../events';
import type { JobRunner } from '../jobs/runner';
import { CloudSession, type CloudSessionOptions } from './cloud-session';
import { SyncEngine, SyncError, type SyncEngineOptions } from './sync-engine';
import { SyncScheduler, type SyncSchedulerOptions } from './sync-scheduler';

export interface SyncOptions extends CloudSessionOptions, SyncEngineOptions {
  schedule?: SyncSchedulerOptions;
}

export class SyncService {
  readonly session: CloudSession;
  readonly engine: SyncEngine;
  readonly scheduler: SyncScheduler;

  constructor(
    private readonly db: Db,
    events: EventBus,
    private readonly changes: ChangeNotifier,
    cloud: () => CloudStatus,
    options: SyncOptions = {},
  ) {
    this.session = new CloudSession(() => cloud().endpoint, options);
    this.engine = new SyncEngine(db, this.session, changes, events, options);
    this.scheduler = new SyncScheduler(db, this.engine, events, options.schedule);
  }

  start(runner: JobRunner): void {
    this.scheduler.start(runner);
  }

  /**
   * The page's session. The token must be the named user's (its `sub`); the cloud checks its signature. A new
   * user's first sync comes 5 s later; on sign-out the cached tier goes back to free.
   */
  setSession(session: SyncSession | null): void {
    if (session && tokenSubject(session.accessToken) !== session.userId) {
      throw new AppError('invalid_input', 'The access token does not belong to this user.');
    }
    const previous = this.session.userId;
    this.session.set(session);
    if (!session && previous) {
      updateSubscription(this.db, { tier: 'free', status: 'active' });
      this.changes.changed('subscription');
    }
    if (session && session.userId !== previous) this.scheduler.restartPeriodic();
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

  /** The upgrade's step: the whole library queued for the next push. */
  queueAll(): number {
    const queued = queueEverythingForSync(this.db);
    this.changes.changed('sync_records');
    return queued;
  }

  stop(): void {
    this.scheduler.stop();
  }
}

/** The `sub` claim of a JWT, read without verifying (the cloud verifies); null when it is no JWT. */
function tokenSubject(token: string): string | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { sub?: unknown };
    return typeof claims.sub === 'string' ? claims.sub : null;
  } catch {
    return null;
  }
}

/**
 * When sync runs (spec section 9): after changes to push (the database's change log says when a write queued one), debounced 3 s and never within 5 s of the previous run (pro users
 * with something to push); periodically every 60 s, the first 5 s after start or sign-in. Each run is a `sync` job (one at a time, retried
 * with backoff when the network fails), so it shows in the jobs panel and survives a restart.
 *
 * "Within 5 s of the previous run" counts from when that run was queued and from when the last sync ended, since the
 * engine skips a run that comes within 5 s of the last sync's end (`SYNC_SKIP_IF_LAST_WITHIN_MS`): counted from the
 * queueing alone, a change made just after a sync woke a run that was skipped, and waited for the periodic run a
 * minute later. A run skipped as too soon all the same (one queued earlier that waited behind other jobs) wakes the
 * debounce again.
 */
import {
  AUTO_SYNC_DEBOUNCE_MS,
  AUTO_SYNC_MIN_GAP_MS,
  FIRST_PERIODIC_SYNC_MS,
  PERIODIC_SYNC_MS,
  SYNC_SKIP_IF_LAST_WITHIN_MS,
} from '../../common/constants';
import type { Db } from '../../db/handle';
import { effectiveTier, getLastSync } from '../../db/repositories/account';
import { countUnsynced } from '../../db/repositories/sync-records';
import type { EventBus } from '../events';
import { enqueue } from '../jobs/queue';
import type { JobRunner, TaskHandler } from '../jobs/runner';
import type { SyncEngine } from './sync-engine';

export interface SyncSchedulerOptions {
  debounceMs?: number;
  minGapMs?: number;
  periodicMs?: number;
  firstPeriodicMs?: number;
  /** Default true; tests drive runs themselves. */
  timers?: boolean;
}

export class SyncScheduler {
  private debounce: NodeJS.Timeout | null = null;
  private periodic: NodeJS.Timeout | null = null;
  private lastQueuedAt = 0;
  private runner: JobRunner | null = null;
  private unsubscribe: (() => void) | null = null;

  constructor(
    private readonly db: Db,
    private readonly engine: SyncEngine,
    private readonly events: EventBus,
    private readonly options: SyncSchedulerOptions = {},
  ) {}

  jobHandler(): TaskHandler<'sync'> {
    return {
      label: () => 'Syncing with the cloud',
      run: async () => {
        const report = await this.engine.run();
        // Only while following the changes (not with `timers: false`, nor once stopped).
        if (report.skipped === 'too_soon' && this.unsubscribe) this.changed();
        return report;
      },
      // Retried with backoff first; only a run that failed every attempt is worth telling the user.
      onFailed: (_payload, error) => this.events.emit('notify', { kind: 'error', title: 'Cloud sync failed', body: `${error} Songshelf tries again within a minute.` }),
    };
  }

  start(runner: JobRunner): void {
    this.runner = runner;
    if (this.options.timers === false) return;
    this.unsubscribe = this.db.changes.onPushNeeded(() => this.changed());
    this.restartPeriodic();
  }

  /** Signed in (or a new user): the first periodic run comes 5 s later, then every 60 s. */
  restartPeriodic(): void {
    if (this.options.timers === false || !this.runner) return;
    if (this.periodic) clearTimeout(this.periodic);
    const every = this.options.periodicMs ?? PERIODIC_SYNC_MS;
    const tick = (delay: number) => {
      this.periodic = setTimeout(() => {
        tick(every);
        this.runner?.disk.guard(() => this.periodicRun());
      }, delay);
      this.periodic.unref?.();
    };
    tick(this.options.firstPeriodicMs ?? FIRST_PERIODIC_SYNC_MS);
  }

  /** Something that syncs changed: run 3 s after the last change, but not within 5 s of the previous run. */
  changed(): void {
    if (this.debounce) clearTimeout(this.debounce);
    const debounceMs = this.options.debounceMs ?? AUTO_SYNC_DEBOUNCE_MS;
    const minGapMs = this.options.minGapMs ?? AUTO_SYNC_MIN_GAP_MS;
    const lastSync = getLastSync(this.db);
    // The engine's rule is strict (< 5 s skips): one millisecond past it.
    const afterLastSync = lastSync === null ? 0 : lastSync + SYNC_SKIP_IF_LAST_WITHIN_MS + 1 - this.db.now();
    const wait = Math.max(debounceMs, this.lastQueuedAt + minGapMs - Date.now(), afterLastSync);
    this.debounce = setTimeout(() => {
      this.debounce = null;
      // A pull's own writes also announce changes; with nothing to push there is nothing to run for.
      const queueIfDue = () => {
        if (this.engine.status().signedIn && effectiveTier(this.db) === 'pro' && countUnsynced(this.db) > 0) this.queue();
      };
      if (this.runner) this.runner.disk.guard(queueIfDue);
      else queueIfDue();
    }, wait);
    this.debounce.unref?.();
  }

  /**
   * A pro user's periodic sync is a job; a free user's is only a look at the tier (no job in the panel every
   * minute), which becomes a sync as soon as it finds pro.
   */
  private async periodicRun(): Promise<void> {
    if (!this.engine.status().signedIn) return;
    if (effectiveTier(this.db) !== 'pro' && (await this.engine.refreshTier()) !== 'pro') return;
    this.queue();
  }

  /** Queues a run (one waits at most); returns its job id, or null when nobody is signed in. */
  queue(): number | null {
    if (!this.runner || !this.engine.status().signedIn) return null;
    this.lastQueuedAt = Date.now();
    const { job } = enqueue(this.db, { kind: 'sync', payload: {}, dedupeKey: 'sync' });
    this.runner.wake();
    return job.id;
  }

  stop(): void {
    if (this.debounce) clearTimeout(this.debounce);
    if (this.periodic) clearTimeout(this.periodic);
    this.unsubscribe?.();
    this.unsubscribe = null;
  }
}

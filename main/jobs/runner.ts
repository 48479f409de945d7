/**
 * Runs the queue: claims the most urgent runnable jobs while each kind is under its cap (`tasks.ts`), parses
 * each payload with its kind's schema, runs their handlers with a heartbeat and an abort signal, records the
 * outcome, and tells the renderer (`jobs:changed`). A payload that does not parse, or a `PermanentJobError`
 * from the handler, fails the job at once; any other error is retried with backoff until attempts run out.
 *
 * A full disk is nobody's failure: the runner pauses (nothing is claimed), a job that met it goes back to the queue
 * with its attempt given back, an outcome that could not be written is kept and written when space returns
 * (`disk/disk-full.ts`), and then the runner carries on by itself.
 *
 * Over 300 lines: claiming, running, heartbeats and outcomes share the runner's one state of what runs.
 */
import { JOB_KINDS, type JobKind, type JobSummary } from '../../common/bridge/jobs';
import type { Db } from '../../db/handle';
import { DiskFullWatch, libraryDisk } from '../disk/disk-full';
import type { EventBus } from '../events';
import type { BackoffOptions } from './backoff';
import { PermanentJobError } from './permanent-error';
import * as queue from './queue';
import type { JobRow } from './queue';
import { parsePayload, TASKS, type JobContext, type TaskHandlers } from './tasks';
import { UserActivity } from './user-activity';

export type { JobContext, TaskHandler, TaskHandlers } from './tasks';

/**
 * A handler seen by the runner, which gives it only payloads its kind's schema accepted (`parsePayload`): the
 * one place where the per-kind payload types meet the kinds stored as text.
 */
interface ClaimedHandler {
  label(payload: unknown): string;
  run(payload: unknown, ctx: JobContext): Promise<unknown>;
  onFailed?(payload: unknown, error: string): void;
}

export interface JobRunnerOptions {
  /** How often a running job proves it is alive. Default: 5 s. */
  heartbeatMs?: number;
  /** A running job whose heartbeat is older than this at start was left by a crash. Default: 30 s. */
  staleMs?: number;
  /** Default: 1 s base, 5 min cap. */
  backoff?: BackoffOptions;
  /** Longest wait between progress events of one job. Default: 250 ms. */
  progressIntervalMs?: number;
  /** Who knows the disk is full (the core's one watch). Default: a watch of the runner's own. */
  disk?: DiskFullWatch;
}

const KEEP_FINISHED_MS = 24 * 60 * 60 * 1000;
const PRUNE_EVERY_MS = 60 * 60 * 1000;

export class JobRunner {
  /** When the user last worked in a window: work that can wait for a pause asks it (`user-activity.ts`). */
  readonly userActivity = new UserActivity();
  private readonly running = new Map<number, AbortController>();
  private readonly runningByKind = new Map<JobKind, number>();
  private readonly idleWaiters: (() => void)[] = [];
  private timer: NodeJS.Timeout | null = null;
  private pruneTimer: NodeJS.Timeout | null = null;
  private stopped = true;
  /** The disk is full: nothing is claimed until it has space again. */
  private paused = false;
  /** Writes of outcomes that met a full disk, in order, written when it has space again. */
  private readonly unrecorded: (() => void)[] = [];
  /** Who knows the disk is full: timers that write run their turn through `disk.guard`. */
  readonly disk: DiskFullWatch;
  private readonly heartbeatMs: number;
  private readonly staleMs: number;
  private readonly progressIntervalMs: number;

  constructor(
    private readonly db: Db,
    private readonly handlers: TaskHandlers,
    private readonly events: EventBus,
    private readonly options: JobRunnerOptions = {},
  ) {
    this.heartbeatMs = options.heartbeatMs ?? 5000;
    this.staleMs = options.staleMs ?? 30_000;
    this.progressIntervalMs = options.progressIntervalMs ?? 250;
    this.disk = options.disk ?? new DiskFullWatch(libraryDisk(db), events);
    this.disk.onResume(() => this.resume());
  }

  /**
   * Picks up jobs a crash left running, then starts working. With `orphanedRunningJobs` (the caller holds
   * the library's instance lock), every running job is known to be orphaned and runs again at once; without
   * it, only those whose heartbeat is stale. One that was on its last attempt fails instead, and says so.
   */
  start(options: { orphanedRunningJobs?: boolean } = {}): void {
    this.stopped = false;
    this.record(() => {
      const { retired } = queue.recoverStale(this.db, options.orphanedRunningJobs ? -1 : this.staleMs);
      for (const job of [...retired, ...queue.retireExhausted(this.db)]) this.reportRetired(job);
    });
    this.prune();
    this.pruneTimer = setInterval(() => this.prune(), PRUNE_EVERY_MS);
    this.pruneTimer.unref?.();
    this.wake();
  }

  private reportRetired(job: JobRow): void {
    const parsed = parsePayload(job.kind as JobKind, job.payload);
    this.handlerOf(job.kind as JobKind).onFailed?.(parsed.ok ? parsed.payload : null, job.lastError ?? 'Retired.');
    this.announce(job.id);
  }

  private handlerOf(kind: JobKind): ClaimedHandler {
    return this.handlers[kind] as ClaimedHandler;
  }

  /** Finished jobs are kept a day (the jobs panel shows recent work), then forgotten. */
  private prune(): void {
    this.whileDiskAllows(() => {
      const removed = queue.pruneFinished(this.db, this.db.now() - KEEP_FINISHED_MS);
      if (removed > 0) this.events.emit('jobs:changed', { jobs: [] });
    });
  }

  /** Stops claiming, aborts running handlers and waits for them to settle. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.pruneTimer) clearInterval(this.pruneTimer);
    if (this.timer) clearTimeout(this.timer);
    for (const controller of this.running.values()) controller.abort();
    while (this.running.size > 0) await new Promise((resolve) => setTimeout(resolve, 10));
  }

  /** Looks for work now (after an enqueue, a retry, a finished job). */
  wake(): void {
    if (this.stopped || this.paused) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.tick(), 0);
  }

  cancel(id: number): boolean {
    const cancelled = queue.cancel(this.db, id);
    this.running.get(id)?.abort();
    if (cancelled) this.announce(id);
    return cancelled;
  }

  retry(id: number): boolean {
    const retried = queue.retry(this.db, id);
    if (retried) {
      this.announce(id);
      this.wake();
    }
    return retried;
  }

  /** Resolves when no job is queued or running (for the CLI and tests). */
  whenIdle(): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  summary(row: JobRow): JobSummary {
    const kind = row.kind as JobKind;
    const parsed = parsePayload(kind, row.payload);
    return {
      id: row.id,
      kind,
      state: row.state as JobSummary['state'],
      label: parsed.ok ? this.handlerOf(kind).label(parsed.payload) : row.kind,
      progress: row.progress,
      attempts: row.attempts,
      maxAttempts: row.maxAttempts,
      lastError: row.lastError,
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
    };
  }

  private tick(): void {
    this.timer = null;
    if (this.stopped || this.paused) return;
    try {
      for (;;) {
        const job = queue.claimNext(this.db, this.kindsWithCapacity());
        if (!job) break;
        const parsed = parsePayload(job.kind as JobKind, job.payload);
        if (parsed.ok) this.launch(job, parsed.payload);
        else this.failForGood(job, null, parsed.error);
      }
      this.scheduleNextWake();
      this.resolveIdleWaiters();
    } catch (error) {
      if (!this.pauseIfDiskFull(error)) throw error;
    }
  }

  /** True when the error was a full disk: the runner pauses until the disk watch says it has space again. */
  private pauseIfDiskFull(error: unknown): boolean {
    if (!this.disk.report(error)) return false;
    this.paused = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    return true;
  }

  /** Bookkeeping that may wait (a heartbeat, a prune): on a full disk it is skipped and the runner pauses. */
  private whileDiskAllows(write: () => void): void {
    try {
      write();
    } catch (error) {
      if (!this.pauseIfDiskFull(error)) throw error;
    }
  }

  /** An outcome that must be written: on a full disk it is kept, in order, and written when space returns. */
  private record(write: () => void): void {
    if (this.unrecorded.length > 0) {
      this.unrecorded.push(write);
      return;
    }
    try {
      write();
    } catch (error) {
      if (!this.pauseIfDiskFull(error)) throw error;
      this.unrecorded.push(write);
    }
  }

  /** The disk has space again: the outcomes kept meanwhile are written, then work goes on. */
  private resume(): void {
    this.paused = false;
    while (this.unrecorded.length > 0) {
      try {
        this.unrecorded[0]!();
      } catch (error) {
        if (this.pauseIfDiskFull(error)) return;
        console.error('[jobs] a kept outcome could not be written', error);
      }
      this.unrecorded.shift();
    }
    this.wake();
  }

  private kindsWithCapacity(): JobKind[] {
    return JOB_KINDS.filter((kind) => (this.runningByKind.get(kind) ?? 0) < TASKS[kind].concurrency);
  }

  /** A payload its kind's schema rejects: retrying cannot help, so the job fails at claim, its handler never run. */
  private failForGood(job: JobRow, payload: unknown, error: string): void {
    if (queue.failForGood(this.db, job.id, error)) this.handlerOf(job.kind as JobKind).onFailed?.(payload, error);
    this.announce(job.id);
  }

  private launch(job: JobRow, payload: unknown): void {
    const kind = job.kind as JobKind;
    const handler = this.handlerOf(kind);
    const controller = new AbortController();
    this.running.set(job.id, controller);
    this.runningByKind.set(kind, (this.runningByKind.get(kind) ?? 0) + 1);
    this.announce(job.id);

    let lastProgressAt = 0;
    const heartbeat = setInterval(() => this.whileDiskAllows(() => queue.heartbeat(this.db, job.id)), this.heartbeatMs);
    const ctx: JobContext = {
      jobId: job.id,
      signal: controller.signal,
      progress: (fraction) => {
        const now = Date.now();
        if (now - lastProgressAt < this.progressIntervalMs && fraction < 1) return;
        lastProgressAt = now;
        this.whileDiskAllows(() => queue.heartbeat(this.db, job.id, fraction));
        this.announce(job.id);
      },
    };

    handler
      .run(payload, ctx)
      .then(
        (result) => this.record(() => queue.complete(this.db, job.id, result)),
        (error: unknown) => {
          if (this.pauseIfDiskFull(error)) {
            this.record(() => queue.release(this.db, job.id));
            return;
          }
          // Another disk full (a project drive) is an I/O error like any other, told with its file.
          const failure = this.disk.otherDiskFull(error) ?? error;
          const message = failure instanceof Error ? failure.message : String(failure);
          if (error instanceof PermanentJobError) {
            this.record(() => {
              if (queue.failForGood(this.db, job.id, message)) handler.onFailed?.(payload, message);
            });
            return;
          }
          this.record(() => {
            const state = queue.fail(this.db, job.id, message, this.options.backoff);
            if (state === 'failed') handler.onFailed?.(payload, message);
          });
        },
      )
      .finally(() => {
        clearInterval(heartbeat);
        this.running.delete(job.id);
        this.runningByKind.set(kind, (this.runningByKind.get(kind) ?? 1) - 1);
        this.announce(job.id);
        this.wake();
      });
  }

  private scheduleNextWake(): void {
    const at = queue.nextRunAt(this.db, this.kindsWithCapacity());
    if (at === null) return;
    const delay = Math.max(0, at - this.db.now());
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.tick(), Math.min(delay, 60_000));
  }

  private isIdle(): boolean {
    return this.running.size === 0 && queue.countLive(this.db) === 0;
  }

  private resolveIdleWaiters(): void {
    if (this.idleWaiters.length === 0 || !this.isIdle()) return;
    for (const resolve of this.idleWaiters.splice(0)) resolve();
  }

  private announce(id: number): void {
    const row = queue.getJob(this.db, id);
    if (row) this.events.emit('jobs:changed', { jobs: [this.summary(row)] });
  }
}

/**
 * The durable job queue in the `jobs` table. Each operation is one small function over the database, and
 * every state change is one transaction: a crash at any point leaves each job queued, running (picked up
 * again at start when its heartbeat is stale, or retired if that was its last attempt), or finished.
 *
 * Over 300 lines: every state change of a job, one transaction each, over the same table.
 */
import { and, asc, desc, eq, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import type { JobPayload } from '../../common/bridge/job-payloads';
import { JOB_KINDS, type JobKind, type JobState } from '../../common/bridge/jobs';
import { inTransaction, type Db } from '../../db/handle';
import { insertRows } from '../../db/prepared-writes';
import { jobs } from '../../db/schema';
import { retryDelayMs, type BackoffOptions } from './backoff';
import { priorityOf, TASKS } from './tasks';

export type JobRow = typeof jobs.$inferSelect;

export interface EnqueueOptions<K extends JobKind> {
  kind: K;
  /** Checked against the kind's schema again when the job is claimed (`tasks.ts`). */
  payload: JobPayload<K>;
  /**
   * One queued job per key: enqueueing the same key again returns the queued job. The key is released when
   * the job starts, so work asked for while it runs gets a job of its own (it may need what the run missed).
   */
  dedupeKey?: string;
  /** Work the app started on its own (the watcher, timers) takes the kind's background priority. Default: false. */
  background?: boolean;
  /** Not before this time (ms). Default: now. */
  runAfter?: number;
}

/** One job to queue, of any kind. */
export type JobRequest = { [K in JobKind]: Omit<EnqueueOptions<K>, 'dedupeKey'> }[JobKind];

/** Queues a job; its priority and attempts come from its kind's task definition (`tasks.ts`). */
export function enqueue<K extends JobKind>(db: Db, options: EnqueueOptions<K>): { job: JobRow; created: boolean } {
  const priority = priorityOf(options.kind, options.background);
  return inTransaction(db, () => {
    if (options.dedupeKey) {
      const live = db.orm
        .select()
        .from(jobs)
        .where(and(eq(jobs.dedupeKey, options.dedupeKey), inArray(jobs.state, ['queued', 'running'])))
        .get();
      if (live) {
        // Asking again for queued work can only make it more urgent.
        const raised = Math.max(live.priority, priority);
        if (raised !== live.priority && live.state === 'queued') {
          db.orm.update(jobs).set({ priority: raised }).where(eq(jobs.id, live.id)).run();
        }
        return { job: { ...live, priority: raised }, created: false };
      }
    }
    const job = db.orm
      .insert(jobs)
      .values({ ...jobValues(db, options), dedupeKey: options.dedupeKey ?? null })
      .returning()
      .get();
    return { job, created: true };
  });
}

/** Queues many jobs without dedupe keys in one go (the reads behind a first scan). */
export function enqueueMany(db: Db, many: JobRequest[]): void {
  insertRows(
    db,
    jobs,
    many.map((options) => ({ ...jobValues(db, options), dedupeKey: null })),
  );
}

function jobValues<K extends JobKind>(db: Db, options: Omit<EnqueueOptions<K>, 'dedupeKey'>) {
  const now = db.now();
  return {
    kind: options.kind,
    payload: JSON.stringify(options.payload),
    priority: priorityOf(options.kind, options.background),
    maxAttempts: TASKS[options.kind].maxAttempts,
    runAfter: options.runAfter ?? now,
    createdAt: now,
    updatedAt: now,
  };
}

/**
 * Claims the most urgent runnable job of the given kinds: it becomes `running`, and the attempt counts now,
 * so a job that crashes the process still uses up its attempts. A job whose attempts are used up is never
 * claimed (`retireExhausted` fails it at start).
 */
export function claimNext(db: Db, kinds: JobKind[]): JobRow | null {
  if (kinds.length === 0) return null;
  return inTransaction(db, () => {
    const now = db.now();
    const next = db.orm
      .select()
      .from(jobs)
      .where(and(eq(jobs.state, 'queued'), inArray(jobs.kind, kinds), lte(jobs.runAfter, now), lt(jobs.attempts, jobs.maxAttempts)))
      .orderBy(desc(jobs.priority), asc(jobs.runAfter), asc(jobs.id))
      .limit(1)
      .get();
    if (!next) return null;
    return db.orm
      .update(jobs)
      .set({ state: 'running', attempts: next.attempts + 1, heartbeatAt: now, updatedAt: now, lastError: null, dedupeKey: null })
      .where(eq(jobs.id, next.id))
      .returning()
      .get();
  });
}

export function heartbeat(db: Db, id: number, progress?: number): void {
  const now = db.now();
  db.orm
    .update(jobs)
    .set({ heartbeatAt: now, updatedAt: now, ...(progress === undefined ? {} : { progress: clamp01(progress) }) })
    .where(and(eq(jobs.id, id), eq(jobs.state, 'running')))
    .run();
}

export function complete(db: Db, id: number, result: unknown): void {
  const now = db.now();
  db.orm
    .update(jobs)
    .set({ state: 'succeeded', progress: 1, result: JSON.stringify(result ?? null), updatedAt: now, heartbeatAt: now })
    .where(and(eq(jobs.id, id), eq(jobs.state, 'running')))
    .run();
}

/** A failed attempt: retried later with backoff, or kept as `failed` with its error once attempts run out. */
export function fail(db: Db, id: number, error: string, backoff?: BackoffOptions): JobState {
  return inTransaction(db, () => {
    const job = db.orm.select().from(jobs).where(eq(jobs.id, id)).get();
    if (!job || job.state !== 'running') return job ? (job.state as JobState) : 'failed';
    const now = db.now();
    const exhausted = job.attempts >= job.maxAttempts;
    const state: JobState = exhausted ? 'failed' : 'queued';
    db.orm
      .update(jobs)
      .set({
        state,
        lastError: error.slice(0, 2000),
        runAfter: exhausted ? job.runAfter : now + retryDelayMs(job.attempts, backoff),
        updatedAt: now,
      })
      .where(eq(jobs.id, id))
      .run();
    return state;
  });
}

/**
 * Fails a running job now, whatever attempts it has left: its payload cannot be read, or its handler threw a
 * `PermanentJobError`. False when it is not running (cancelled meanwhile).
 */
export function failForGood(db: Db, id: number, error: string): boolean {
  const result = db.orm
    .update(jobs)
    .set({ state: 'failed', lastError: error.slice(0, 2000), updatedAt: db.now() })
    .where(and(eq(jobs.id, id), eq(jobs.state, 'running')))
    .run();
  return result.changes > 0;
}

/**
 * Puts a running job back in the queue without spending its attempt: its run could not finish for a reason that
 * was not its own (the disk that holds the library was full), so it runs again, from the start, once it can.
 */
export function release(db: Db, id: number): boolean {
  const now = db.now();
  const result = db.orm
    .update(jobs)
    .set({ state: 'queued', attempts: sql`max(${jobs.attempts} - 1, 0)`, runAfter: now, updatedAt: now })
    .where(and(eq(jobs.id, id), eq(jobs.state, 'running')))
    .run();
  return result.changes > 0;
}

/** Replaces a queued job's payload (merging what was asked since); false once it has started. */
export function updateQueuedPayload<K extends JobKind>(db: Db, id: number, kind: K, payload: JobPayload<K>): boolean {
  const result = db.orm
    .update(jobs)
    .set({ payload: JSON.stringify(payload), updatedAt: db.now() })
    .where(and(eq(jobs.id, id), eq(jobs.kind, kind), eq(jobs.state, 'queued')))
    .run();
  return result.changes > 0;
}

/** Cancels queued or running work; a running handler sees it through its abort signal. */
export function cancel(db: Db, id: number): boolean {
  const result = db.orm
    .update(jobs)
    .set({ state: 'cancelled', updatedAt: db.now() })
    .where(and(eq(jobs.id, id), inArray(jobs.state, ['queued', 'running'])))
    .run();
  return result.changes > 0;
}

/**
 * Runs a failed or cancelled job again, with a fresh set of attempts, now. The user asked for it, so it takes its
 * kind's priority for asked-for work (`tasks.ts`), even if the app had queued it in the background. False when the
 * job is not failed or cancelled, or is of a kind this version does not run (no runner would ever claim it).
 */
export function retry(db: Db, id: number): boolean {
  return inTransaction(db, () => {
    const job = getJob(db, id);
    if (!job || !isJobKind(job.kind) || (job.state !== 'failed' && job.state !== 'cancelled')) return false;
    const now = db.now();
    db.orm
      .update(jobs)
      .set({ state: 'queued', attempts: 0, runAfter: now, updatedAt: now, priority: priorityOf(job.kind) })
      .where(eq(jobs.id, id))
      .run();
    return true;
  });
}

function isJobKind(kind: string): kind is JobKind {
  return (JOB_KINDS as readonly string[]).includes(kind);
}

/**
 * At start: jobs left `running` by a crash (heartbeat older than `staleMs`) go back to the queue, except those
 * that were on their last attempt: a job that brings the app down each time it runs would otherwise run at
 * every start, forever. Those fail with the reason, kept for the user to see and retry.
 */
export function recoverStale(db: Db, staleMs: number): { requeued: number; retired: JobRow[] } {
  return inTransaction(db, () => {
    const now = db.now();
    const orphaned = and(eq(jobs.state, 'running'), lte(jobs.heartbeatAt, now - staleMs));
    const lastAttempts = db.orm.select().from(jobs).where(and(orphaned, gte(jobs.attempts, jobs.maxAttempts))).all();
    const retired = lastAttempts.map((job) => retire(db, job, `The app stopped while this job was running, on attempt ${job.attempts} of ${job.maxAttempts}; retired.`));
    const requeued = db.orm.update(jobs).set({ state: 'queued', runAfter: now, updatedAt: now }).where(orphaned).run().changes;
    return { requeued, retired };
  });
}

/** At start: queued jobs with no attempt left (queued again by an older version after their last) fail. */
export function retireExhausted(db: Db): JobRow[] {
  return inTransaction(db, () => {
    const exhausted = db.orm.select().from(jobs).where(and(eq(jobs.state, 'queued'), gte(jobs.attempts, jobs.maxAttempts))).all();
    return exhausted.map((job) => retire(db, job, `Used all ${job.maxAttempts} attempts; retired.`));
  });
}

function retire(db: Db, job: JobRow, reason: string): JobRow {
  return db.orm.update(jobs).set({ state: 'failed', lastError: reason, updatedAt: db.now() }).where(eq(jobs.id, job.id)).returning().get() ?? job;
}

/**
 * Forgets succeeded and cancelled jobs last touched before `before`: a sync a minute and a rescan every 5 minutes
 * would otherwise leave thousands of rows a day. Failed jobs stay for the user to see and retry.
 */
export function pruneFinished(db: Db, before: number): number {
  return db.orm
    .delete(jobs)
    .where(and(inArray(jobs.state, ['succeeded', 'cancelled']), lte(jobs.updatedAt, before)))
    .run().changes;
}

export function getJob(db: Db, id: number): JobRow | null {
  return db.orm.select().from(jobs).where(eq(jobs.id, id)).get() ?? null;
}

/** Running work first, then what waits (next first), then finished work (newest first). */
export function listJobs(db: Db, options: { states?: JobState[]; limit?: number } = {}): JobRow[] {
  const query = db.orm.select().from(jobs);
  const filtered = options.states ? query.where(inArray(jobs.state, options.states)) : query;
  const rank = sql`CASE ${jobs.state} WHEN 'running' THEN 0 WHEN 'queued' THEN 1 ELSE 2 END`;
  const waitingOrder = sql`CASE WHEN ${jobs.state} = 'queued' THEN ${jobs.id} ELSE -${jobs.id} END`;
  return filtered.orderBy(rank, desc(jobs.priority), waitingOrder).limit(options.limit ?? 200).all();
}

/** When the next queued job becomes runnable, or null when nothing waits. */
export function nextRunAt(db: Db, kinds: JobKind[]): number | null {
  if (kinds.length === 0) return null;
  const row = db.orm
    .select({ at: sql<number | null>`min(${jobs.runAfter})` })
    .from(jobs)
    .where(and(eq(jobs.state, 'queued'), inArray(jobs.kind, kinds)))
    .get();
  return row?.at ?? null;
}

/** The payloads of the jobs of `kind` still to run or running (a rescan asks which reads already wait). */
export function livePayloads<K extends JobKind>(db: Db, kind: K): JobPayload<K>[] {
  return db.orm
    .select({ payload: jobs.payload })
    .from(jobs)
    .where(and(eq(jobs.kind, kind), inArray(jobs.state, ['queued', 'running'])))
    .all()
    .map((row) => JSON.parse(row.payload) as JobPayload<K>);
}

export function countLive(db: Db): number {
  const row = db.orm
    .select({ n: sql<number>`count(*)` })
    .from(jobs)
    .where(inArray(jobs.state, ['queued', 'running']))
    .get();
  return row?.n ?? 0;
}

function clamp01(value: number): number {
  return Math.min(1, Math.max(0, value));
}

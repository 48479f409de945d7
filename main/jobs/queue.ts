/**
 * The durable job queue in the `jobs` table. Each operation is one small function over the database, and
 * every state change is one transaction: a crash at any point leaves each job queued, running (picked up
 * again at start when its heartbeat is stale, or retired if that was its last attempt), or finished.
 */
import { and, asc, desc, eq, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import type { JobKind, JobState } from '../../common/jobs';
import { inTransaction, type Db } from '../../db/handle';
import { insertRows } from '../../db/prepared-writes';
import { jobs } from '../../db/schema';
import { retryDelayMs, type BackoffOptions } from './backoff';

export type JobRow = typeof jobs.$inferSelect;

export interface EnqueueOptions {
  kind: JobKind;
  payload: unknown;
  /**
   * One queued job per key: enqueueing the same key again returns the queued job. The key is released when
   * the job starts, so work asked for while it runs gets a job of its own (it may need what the run missed).
   */
  dedupeKey?: string;
  /** Higher runs first. Default: 0. What the user asked for gets more. */
  priority?: number;
  /** Default: 5. */
  maxAttempts?: number;
  /** Not before this time (ms). Default: now. */
  runAfter?: number;
}

export function enqueue(db: Db, options: EnqueueOptions): { job: JobRow; created: boolean } {
  return inTransaction(db, () => {
    if (options.dedupeKey) {
      const live = db.orm
        .select()
        .from(jobs)
        .where(and(eq(jobs.dedupeKey, options.dedupeKey), inArray(jobs.state, ['queued', 'running'])))
        .get();
      if (live) {
        // Asking again for queued work can only make it more urgent.
        const priority = Math.max(live.priority, options.priority ?? 0);
        if (priority !== live.priority && live.state === 'queued') {
          db.orm.update(jobs).set({ priority }).where(eq(jobs.id, live.id)).run();
        }
        return { job: { ...live, priority }, created: false };
      }
    }
    const now = db.now();
    const job = db.orm
      .insert(jobs)
      .values({
        kind: options.kind,
        dedupeKey: options.dedupeKey ?? null,
        payload: JSON.stringify(options.payload ?? {}),
        priority: options.priority ?? 0,
        maxAttempts: options.maxAttempts ?? 5,
        runAfter: options.runAfter ?? now,
        createdAt: now,
        updatedAt: now,
      })
      .returning()
      .get();
    return { job, created: true };
  });
}

/** Queues many jobs without dedupe keys in one go (the reads behind a first scan). */
export function enqueueMany(db: Db, many: Omit<EnqueueOptions, 'dedupeKey'>[]): void {
  const now = db.now();
  insertRows(
    db,
    jobs,
    many.map((options) => ({
      kind: options.kind,
      dedupeKey: null,
      payload: JSON.stringify(options.payload ?? {}),
      priority: options.priority ?? 0,
      maxAttempts: options.maxAttempts ?? 5,
      runAfter: options.runAfter ?? now,
      createdAt: now,
      updatedAt: now,
    })),
  );
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

/** Replaces a queued job's payload (merging what was asked since); false once it has started. */
export function updateQueuedPayload(db: Db, id: number, payload: unknown): boolean {
  const result = db.orm
    .update(jobs)
    .set({ payload: JSON.stringify(payload), updatedAt: db.now() })
    .where(and(eq(jobs.id, id), eq(jobs.state, 'queued')))
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

/** Runs a failed or cancelled job again, with a fresh set of attempts (the user asked: it goes first). */
export function retry(db: Db, id: number): boolean {
  const now = db.now();
  const result = db.orm
    .update(jobs)
    .set({ state: 'queued', attempts: 0, runAfter: now, updatedAt: now, priority: sql`max(${jobs.priority}, 10)` })
    .where(and(eq(jobs.id, id), inArray(jobs.state, ['failed', 'cancelled'])))
    .run();
  return result.changes > 0;
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

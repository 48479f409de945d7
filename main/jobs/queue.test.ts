import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OpenedDatabase } from '../../db/connection';
import { jobs } from '../../db/schema';
import { openTestDatabase, testClock, type TestClock } from '../../db/test-support';
import { cancel, claimNext, complete, enqueue, fail, failForGood, getJob, heartbeat, listJobs, pruneFinished, recoverStale, retireExhausted, retry } from './queue';
import { priorityOf } from './tasks';

let clock: TestClock;
let db: OpenedDatabase;
beforeEach(() => {
  clock = testClock();
  db = openTestDatabase(clock);
});
afterEach(() => db.close());

describe('job queue', () => {
  it('claims the most urgent runnable job first, and counts the attempt at claim', () => {
    enqueue(db, { kind: 'read-audio', payload: { reads: [] } });
    const urgent = enqueue(db, { kind: 'sync', payload: {} }).job;
    enqueue(db, { kind: 'scan', payload: { directoryId: 'a' }, runAfter: clock.now() + 1000 });
    const claimed = claimNext(db, ['scan', 'sync', 'read-audio']);
    expect(claimed).toMatchObject({ id: urgent.id, state: 'running', attempts: 1 });
  });

  it('claims only the kinds it is asked for', () => {
    enqueue(db, { kind: 'read-audio', payload: { reads: [] } });
    expect(claimNext(db, ['scan'])).toBeNull();
    expect(claimNext(db, [])).toBeNull();
  });

  it('keeps one queued job per dedupe key and raises its priority when asked again', () => {
    const first = enqueue(db, { kind: 'scan', payload: { directoryId: 'a' }, dedupeKey: 'scan:a', background: true });
    const again = enqueue(db, { kind: 'scan', payload: { directoryId: 'a' }, dedupeKey: 'scan:a' });
    expect(again).toMatchObject({ created: false, job: { id: first.job.id, priority: 20 } });
    expect(listJobs(db)).toHaveLength(1);
  });

  it('a running job does not hold its key: work asked for meanwhile gets its own job', () => {
    const first = enqueue(db, { kind: 'scan', payload: { directoryId: 'a' }, dedupeKey: 'scan:a' }).job;
    claimNext(db, ['scan']);
    const second = enqueue(db, { kind: 'scan', payload: { directoryId: 'a' }, dedupeKey: 'scan:a' });
    expect(second.created).toBe(true);
    expect(second.job.id).not.toBe(first.id);
  });

  it('allows a new job for a key once the previous one finished', () => {
    const first = enqueue(db, { kind: 'scan', payload: { directoryId: 'a' }, dedupeKey: 'scan:a' }).job;
    claimNext(db, ['scan']);
    complete(db, first.id, { ok: true });
    expect(enqueue(db, { kind: 'scan', payload: { directoryId: 'a' }, dedupeKey: 'scan:a' }).created).toBe(true);
  });

  it('retries a failed attempt later with backoff, then keeps it as failed with its error', () => {
    const job = enqueue(db, { kind: 'sync', payload: {} }).job;
    claimNext(db, ['sync']);
    expect(fail(db, job.id, 'disk asleep')).toBe('queued');
    expect(getJob(db, job.id)?.runAfter).toBeGreaterThan(clock.now());
    expect(claimNext(db, ['sync'])).toBeNull();
    clock.advance(10_000);
    expect(claimNext(db, ['sync'])).toMatchObject({ attempts: 2 });
    expect(fail(db, job.id, 'still asleep')).toBe('queued');
    clock.advance(10_000);
    expect(claimNext(db, ['sync'])).toMatchObject({ attempts: 3 });
    expect(fail(db, job.id, 'asleep for good')).toBe('failed');
    expect(getJob(db, job.id)).toMatchObject({ state: 'failed', lastError: 'asleep for good', attempts: 3 });
  });

  it('retry runs a failed job again with fresh attempts; cancel stops queued work', () => {
    const job = enqueue(db, { kind: 'scan', payload: { directoryId: 'a' } }).job;
    claimNext(db, ['scan']);
    failForGood(db, job.id, 'boom');
    expect(retry(db, job.id)).toBe(true);
    expect(getJob(db, job.id)).toMatchObject({ state: 'queued', attempts: 0 });
    expect(cancel(db, job.id)).toBe(true);
    expect(getJob(db, job.id)?.state).toBe('cancelled');
    expect(claimNext(db, ['scan'])).toBeNull();
  });

  it('a retried job takes the priority its kind has when the user asks, lower or higher than before', () => {
    const reads = enqueue(db, { kind: 'read-audio', payload: { reads: [] } }).job;
    const backgroundScan = enqueue(db, { kind: 'scan', payload: { directoryId: 'a' }, background: true }).job;
    claimNext(db, ['read-audio']);
    claimNext(db, ['scan']);
    failForGood(db, reads.id, 'boom');
    failForGood(db, backgroundScan.id, 'boom');
    expect(retry(db, reads.id)).toBe(true);
    expect(retry(db, backgroundScan.id)).toBe(true);
    expect(getJob(db, reads.id)?.priority).toBe(priorityOf('read-audio'));
    expect(getJob(db, backgroundScan.id)?.priority).toBe(priorityOf('scan'));
    expect(priorityOf('scan')).toBeGreaterThan(priorityOf('scan', true));
  });

  it('puts a running job whose heartbeat went stale back in the queue, and only that one', () => {
    const crashed = enqueue(db, { kind: 'scan', payload: { directoryId: 'a' } }).job;
    const alive = enqueue(db, { kind: 'parse-project', payload: { reads: [] } }).job;
    claimNext(db, ['scan']);
    claimNext(db, ['parse-project']);
    clock.advance(60_000);
    heartbeat(db, alive.id, 0.5);
    expect(recoverStale(db, 30_000)).toEqual({ requeued: 1, retired: [] });
    expect(getJob(db, crashed.id)).toMatchObject({ state: 'queued', attempts: 1 });
    expect(getJob(db, alive.id)).toMatchObject({ state: 'running', progress: 0.5 });
  });

  it('retires a job left running by a crash on its last attempt, with the reason, instead of queueing it again', () => {
    const job = enqueue(db, { kind: 'sync', payload: {} }).job;
    const other = enqueue(db, { kind: 'read-audio', payload: { reads: [] } }).job;
    claimNext(db, ['sync']);
    claimNext(db, ['read-audio']);
    recoverStale(db, -1);
    expect(getJob(db, job.id)).toMatchObject({ state: 'queued', attempts: 1 });
    claimNext(db, ['sync']);
    recoverStale(db, -1);
    claimNext(db, ['sync']);
    const recovered = recoverStale(db, -1);
    expect(getJob(db, job.id)).toMatchObject({ state: 'failed', attempts: 3, lastError: 'The app stopped while this job was running, on attempt 3 of 3; retired.' });
    expect(claimNext(db, ['sync'])).toBeNull();
    expect(recovered).toMatchObject({ requeued: 0, retired: [{ id: job.id, state: 'failed' }] });
    expect(getJob(db, other.id)).toMatchObject({ state: 'queued', attempts: 1 });
  });

  it('never claims a job whose attempts are used up, and retires it at start', () => {
    // A row an older version put back in the queue after its last attempt.
    const job = enqueue(db, { kind: 'sync', payload: {} }).job;
    db.orm.update(jobs).set({ attempts: 3 }).where(eq(jobs.id, job.id)).run();
    expect(claimNext(db, ['sync'])).toBeNull();
    expect(retireExhausted(db)).toMatchObject([{ id: job.id, state: 'failed', lastError: 'Used all 3 attempts; retired.' }]);
    expect(getJob(db, job.id)?.state).toBe('failed');
  });

  it('completing a cancelled job leaves it cancelled', () => {
    const job = enqueue(db, { kind: 'scan', payload: { directoryId: 'a' } }).job;
    claimNext(db, ['scan']);
    cancel(db, job.id);
    complete(db, job.id, {});
    expect(getJob(db, job.id)?.state).toBe('cancelled');
  });
});

describe('listJobs', () => {
  it('lists running work first, then what waits in the order it will run, then finished work', () => {
    const done = enqueue(db, { kind: 'scan', payload: { directoryId: 'a' } }).job;
    claimNext(db, ['scan']);
    complete(db, done.id, null);
    const running = enqueue(db, { kind: 'sync', payload: {} }).job;
    claimNext(db, ['sync']);
    const later = enqueue(db, { kind: 'read-audio', payload: { reads: [] } }).job;
    const sooner = enqueue(db, { kind: 'parse-project', payload: { reads: [] } }).job;
    const next = enqueue(db, { kind: 'parse-project', payload: { reads: [] } }).job;
    expect(listJobs(db).map((job) => job.id)).toEqual([running.id, sooner.id, next.id, later.id, done.id]);
  });
});

describe('pruneFinished', () => {
  it('forgets succeeded and cancelled jobs older than the cut-off; failed, waiting and recent ones stay', () => {
    const succeeded = enqueue(db, { kind: 'sync', payload: {} }).job;
    claimNext(db, ['sync']);
    complete(db, succeeded.id, null);
    const cancelled = enqueue(db, { kind: 'scan', payload: { directoryId: 'a' } }).job;
    cancel(db, cancelled.id);
    const failed = enqueue(db, { kind: 'upload', payload: { songId: 's' } }).job;
    claimNext(db, ['upload']);
    failForGood(db, failed.id, 'the cloud was down');
    const waiting = enqueue(db, { kind: 'read-audio', payload: { reads: [] } }).job;
    clock.advance(10_000);
    const recent = enqueue(db, { kind: 'sync', payload: {}, dedupeKey: 'later' }).job;
    claimNext(db, ['sync']);
    complete(db, recent.id, null);

    expect(pruneFinished(db, clock.now() - 5000)).toBe(2);
    expect(listJobs(db).map((job) => job.id).sort()).toEqual([failed.id, waiting.id, recent.id].sort());
  });
});

describe('typed jobs', () => {
  it('takes priority and attempts from the task definition of the kind', () => {
    expect(enqueue(db, { kind: 'scan', payload: { directoryId: 'a' } }).job).toMatchObject({ priority: 20, maxAttempts: 5 });
    expect(enqueue(db, { kind: 'scan', payload: { directoryId: 'b' }, background: true }).job).toMatchObject({ priority: 10 });
    expect(enqueue(db, { kind: 'sync', payload: {} }).job).toMatchObject({ priority: 15, maxAttempts: 3 });
    expect(enqueue(db, { kind: 'upload', payload: { songId: 's' } }).job).toMatchObject({ priority: 2, maxAttempts: 3 });
  });

  it('fails a running job for good, whatever attempts it has left', () => {
    const job = enqueue(db, { kind: 'scan', payload: { directoryId: 'a' } }).job;
    claimNext(db, ['scan']);
    expect(failForGood(db, job.id, 'folder is gone')).toBe(true);
    expect(getJob(db, job.id)).toMatchObject({ state: 'failed', attempts: 1, lastError: 'folder is gone' });
    expect(failForGood(db, job.id, 'again')).toBe(false);
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { JobKind, JobSummary } from '../../common/bridge/jobs';
import type { OpenedDatabase } from '../../db/connection';
import { openTestDatabase, realClock } from '../../db/test-support';
import { EventBus } from '../events';
import { jobs } from '../../db/schema';
import { PermanentJobError } from './permanent-error';
import { claimNext, enqueue, getJob, recoverStale } from './queue';
import { JobRunner, type TaskHandler, type TaskHandlers } from './runner';

let db: OpenedDatabase;
let events: EventBus;
let runner: JobRunner | null = null;
beforeEach(() => {
  db = openTestDatabase(realClock());
  events = new EventBus();
});
afterEach(async () => {
  await runner?.stop();
  runner = null;
  db.close();
});

function handler<K extends JobKind>(run: TaskHandler<K>['run'], onFailed?: TaskHandler<K>['onFailed']): TaskHandler<K> {
  return { label: () => 'test work', run, ...(onFailed ? { onFailed } : {}) };
}

function start(handlers: Partial<TaskHandlers>, startOptions: { orphanedRunningJobs?: boolean } = {}): JobRunner {
  const idle = { label: () => 'test work', run: async () => null };
  runner = new JobRunner(db, { scan: idle, 'parse-project': idle, 'read-audio': idle, 'analyse-audio': idle, sync: idle, upload: idle, ...handlers }, events, {
    backoff: { baseMs: 5, capMs: 10 },
    progressIntervalMs: 0,
  });
  runner.start(startOptions);
  return runner;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('JobRunner', () => {
  it('runs no more jobs of a kind at once than its cap, most urgent first', async () => {
    let running = 0;
    let mostAtOnce = 0;
    const order: string[] = [];
    enqueue(db, { kind: 'scan', payload: { directoryId: 'timer' }, background: true });
    enqueue(db, { kind: 'scan', payload: { directoryId: 'asked' } });
    enqueue(db, { kind: 'scan', payload: { directoryId: 'watcher' }, background: true });
    const active = start({
      scan: handler<'scan'>(async (payload) => {
        running += 1;
        mostAtOnce = Math.max(mostAtOnce, running);
        order.push(payload.directoryId);
        await wait(20);
        running -= 1;
      }),
    });
    await active.whenIdle();
    expect(mostAtOnce).toBe(1);
    expect(order).toEqual(['asked', 'timer', 'watcher']);
  });

  it('runs kinds side by side up to each cap', async () => {
    let running = 0;
    let mostAtOnce = 0;
    const work = handler<'parse-project'>(async () => {
      running += 1;
      mostAtOnce = Math.max(mostAtOnce, running);
      await wait(30);
      running -= 1;
    });
    for (let n = 0; n < 4; n += 1) enqueue(db, { kind: 'parse-project', payload: { reads: [] } });
    await start({ 'parse-project': work }).whenIdle();
    expect(mostAtOnce).toBe(2);
  });

  it('reports progress and the outcome through jobs:changed', async () => {
    const seen: JobSummary[] = [];
    events.on('jobs:changed', ({ jobs }) => seen.push(...jobs));
    const { job } = enqueue(db, { kind: 'scan', payload: { directoryId: 'a' } });
    await start({
      scan: handler(async (_payload, ctx) => {
        ctx.progress(0.5);
        return { done: true };
      }),
    }).whenIdle();
    expect(seen.map((summary) => [summary.state, summary.progress])).toEqual(
      expect.arrayContaining([
        ['running', 0.5],
        ['succeeded', 1],
      ]),
    );
    expect(getJob(db, job.id)).toMatchObject({ state: 'succeeded', result: '{"done":true}' });
  });

  it('retries a failing job with backoff, then keeps it failed and says so once', async () => {
    const failures: string[] = [];
    let attempts = 0;
    const { job } = enqueue(db, { kind: 'upload', payload: { songId: 's' } });
    await start({
      upload: handler(
        async () => {
          attempts += 1;
          throw new Error(`disk asleep (${attempts})`);
        },
        (_payload, error) => failures.push(error),
      ),
    }).whenIdle();
    expect(attempts).toBe(3);
    expect(getJob(db, job.id)).toMatchObject({ state: 'failed', lastError: 'disk asleep (3)' });
    expect(failures).toEqual(['disk asleep (3)']);
  });

  it('cancelling a running job aborts its handler and keeps it cancelled', async () => {
    let aborted = false;
    const { job } = enqueue(db, { kind: 'scan', payload: { directoryId: 'a' } });
    const active = start({
      scan: handler(
        (_payload, ctx) =>
          new Promise((_resolve, reject) => {
            ctx.signal.addEventListener('abort', () => {
              aborted = true;
              reject(new Error('aborted'));
            });
          }),
      ),
    });
    await expect.poll(() => getJob(db, job.id)?.state).toBe('running');
    expect(active.cancel(job.id)).toBe(true);
    await active.whenIdle();
    expect(aborted).toBe(true);
    expect(getJob(db, job.id)?.state).toBe('cancelled');
  });

  it('a retried failed job runs again', async () => {
    let attempts = 0;
    const { job } = enqueue(db, { kind: 'sync', payload: {} });
    const active = start({
      sync: handler(async () => {
        attempts += 1;
        if (attempts <= 3) throw new Error('the first three times');
        return 'fourth time';
      }),
    });
    await active.whenIdle();
    expect(getJob(db, job.id)?.state).toBe('failed');
    expect(active.retry(job.id)).toBe(true);
    await active.whenIdle();
    expect(getJob(db, job.id)).toMatchObject({ state: 'succeeded', result: '"fourth time"' });
  });

  it('a job that stopped the app on each of its attempts is retired at start, not run again, and reported once', async () => {
    const failures: string[] = [];
    let runs = 0;
    const { job } = enqueue(db, { kind: 'sync', payload: {} });
    // Three starts that each died while the job ran: claimed, and never finished.
    claimNext(db, ['sync']);
    recoverStale(db, -1);
    claimNext(db, ['sync']);
    recoverStale(db, -1);
    claimNext(db, ['sync']);
    const active = start(
      {
        sync: handler(
          async () => {
            runs += 1;
          },
          (_payload, error) => failures.push(error),
        ),
      },
      { orphanedRunningJobs: true },
    );
    await active.whenIdle();
    expect(runs).toBe(0);
    expect(getJob(db, job.id)).toMatchObject({ state: 'failed', attempts: 3, lastError: expect.stringMatching(/^The app stopped while this job was running/) });
    expect(failures).toEqual([getJob(db, job.id)?.lastError]);
  });

  it('fails a job whose stored payload its schema rejects at claim, without running its handler or retrying', async () => {
    const failures: [unknown, string][] = [];
    let runs = 0;
    const now = db.now();
    const row = db.orm
      .insert(jobs)
      .values({ kind: 'upload', payload: '{"songId":42}', maxAttempts: 3, runAfter: now, createdAt: now, updatedAt: now })
      .returning()
      .get();
    await start({
      upload: handler(
        async () => {
          runs += 1;
        },
        (payload, error) => failures.push([payload, error]),
      ),
    }).whenIdle();
    expect(runs).toBe(0);
    expect(getJob(db, row.id)).toMatchObject({ state: 'failed', attempts: 1, lastError: expect.stringMatching(/^The upload job's payload is not valid \(songId: /) });
    expect(failures).toEqual([[null, getJob(db, row.id)?.lastError]]);
  });

  it('fails a job whose payload is not JSON at claim, without running its handler', async () => {
    let runs = 0;
    const now = db.now();
    const row = db.orm.insert(jobs).values({ kind: 'sync', payload: '{not json', runAfter: now, createdAt: now, updatedAt: now }).returning().get();
    await start({
      sync: handler(async () => {
        runs += 1;
      }),
    }).whenIdle();
    expect(runs).toBe(0);
    expect(getJob(db, row.id)).toMatchObject({ state: 'failed', attempts: 1, lastError: "The sync job's payload is not JSON; it is not tried again." });
  });

  it('fails a job at once when its handler throws a PermanentJobError', async () => {
    const failures: string[] = [];
    let attempts = 0;
    const { job } = enqueue(db, { kind: 'upload', payload: { songId: 'gone' } });
    await start({
      upload: handler(
        async () => {
          attempts += 1;
          throw new PermanentJobError('The song was deleted.');
        },
        (_payload, error) => failures.push(error),
      ),
    }).whenIdle();
    expect(attempts).toBe(1);
    expect(getJob(db, job.id)).toMatchObject({ state: 'failed', attempts: 1, lastError: 'The song was deleted.' });
    expect(failures).toEqual(['The song was deleted.']);
  });
});

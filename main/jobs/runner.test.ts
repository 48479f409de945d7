import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { JobKind, JobSummary } from '../../common/jobs';
import type { OpenedDatabase } from '../../db/connection';
import { openTestDatabase, realClock } from '../../db/test-support';
import { EventBus } from '../events';
import { claimNext, enqueue, getJob, recoverStale } from './queue';
import { JobRunner, type JobContext, type JobHandler, type JobHandlers } from './runner';

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

function handler(run: (payload: unknown, ctx: JobContext) => Promise<unknown>, concurrency = 1, onFailed?: JobHandler['onFailed']): JobHandler {
  return { concurrency, label: () => 'test work', run, ...(onFailed ? { onFailed } : {}) };
}

function start(handlers: Partial<JobHandlers>, startOptions: { orphanedRunningJobs?: boolean } = {}): JobRunner {
  const idle = handler(async () => null);
  runner = new JobRunner(db, { scan: idle, 'parse-project': idle, 'read-audio': idle, sync: idle, upload: idle, ...handlers } as JobHandlers, events, {
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
    const order: number[] = [];
    for (const n of [1, 2, 3]) enqueue(db, { kind: 'scan', payload: { n }, priority: n });
    const active = start({
      scan: handler(async (payload) => {
        running += 1;
        mostAtOnce = Math.max(mostAtOnce, running);
        order.push((payload as { n: number }).n);
        await wait(20);
        running -= 1;
      }),
    });
    await active.whenIdle();
    expect(mostAtOnce).toBe(1);
    expect(order).toEqual([3, 2, 1]);
  });

  it('runs kinds side by side up to each cap', async () => {
    let running = 0;
    let mostAtOnce = 0;
    const work = handler(async () => {
      running += 1;
      mostAtOnce = Math.max(mostAtOnce, running);
      await wait(30);
      running -= 1;
    }, 2);
    for (let n = 0; n < 4; n += 1) enqueue(db, { kind: 'parse-project' as JobKind, payload: { n } });
    await start({ 'parse-project': work }).whenIdle();
    expect(mostAtOnce).toBe(2);
  });

  it('reports progress and the outcome through jobs:changed', async () => {
    const seen: JobSummary[] = [];
    events.on('jobs:changed', ({ jobs }) => seen.push(...jobs));
    const { job } = enqueue(db, { kind: 'scan', payload: {} });
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
    const { job } = enqueue(db, { kind: 'scan', payload: {}, maxAttempts: 3 });
    await start({
      scan: handler(
        async () => {
          attempts += 1;
          throw new Error(`disk asleep (${attempts})`);
        },
        1,
        (_payload, error) => failures.push(error),
      ),
    }).whenIdle();
    expect(attempts).toBe(3);
    expect(getJob(db, job.id)).toMatchObject({ state: 'failed', lastError: 'disk asleep (3)' });
    expect(failures).toEqual(['disk asleep (3)']);
  });

  it('cancelling a running job aborts its handler and keeps it cancelled', async () => {
    let aborted = false;
    const { job } = enqueue(db, { kind: 'scan', payload: {} });
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
    const { job } = enqueue(db, { kind: 'scan', payload: {}, maxAttempts: 1 });
    const active = start({
      scan: handler(async () => {
        attempts += 1;
        if (attempts === 1) throw new Error('first time');
        return 'second time';
      }),
    });
    await active.whenIdle();
    expect(getJob(db, job.id)?.state).toBe('failed');
    expect(active.retry(job.id)).toBe(true);
    await active.whenIdle();
    expect(getJob(db, job.id)).toMatchObject({ state: 'succeeded', result: '"second time"' });
  });

  it('a job that stopped the app on each of its attempts is retired at start, not run again, and reported once', async () => {
    const failures: string[] = [];
    let runs = 0;
    const { job } = enqueue(db, { kind: 'scan', payload: {}, maxAttempts: 2 });
    // Two starts that each died while the job ran: claimed, and never finished.
    claimNext(db, ['scan']);
    recoverStale(db, -1);
    claimNext(db, ['scan']);
    const active = start(
      {
        scan: handler(
          async () => {
            runs += 1;
          },
          1,
          (_payload, error) => failures.push(error),
        ),
      },
      { orphanedRunningJobs: true },
    );
    await active.whenIdle();
    expect(runs).toBe(0);
    expect(getJob(db, job.id)).toMatchObject({ state: 'failed', attempts: 2, lastError: expect.stringMatching(/^The app stopped while this job was running/) });
    expect(failures).toEqual([getJob(db, job.id)?.lastError]);
  });
});

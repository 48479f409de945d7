// When sync runs: a change queues one sync job after the debounce; nothing is queued for a signed-out user or
// when nothing waits to be pushed; the periodic timer queues runs on its own. The core's timers are fake and moved
// by the test (`advance`): "nothing was queued" is said once the debounce and the timers have fired, not after a
// sleep that a slow machine may outlast.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SYNC_SKIP_IF_LAST_WITHIN_MS } from '../../common/constants';
import { addSong } from '../../db/repositories/songs';
import { updateLastSync, updateSubscription } from '../../db/repositories/account';
import { listJobs } from '../jobs/queue';
import { tempDir } from '../../db/test-support';
import { createTestCore, type TestCore } from '../test-support';

let core: TestCore;
afterEach(async () => {
  // Real timers again first: closing waits for running jobs on them.
  vi.useRealTimers();
  await core.close();
});

const USER = '6f1c2a4e-8b7d-4c3a-9e2f-1a2b3c4d5e6f';
/** A token whose `sub` is USER; the scheduler never sends it anywhere (no cloud here). */
const TOKEN = `x.${Buffer.from(JSON.stringify({ sub: USER })).toString('base64url')}.y`;

const DEBOUNCE_MS = 20;
const MIN_GAP_MS = 40;

function start(schedule: { periodicMs?: number; firstPeriodicMs?: number }): TestCore {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  core = createTestCore(tempDir(), { sync: { schedule: { debounceMs: DEBOUNCE_MS, minGapMs: MIN_GAP_MS, periodicMs: 60_000, firstPeriodicMs: 60_000, ...schedule } } });
  return core;
}

/** Moves the core's clock on by `ms`, running every timer due meanwhile (and what they start) in order. */
const advance = (ms: number) => vi.advanceTimersByTimeAsync(ms);

/** The tier as the account service caches it after reading the cloud (no cloud here: a page cannot set it). */
const cachePro = () => updateSubscription(core.db, { userId: USER, tier: 'pro', status: 'active' });
const syncJobs = () => listJobs(core.db).filter((job) => job.kind === 'sync');
/** Moves the clock on 10 ms at a time (2 s at most) until `check` holds: the jobs run on the runner's timers. */
const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i += 1) await advance(10);
  return check();
};

describe('the sync scheduler', () => {
  it('queues one sync job after changes, for a signed-in pro user only', async () => {
    start({});
    await core.start();
    await core.router.dispatch('db:add-song', { name: 'Signed out' });
    // Past the debounce (and the gap): the run it woke found nobody signed in.
    await advance(DEBOUNCE_MS + MIN_GAP_MS);
    expect(syncJobs()).toEqual([]);

    // The cached tier is the signed-in account's.
    await core.router.dispatch('sync:session', { session: { userId: USER, accessToken: TOKEN } });
    cachePro();
    await core.router.dispatch('db:add-song', { name: 'One' });
    await core.router.dispatch('db:add-song', { name: 'Two' });
    expect(await until(() => syncJobs().length > 0)).toBe(true);
    expect(syncJobs()).toHaveLength(1);
    // With no cloud the run is skipped (no_cloud), not failed.
    expect(await until(() => syncJobs()[0]?.state === 'succeeded')).toBe(true);
  });

  it('is woken by the writes that queue a push, wherever they come from, and not by the pages\' event', async () => {
    start({});
    await core.start();
    await core.router.dispatch('sync:session', { session: { userId: USER, accessToken: TOKEN } });
    cachePro();
    await advance(DEBOUNCE_MS + MIN_GAP_MS);
    const before = syncJobs().length;
    // The event the pages hear, and a write that queues nothing for the cloud: no run.
    core.events.emit('db:changed', { tables: ['songs', 'sync_records'], seq: 999 });
    // (A sync that ended a minute ago: one just ended would hold the next run 5 s, as the next test shows.)
    updateLastSync(core.db, Date.now() - 60_000);
    await advance(DEBOUNCE_MS + MIN_GAP_MS);
    expect(syncJobs()).toHaveLength(before);
    // A write outside any call (as a scan or a read job makes them) that queues a push: a run.
    addSong(core.db, { name: 'From the background' });
    expect(await until(() => syncJobs().length > before)).toBe(true);
  });

  it('a change just after a sync ended is queued once the engine would run it (5 s after that sync), not left for the periodic run', async () => {
    start({});
    await core.start();
    await core.router.dispatch('sync:session', { session: { userId: USER, accessToken: TOKEN } });
    cachePro();
    // A sync has just ended (the engine skips a run within 5 s of this).
    updateLastSync(core.db, Date.now());
    await advance(DEBOUNCE_MS + MIN_GAP_MS);
    const before = syncJobs().length;
    await core.router.dispatch('db:add-song', { name: 'Just after a sync' });
    await advance(SYNC_SKIP_IF_LAST_WITHIN_MS - 200);
    expect(syncJobs()).toHaveLength(before);
    await advance(400);
    expect(syncJobs()).toHaveLength(before + 1);
  });

  it('the periodic timer queues runs by itself for a pro user', async () => {
    start({ firstPeriodicMs: 10, periodicMs: 30 });
    await core.start();
    await core.router.dispatch('sync:session', { session: { userId: USER, accessToken: TOKEN } });
    cachePro();
    expect(await until(() => syncJobs().length >= 2)).toBe(true);
  });

  it('a free user gets no sync jobs: changes wait, and the periodic timer only looks at the tier', async () => {
    start({ firstPeriodicMs: 10, periodicMs: 20 });
    await core.start();
    await core.router.dispatch('sync:session', { session: { userId: USER, accessToken: TOKEN } });
    await core.router.dispatch('db:add-song', { name: 'Free' });
    // The debounce has fired, and the periodic timer ten times.
    await advance(200);
    expect(syncJobs()).toEqual([]);
  });
});

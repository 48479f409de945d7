import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { USER_QUIET_MS, UserActivity } from './user-activity';

describe('UserActivity', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const settled = async (promise: Promise<void>) => {
    let done = false;
    void promise.then(() => (done = true), () => (done = true));
    await vi.advanceTimersByTimeAsync(0);
    return done;
  };

  it('lets waiting work go at once when nobody has touched the app', async () => {
    const activity = new UserActivity(() => Date.now());
    expect(activity.remaining()).toBe(0);
    expect(await settled(activity.quiet(new AbortController().signal))).toBe(true);
  });

  it('holds waiting work until the user has paused for the whole quiet time, however often they act', async () => {
    const activity = new UserActivity(() => Date.now());
    activity.touch();
    const waiting = activity.quiet(new AbortController().signal);
    let done = false;
    void waiting.then(() => (done = true));
    await vi.advanceTimersByTimeAsync(USER_QUIET_MS - 100);
    expect(done).toBe(false);
    activity.touch();
    await vi.advanceTimersByTimeAsync(USER_QUIET_MS - 100);
    expect(done).toBe(false);
    expect(activity.remaining()).toBe(100);
    await vi.advanceTimersByTimeAsync(100);
    expect(done).toBe(true);
  });

  it('stops waiting when the job is cancelled', async () => {
    const activity = new UserActivity(() => Date.now());
    activity.touch();
    const controller = new AbortController();
    const waiting = activity.quiet(controller.signal);
    controller.abort(new Error('cancelled'));
    await expect(waiting).rejects.toThrow('cancelled');
  });
});

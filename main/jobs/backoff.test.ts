import { describe, expect, it } from 'vitest';
import { retryDelayMs } from './backoff';

describe('retryDelayMs', () => {
  it.each([
    [1, 0, 500],
    [1, 1, 1000],
    [2, 0, 1000],
    [3, 1, 4000],
    [10, 1, 300_000],
    [50, 0, 150_000],
  ])('after %i attempt(s) with jitter %d waits %d ms (capped at 5 minutes)', (attempt, random, expected) => {
    expect(retryDelayMs(attempt, {}, () => random)).toBe(expected);
  });

  it('honours its options', () => {
    expect(retryDelayMs(3, { baseMs: 10, capMs: 25 }, () => 1)).toBe(25);
  });
});

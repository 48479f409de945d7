/**
 * When a failed job may run again: capped exponential backoff with full jitter, so that many jobs failing on
 * the same cause (a disk asleep, a network down) do not all retry at the same instant.
 */

export interface BackoffOptions {
  /** Delay before the first retry, in ms. Default: 1000. */
  baseMs?: number;
  /** Longest delay, in ms. Default: 5 minutes. */
  capMs?: number;
}

/** `attempt` is the number of attempts made so far (1 after the first failure). */
export function retryDelayMs(attempt: number, options: BackoffOptions = {}, random: () => number = Math.random): number {
  const base = options.baseMs ?? 1000;
  const cap = options.capMs ?? 5 * 60 * 1000;
  const ceiling = Math.min(cap, base * 2 ** Math.max(0, attempt - 1));
  // Full jitter, but never less than half the ceiling: a retry must still back off.
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

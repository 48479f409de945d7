/**
 * When the user last worked in a window (a key, a click, a scroll, a page opening: `jobs:user-active`), so that
 * background work that can wait does. The audio analysis (issue 18) waits for a pause before each file it decodes:
 * on two cores, a decode and its analysis beside the table would take the time the table needs to open, scroll
 * and save an edit. A file already being analysed finishes (at background priority); the next waits.
 */

/** How long the user must have left the app alone before waiting work goes on. */
export const USER_QUIET_MS = 1500;

export class UserActivity {
  private last = Number.NEGATIVE_INFINITY;

  constructor(private readonly now: () => number = () => performance.now()) {}

  /** The user did something in a window. */
  touch(): void {
    this.last = this.now();
  }

  /** Milliseconds until the user will have been quiet for `quietMs`: 0 when they already have. */
  remaining(quietMs: number = USER_QUIET_MS): number {
    return Math.max(0, this.last + quietMs - this.now());
  }

  /** Resolves once the user has been quiet for `quietMs` (at once if they have); rejects when `signal` aborts. */
  async quiet(signal: AbortSignal, quietMs: number = USER_QUIET_MS): Promise<void> {
    for (let wait = this.remaining(quietMs); wait > 0; wait = this.remaining(quietMs)) {
      signal.throwIfAborted();
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(done, wait);
        function done(): void {
          signal.removeEventListener('abort', aborted);
          resolve();
        }
        function aborted(): void {
          clearTimeout(timer);
          reject(signal.reason);
        }
        signal.addEventListener('abort', aborted, { once: true });
      });
    }
    signal.throwIfAborted();
  }
}

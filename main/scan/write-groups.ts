/**
 * How a scan's songs reach the database and the page (issue 45's decision on the spec's "flush every 20 updates",
 * section 9): the user sees new songs at least every 20 songs or every 100 ms, whichever comes first, and a commit may
 * hold more songs than 20. So:
 *
 * - songs wait at most until 20 are waiting, or until the first of them has waited half of the 100 ms (the other half
 *   is its commit's), then a commit starts;
 * - a commit writes songs 20 at a time inside one transaction for at most 50 ms, taking what arrived meanwhile, so a
 *   backlog (a first scan's 20,000 songs) is committed in groups of a few hundred, one every 50 ms, not 1,000 of 20;
 * - each commit is told at once (`committed`), and the event loop runs between two commits: the page's read of the
 *   songs just told is answered while the scan goes on, and the tell is not held back by the next commit.
 *
 * A commit is one transaction: a crash loses only the songs not yet committed, which the scan job (durable, retried)
 * finds again. Time comes from an injectable clock, so the rule is tested on a fake one (`write-groups.test.ts`).
 */
import { SCAN_TELL_EVERY_MS, SCAN_TELL_EVERY_SONGS } from '../../common/constants';

export interface TellClock {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const realClock: TellClock = {
  now: () => performance.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

export interface WriteGroupsOptions<T> {
  /** Runs `work` in one transaction (one commit). */
  transaction: (work: () => void) => void;
  /** Writes up to 20 items inside the open transaction. */
  write: (items: T[]) => void;
  /** After each commit, with the items it held: tells the page. */
  committed: (items: T[]) => void;
  /** Default: the real clock (`performance.now`, `setTimeout`). */
  clock?: TellClock;
  /** Lets the event loop run between two commits. Default: `setImmediate`. */
  yieldToLoop?: () => Promise<void>;
}

/** Most a song waits before its commit starts, and most a commit writes: half of the 100 ms each. */
const WAIT_MS = SCAN_TELL_EVERY_MS / 2;
const COMMIT_MS = SCAN_TELL_EVERY_MS / 2;

export class WriteGroups<T> {
  private readonly queue: { item: T; at: number }[] = [];
  private readonly clock: TellClock;
  private readonly yieldToLoop: () => Promise<void>;
  private timer: unknown = null;
  /** The drain running now; `busy` until its last commit, set and cleared in the same turn as its writes. */
  private draining: Promise<void> | null = null;
  private busy = false;
  private failure: unknown = null;

  constructor(private readonly options: WriteGroupsOptions<T>) {
    this.clock = options.clock ?? realClock;
    this.yieldToLoop = options.yieldToLoop ?? (() => new Promise((resolve) => setImmediate(resolve)));
  }

  /** Items ready to be written, arrived now. */
  add(items: readonly T[]): void {
    if (this.failure !== null) throw this.failure;
    const at = this.clock.now();
    for (const item of items) this.queue.push({ item, at });
    if (this.busy) return;
    if (this.queue.length >= SCAN_TELL_EVERY_SONGS) this.startDrain();
    else if (this.queue.length > 0 && this.timer === null) {
      const first = this.queue[0] as { at: number };
      this.timer = this.clock.setTimeout(() => {
        this.timer = null;
        if (!this.busy) this.startDrain();
      }, Math.max(0, first.at + WAIT_MS - at));
    }
  }

  /** Writes everything still waiting, without waiting; throws what a commit threw. */
  async finish(): Promise<void> {
    if (this.busy) await this.draining;
    if (this.failure === null && this.queue.length > 0) {
      this.startDrain();
      await this.draining;
    }
    if (this.failure !== null) throw this.failure;
  }

  private startDrain(): void {
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
    this.busy = true;
    this.draining = this.drain();
  }

  /**
   * Commits until nothing waits. Its first commit runs before it returns (in the caller's turn of the loop), and it
   * yields only between two commits of a backlog: once nothing waits, a song that arrives starts the rule again.
   */
  private async drain(): Promise<void> {
    try {
      for (;;) {
        const start = this.clock.now();
        const group: T[] = [];
        this.options.transaction(() => {
          do {
            const batch = this.queue.splice(0, SCAN_TELL_EVERY_SONGS).map((waiting) => waiting.item);
            this.options.write(batch);
            group.push(...batch);
          } while (this.queue.length > 0 && this.clock.now() - start < COMMIT_MS);
        });
        this.options.committed(group);
        if (this.queue.length === 0) break;
        await this.yieldToLoop();
      }
    } catch (error) {
      this.failure = error;
    } finally {
      this.busy = false;
    }
  }
}

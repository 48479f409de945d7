/**
 * The cloud's clock as the core reads it (DESIGN.md "Trust rules": the cloud owns time). What the cloud decides by its
 * clock, whether a link still opens above all (`linkState`, common/cloud/shares.ts), the core judges by that clock too, not
 * by this computer's, which may be days off. Before, the app judged links by three clocks: this computer's, this
 * computer's with a day's margin, and the browser's.
 *
 * `server_ms` (cloud/migrations/0006_client_clocks.sql) is asked when the offset is older than `maxAgeMs`, and its
 * answer taken as the middle of the round trip. Offline, the last offset measured stands; before any, this computer's
 * own clock is all there is (and the cloud, which decides, cannot be reached either).
 */
import type { SignedInCloud } from './cloud-session';

/** How long a measured offset is trusted before it is measured again: clocks drift slowly, but a user may set theirs. */
export const SERVER_CLOCK_MAX_AGE_MS = 10 * 60_000;

export class ServerClock {
  private offsetMs: number | null = null;
  private measuredAt = Number.NEGATIVE_INFINITY;
  private measuring: Promise<void> | null = null;

  /**
   * `localNow`: this computer's clock (the core's `db.now`). `maxAgeMs`: default `SERVER_CLOCK_MAX_AGE_MS`.
   */
  constructor(
    private readonly localNow: () => number,
    private readonly maxAgeMs = SERVER_CLOCK_MAX_AGE_MS,
  ) {}

  /**
   * The cloud's time now, measured again first when `cloud` is given and the last measure is older than `maxAgeMs`
   * (one request for calls that come together). A cloud that does not answer leaves the last offset.
   */
  async read(cloud: SignedInCloud | null): Promise<number> {
    if (cloud && this.localNow() - this.measuredAt >= this.maxAgeMs) {
      this.measuring ??= this.measure(cloud).finally(() => {
        this.measuring = null;
      });
      await this.measuring;
    }
    return this.now();
  }

  /**
   * The cloud's time now as `read` gives it, or null while it has never been measured: what cannot be undone (a
   * version removed from the cloud) is never done by this computer's clock.
   */
  async readMeasured(cloud: SignedInCloud): Promise<number | null> {
    const now = await this.read(cloud);
    return this.offsetMs === null ? null : now;
  }

  /** The cloud's time by the last offset measured; this computer's clock before any. */
  now(): number {
    return this.localNow() + (this.offsetMs ?? 0);
  }

  /** How far the cloud's clock is ahead of this computer's, in ms (negative: behind); null until measured. */
  offset(): number | null {
    return this.offsetMs;
  }

  private async measure(cloud: SignedInCloud): Promise<void> {
    const sent = this.localNow();
    const answer = await cloud.supabase
      .rpc('server_ms')
      .retry(false)
      .then(
        (reply) => reply,
        () => null,
      );
    const received = this.localNow();
    const serverMs = Number(answer?.data);
    if (!answer || answer.error || !Number.isSafeInteger(serverMs)) return;
    this.offsetMs = serverMs - Math.round((sent + received) / 2);
    this.measuredAt = received;
  }
}

/**
 * The listener's audio address is a lease (cloud/supabase/functions/share-audio/rules.ts: signed for minutes): the
 * page asks for a new one a minute before it lapses, and at once when the player fails (an address that lapsed
 * while paused). A revoked link then stops playing within minutes, and a listener who keeps playing never notices.
 */

/** How long before the address lapses the page asks for the next one. */
export const AUDIO_RENEW_BEFORE_MS = 60_000;
/** Never sooner than this after the last ask, so a player that keeps failing does not hammer the cloud. */
export const AUDIO_MIN_RENEW_MS = 5_000;

/** Milliseconds from `now` until the page should ask for a new address for one that lapses at `expiresAt`. */
export function audioRenewDelayMs(expiresAt: number, now: number): number {
  if (!Number.isFinite(expiresAt)) return AUDIO_MIN_RENEW_MS;
  return Math.max(AUDIO_MIN_RENEW_MS, expiresAt - now - AUDIO_RENEW_BEFORE_MS);
}

/** Whether a failed player may ask again now, given when it last asked. */
export function mayAskAgain(lastAskedAt: number, now: number): boolean {
  return now - lastAskedAt >= AUDIO_MIN_RENEW_MS;
}

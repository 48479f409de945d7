import { describe, expect, it } from 'vitest';
import { SHARE_AUDIO_SECONDS } from '../../../cloud/supabase/functions/share-audio/rules';
import { AUDIO_MIN_RENEW_MS, audioRenewDelayMs, mayAskAgain } from './audio-lease';

describe('the listener’s audio lease', () => {
  it('asks again a minute before an address signed by share-audio lapses', () => {
    const now = 1_800_000_000_000;
    expect(audioRenewDelayMs(now + SHARE_AUDIO_SECONDS * 1000, now)).toBe(SHARE_AUDIO_SECONDS * 1000 - 60_000);
  });

  it('asks soon, never at once, for an address already lapsing or lapsed, or a date that is not one', () => {
    const now = 1_800_000_000_000;
    for (const expiresAt of [now + 30_000, now, now - 3_600_000, Number.NaN]) expect(audioRenewDelayMs(expiresAt, now)).toBe(AUDIO_MIN_RENEW_MS);
  });

  it('a failing player asks again at most every few seconds', () => {
    expect(mayAskAgain(1000, 1000 + AUDIO_MIN_RENEW_MS - 1)).toBe(false);
    expect(mayAskAgain(1000, 1000 + AUDIO_MIN_RENEW_MS)).toBe(true);
  });
});

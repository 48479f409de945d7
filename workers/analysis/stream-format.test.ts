import { describe, expect, it } from 'vitest';
import { streamFormatRefusal } from './stream-format';

describe('the one rule for a stream a decoder reads (issue 42)', () => {
  it.each([
    ['CD audio', 'flac', 44_100, 2],
    ['the lowest rate audio uses', 'wav', 1000, 1],
    ['the highest (DXD times eight)', 'aiff', 768_000, 2],
    ['as many channels as a stream may carry', 'wav', 48_000, 32],
    ['mono MP3 at MPEG 2.5’s lowest rate', 'mp3', 8000, 1],
  ] as const)('takes %s', (_case, kind, sampleRate, channels) => {
    expect(streamFormatRefusal(kind, { sampleRate, channels })).toBeNull();
  });

  it.each([
    // A 1-4 Hz rate makes the loudness meter's 100 ms segment 0 frames; the resampler would make 5,000 samples of one.
    ['flac', 1, 2, 'The FLAC file’s sample rate (1 Hz) is not one audio uses.'],
    ['flac', 4, 2, 'The FLAC file’s sample rate (4 Hz) is not one audio uses.'],
    ['wav', 999, 2, 'The WAV file’s sample rate (999 Hz) is not one audio uses.'],
    ['aiff', 768_001, 2, 'The AIFF file’s sample rate (768001 Hz) is not one audio uses.'],
    ['aiff', Number.NaN, 2, 'The AIFF file’s sample rate (NaN Hz) is not one audio uses.'],
    ['wav', Number.POSITIVE_INFINITY, 2, 'The WAV file’s sample rate (Infinity Hz) is not one audio uses.'],
    ['wav', 0, 2, 'The WAV file’s sample rate (0 Hz) is not one audio uses.'],
    ['wav', 44_100, 0, 'The WAV file’s channel count (0) is not one audio uses: Songshelf analyses 1 to 32.'],
    ['aiff', 44_100, -2, 'The AIFF file’s channel count (-2) is not one audio uses: Songshelf analyses 1 to 32.'],
    ['wav', 44_100, 33, 'The WAV file’s channel count (33) is not one audio uses: Songshelf analyses 1 to 32.'],
    ['wav', 44_100, 1.5, 'The WAV file’s channel count (1.5) is not one audio uses: Songshelf analyses 1 to 32.'],
  ] as const)('refuses a %s stream at %s Hz with %s channels, saying why', (kind, sampleRate, channels, reason) => {
    expect(streamFormatRefusal(kind, { sampleRate, channels })).toBe(reason);
  });
});

/**
 * The one rule for the stream a decoder reads for the analysis (issue 42): a sample rate audio uses and a channel
 * count a file can really carry. Every buffer of a decode is sized from these two (the loudness meter's 100 ms
 * segment is a tenth of the rate in frames, 0 below 5 Hz; the resampler makes 22,050 / rate samples of each one;
 * the planar chunks are one array a channel), so outside them no buffer has a sane size: a FLAC declaring 2 Hz sent
 * the core's memory up by gigabytes.
 *
 * Judged by this function only: on what a header declares, before any decoder opens it (`declared-format.ts`, from
 * `decode.ts`, for every decoder, ffmpeg's included; and the WAV and AIFF readers, `workers/readers/audio/`, on
 * the header they read, so that no caller of theirs gets a layout the rule refuses), and on what a memory-safe
 * decoder answers, before anything is made for its samples (`decode-in-process.ts`): a FLAC's frames may name a
 * rate of their own. It imports nothing of the workers, so the readers, which the analysis builds on, may call it
 * without leaning on the rest of the analysis.
 */
import type { DecodableAudio } from '../../common/audio/media';

export interface StreamFormat {
  sampleRate: number;
  channels: number;
}

/** Sample rates audio uses, with room on both sides: 1 kHz to 768 kHz (DXD times eight). */
export const STREAM_RATES = { min: 1000, max: 768_000 } as const;

/**
 * The most channels a stream may carry: 32. FLAC carries 8 and MP3 2; the bundled ffmpeg reads a WAV of 16 channels
 * but already fails on 9 or 32 (it has no layout for them); 32 is room for third-order ambisonics and stems in one
 * file, not for a header's 65,535.
 */
export const MAX_STREAM_CHANNELS = 32;

const NAMES: Record<DecodableAudio, string> = { wav: 'WAV', aiff: 'AIFF', flac: 'FLAC', mp3: 'MP3' };

/** Null when a decoder may read the stream; otherwise why not, in the words the analysis keeps on the song. */
export function streamFormatRefusal(kind: DecodableAudio, { sampleRate, channels }: StreamFormat): string | null {
  const file = `The ${NAMES[kind]} file’s`;
  // The channels first: the planar buffers are sized by them before the rate matters.
  if (!Number.isInteger(channels) || channels < 1 || channels > MAX_STREAM_CHANNELS) {
    return `${file} channel count (${channels}) is not one audio uses: Songshelf analyses 1 to ${MAX_STREAM_CHANNELS}.`;
  }
  // Written so that NaN fails too.
  if (!(sampleRate >= STREAM_RATES.min && sampleRate <= STREAM_RATES.max)) return `${file} sample rate (${sampleRate} Hz) is not one audio uses.`;
  return null;
}

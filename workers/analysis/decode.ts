/**
 * One decode per file for the analysis, and the choice of decoder. The file is checked first (`openAudioInput`):
 * bytes that are not what its name says are refused and never decoded. Then the rate and channels its header
 * declares are held to the one rule (`stream-format.ts`), before any decoder is opened: a stream no audio has
 * reaches none of them. Then the memory-safe decoders read it in this worker (`decode-in-process.ts`: WAV and AIFF
 * in TypeScript, MP3 and FLAC in WebAssembly, loudness measured here), and only what they do not read (an a-law WAV,
 * more than eight channels) goes to the native ffmpeg (`decode-ffmpeg.ts`), with its kind's demuxer named and its
 * codecs listed.
 */
import { openAudioInput } from '../audio-input';
import { declaredFormat } from './declared-format';
import type { DecodeLimits, DecodeOutcome } from './decoded-audio';
import { decodeWithFfmpeg } from './decode-ffmpeg';
import { decodeInProcess } from './decode-in-process';
import { streamFormatRefusal, type StreamFormat } from './stream-format';

export type { DecodedAudio, DecodeOutcome, Loudness } from './decoded-audio';
export { parseLoudness } from './decode-ffmpeg';

/** 'ffmpeg': the native decoder for every file (the benchmark's yardstick). Default 'auto': ffmpeg only as above. */
export type AnalysisDecoder = 'auto' | 'ffmpeg';

export async function decodeForAnalysis(filePath: string, limits: DecodeLimits & { decoder?: AnalysisDecoder }): Promise<DecodeOutcome> {
  const checked = await openAudioInput(filePath);
  if (!checked.ok) return checked.refused ? { ok: false, refused: true, reason: checked.reason } : { ok: false, reason: checked.reason };
  let declared: StreamFormat | null;
  try {
    declared = await declaredFormat(checked.input);
  } catch (error) {
    // Gone or unplugged since it was checked: it could not be read, which a later scan may retry.
    return { ok: false, reason: `The file could not be read: ${error instanceof Error ? error.message : String(error)}` };
  }
  const refusal = declared && streamFormatRefusal(checked.input.kind, declared);
  if (refusal) return { ok: false, reason: refusal };
  if (limits.decoder === 'ffmpeg') return decodeWithFfmpeg(checked.input, limits);
  const outcome = await decodeInProcess(checked.input, limits);
  return 'unsupported' in outcome ? decodeWithFfmpeg(checked.input, limits) : outcome;
}

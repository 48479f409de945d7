/**
 * One decode per file for the analysis, and the choice of decoder. The file is checked first (`openAudioInput`):
 * bytes that are not what its name says are refused and never decoded. Then the memory-safe decoders read it in
 * this worker (`decode-in-process.ts`: WAV and AIFF in TypeScript, MP3 and FLAC in WebAssembly, loudness measured
 * here), and only what they do not read (an a-law WAV, more than eight channels) goes to the native ffmpeg
 * (`decode-ffmpeg.ts`), with its kind's demuxer named and its codecs listed.
 */
import { openAudioInput } from '../audio-input';
import type { DecodeLimits, DecodeOutcome } from './decoded-audio';
import { decodeWithFfmpeg } from './decode-ffmpeg';
import { decodeInProcess } from './decode-in-process';

export type { DecodedAudio, DecodeOutcome, Loudness } from './decoded-audio';
export { parseLoudness } from './decode-ffmpeg';

/** 'ffmpeg': the native decoder for every file (the benchmark's yardstick). Default 'auto': ffmpeg only as above. */
export type AnalysisDecoder = 'auto' | 'ffmpeg';

export async function decodeForAnalysis(filePath: string, limits: DecodeLimits & { decoder?: AnalysisDecoder }): Promise<DecodeOutcome> {
  const checked = await openAudioInput(filePath);
  if (!checked.ok) return checked.refused ? { ok: false, refused: true, reason: checked.reason } : { ok: false, reason: checked.reason };
  if (limits.decoder === 'ffmpeg') return decodeWithFfmpeg(checked.input, limits);
  const outcome = await decodeInProcess(checked.input, limits);
  return 'unsupported' in outcome ? decodeWithFfmpeg(checked.input, limits) : outcome;
}

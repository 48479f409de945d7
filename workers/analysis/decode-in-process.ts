/**
 * The analysis's decode without a native decoder: WAV and AIFF read as the PCM their headers describe
 * (`workers/readers/audio/`), MP3 and FLAC by WebAssembly decoders (`wasm-decoders.ts`), all poured into one
 * `AnalysisSink`. A file of a kind these do not read (an a-law WAV, a 16-channel AIFF) answers `unsupported`, for
 * `decode.ts` to hand to ffmpeg; a file whose header cannot be right answers why, and nothing decodes it.
 * The run stops between chunks when cancelled or past its time limit, as ffmpeg is stopped, and at the chunk that
 * would take it past the longest audio a decode takes (`MAX_DECODED_SECONDS`).
 *
 * The first chunk's rate and channels, as the decoder answers them, are held to `streamFormatRefusal` before the sink
 * is made for them: the header was judged already (`decode.ts`), but a FLAC's frames may name a rate of their own.
 */
import type { FileHandle } from 'node:fs/promises';
import type { DecodableAudio } from '../../common/audio/media';
import type { AudioInput } from '../audio-input';
import { readAiffHeader } from '../readers/audio/aiff-header';
import { BoundedReadError, openRegularFile } from '../readers/bounded-file';
import { pcmFrames } from '../readers/audio/pcm-frames';
import type { PcmHeader } from '../readers/audio/pcm-layout';
import { readWavHeader } from '../readers/audio/wav-header';
import { AnalysisSink } from './analysis-sink';
import { DECODE_CANCELLED, DECODE_TOO_LONG, MAX_DECODED_SECONDS, NO_AUDIO, tooMuchAudio, type DecodeLimits, type DecodeOutcome } from './decoded-audio';
import { streamFormatRefusal } from './stream-format';
import { wasmFrames, type DecodeProblems } from './wasm-decoders';

export type InProcessOutcome = DecodeOutcome | { ok: false; unsupported: string };

interface Chunk {
  planar: Float32Array[];
  frames: number;
  sampleRate: number;
}

export async function decodeInProcess(input: AudioInput, limits: DecodeLimits): Promise<InProcessOutcome> {
  let handle: FileHandle;
  try {
    // Checked as a regular file before (`openAudioInput`), but opened again here: it may have been swapped since.
    handle = await openRegularFile(input.path);
  } catch (error) {
    const notRegular = error instanceof BoundedReadError && error.code === undefined;
    return { ok: false, reason: notRegular ? `The file could not be read: it ${error.reason}.` : 'The file could not be read.' };
  }
  try {
    if (input.kind === 'mp3' || input.kind === 'flac') {
      const problems: DecodeProblems = { first: null };
      const outcome = await pour(wasmFrames(handle, input.kind, problems), input.kind, limits);
      return !outcome.ok && outcome.reason === NO_AUDIO && problems.first ? { ok: false, reason: `The audio could not be decoded: ${problems.first}` } : outcome;
    }
    const size = (await handle.stat()).size;
    const header: PcmHeader = input.kind === 'wav' ? await readWavHeader(handle, size) : await readAiffHeader(handle, size);
    if (!header.ok) return header;
    const { layout } = header;
    return await pour(withRate(pcmFrames(handle, layout), layout.sampleRate), input.kind, limits);
  } catch (error) {
    // A read that fails midway (a drive unplugged): the file could not be read, which a later scan may retry.
    return { ok: false, reason: `The file could not be read: ${error instanceof Error ? error.message : String(error)}` };
  } finally {
    await handle.close();
  }
}

async function* withRate(chunks: AsyncIterable<{ planar: Float32Array[]; frames: number }>, sampleRate: number): AsyncGenerator<Chunk> {
  for await (const chunk of chunks) yield { ...chunk, sampleRate };
}

/** Every chunk into one sink, made for the first chunk's channels and rate; a stream that changes them is refused. */
async function pour(chunks: AsyncIterable<Chunk>, kind: DecodableAudio, limits: DecodeLimits): Promise<DecodeOutcome> {
  const deadline = Date.now() + limits.timeLimitMs;
  const maxSeconds = limits.maxSeconds ?? MAX_DECODED_SECONDS;
  let sink: AnalysisSink | null = null;
  for await (const { planar, frames, sampleRate } of chunks) {
    if (limits.signal?.aborted) return { ok: false, reason: DECODE_CANCELLED };
    if (Date.now() > deadline) return { ok: false, reason: DECODE_TOO_LONG };
    if (!sink) {
      const refusal = streamFormatRefusal(kind, { sampleRate, channels: planar.length });
      if (refusal) return { ok: false, reason: refusal };
      sink = new AnalysisSink(planar.length, sampleRate, maxSeconds);
    }
    if (planar.length !== sink.channels || sampleRate !== sink.sampleRate) return { ok: false, reason: 'The audio changes its channels or sample rate midway, which Songshelf does not analyse.' };
    if (!sink.push(planar, frames)) return { ok: false, reason: tooMuchAudio(maxSeconds) };
  }
  if (limits.signal?.aborted) return { ok: false, reason: DECODE_CANCELLED };
  const decoded = sink?.finish() ?? null;
  return decoded ? { ok: true, value: decoded } : { ok: false, reason: NO_AUDIO };
}

/**
 * MP3 and FLAC decoded in WebAssembly (`mpg123-decoder`: libmpg123; `@wasm-audio-decoders/flac`: libFLAC), inside
 * the worker: a decoder bug can only scribble on its own linear memory, never on the process, which the native
 * ffmpeg of 2018 could. The file is read `READ_BYTES` at a time, as it streams; each decoder call's samples come out
 * planar, with the rate the stream declares (held to `streamFormatRefusal` before anything is made for them:
 * `decode-in-process.ts`). The MP3 decoder always answers two channels: a mono stream (its first frame says so,
 * `mpeg-frame.ts`) is taken from the first.
 *
 * What one decoder call answers is bounded before it is made (issue 42: a decode's buffers are bounded before they
 * are allocated), since a call hands back all its samples in one set of arrays:
 * - FLAC: a frame of constant subframes is about 14 bytes for up to 65,535 samples a channel, so a megabyte fed
 *   whole came back as an hour of silence (1.8 GB of arrays). The bytes are split into frames by the parser the
 *   decoder itself uses (`codec-parser`), and the decoder is given at most `FLAC_FRAMES_PER_CALL` of them a call.
 *   libFLAC decodes one frame per piece it is given (at most 65,535 samples of at most 8 channels), whatever the
 *   piece holds, so a call answers at most 8 x 65,535 frames: 16 MB of float32 at 8 channels.
 * - MP3 needs no split: its frames are bounded by nature (at most 1,152 samples a channel) and the smallest frame
 *   still carries its header and side information (13 bytes for 576 samples, a free-format mono MPEG-2 frame), so
 *   `READ_BYTES` of it answer at most about 2.9 million frames of the decoder's 2 channels: 23 MB of float32.
 */
import type { FileHandle } from 'node:fs/promises';
import { FLACDecoder } from '@wasm-audio-decoders/flac';
import CodecParser, { type CodecFrame } from 'codec-parser';
import { MPEGDecoder } from 'mpg123-decoder';
import { mpegChannels } from '../readers/audio/mpeg-frame';

export interface DecodedChunk {
  planar: Float32Array[];
  frames: number;
  sampleRate: number;
}

/** What a stream said when it went wrong, kept for the message if no audio comes out at all. */
export interface DecodeProblems {
  first: string | null;
}

/** 64 KB: what bounds an MP3 call (above); reading FLAC in larger pieces was no faster. */
const READ_BYTES = 1 << 16;

/** FLAC frames (pieces, see `flacPieces`) given to the decoder in one call: 8, about 37,000 frames of a usual file. */
const FLAC_FRAMES_PER_CALL = 8;

/** The most bytes the FLAC decoder hands libFLAC at once (its own `_MAX_INPUT_SIZE`): a longer frame is two pieces. */
const FLAC_PIECE_BYTES = 65_535 * 8;

interface Answer {
  channelData: Float32Array[];
  samplesDecoded: number;
  sampleRate: number;
  errors: { message: string }[];
}

/** A kind's decoder: the answers of its calls for the next bytes of the file, or for what it holds at the end (null). */
interface StreamDecoder {
  answers(bytes: Uint8Array | null): AsyncGenerator<Answer>;
  free(): void;
}

async function openDecoder(kind: 'mp3' | 'flac'): Promise<StreamDecoder> {
  if (kind === 'mp3') {
    const mp3 = new MPEGDecoder();
    await mp3.ready;
    // mpg123 answers every frame it is given: nothing is left at the end.
    return {
      async *answers(bytes) {
        if (bytes) yield mp3.decode(bytes);
      },
      free: () => mp3.free(),
    };
  }
  const flac = new FLACDecoder();
  await flac.ready;
  // The decoder's own parser, with the decoder's options: the same frames it would have found in the bytes.
  const parser = new CodecParser<CodecFrame>('audio/flac', { enableFrameCRC32: false });
  return {
    async *answers(bytes) {
      let batch: Uint8Array[] = [];
      let pieces = 0;
      const frames = bytes ? parser.parseChunk(bytes) : parser.flush();
      for (let next = frames.next(); !next.done; next = frames.next()) {
        const frame = next.value.data;
        if (batch.length > 0 && pieces + flacPieces(frame) > FLAC_FRAMES_PER_CALL) {
          yield await flac.decodeFrames(batch);
          batch = [];
          pieces = 0;
        }
        batch.push(frame);
        pieces += flacPieces(frame);
      }
      if (batch.length > 0) yield await flac.decodeFrames(batch);
    },
    free: () => flac.free(),
  };
}

/**
 * The decoder calls libFLAC once per piece of a frame, and each piece answers at most one frame. A frame the parser
 * could not end (a stream's last bytes, or garbage) may be longer than a piece; what it holds past the first frame is
 * answered by later pieces, one frame each, so counting pieces bounds the call.
 */
function flacPieces(frame: Uint8Array): number {
  return Math.max(1, Math.ceil(frame.length / FLAC_PIECE_BYTES));
}

/**
 * The file's samples, one chunk per decoder call (told to `onDecoderCall` as it answers); `problems.first` holds
 * the decoder's first complaint, if it made any.
 */
export async function* wasmFrames(handle: FileHandle, kind: 'mp3' | 'flac', problems: DecodeProblems, onDecoderCall?: (frames: number) => void): AsyncGenerator<DecodedChunk> {
  const channels = kind === 'mp3' ? await mpegChannels(handle) : null;
  const decoder = await openDecoder(kind);
  const planarOf = (channelData: Float32Array[]) => (channels === 1 ? channelData.slice(0, 1) : channelData);
  try {
    for (let position = 0, end = false; !end; ) {
      // A fresh buffer each time: the FLAC parser keeps a view of bytes it has not used yet.
      const bytes = new Uint8Array(READ_BYTES);
      const { bytesRead } = await handle.read(bytes, 0, READ_BYTES, position);
      position += bytesRead;
      end = bytesRead === 0;
      for await (const answer of decoder.answers(end ? null : bytes.subarray(0, bytesRead))) {
        onDecoderCall?.(answer.samplesDecoded);
        problems.first ??= answer.errors[0]?.message ?? null;
        if (answer.samplesDecoded > 0) yield { planar: planarOf(answer.channelData), frames: answer.samplesDecoded, sampleRate: answer.sampleRate };
      }
    }
  } finally {
    decoder.free();
  }
}

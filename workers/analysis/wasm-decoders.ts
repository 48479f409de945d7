/**
 * MP3 and FLAC decoded in WebAssembly (`mpg123-decoder`: libmpg123; `@wasm-audio-decoders/flac`: libFLAC), inside
 * the worker: a decoder bug can only scribble on its own linear memory, never on the process, which the native
 * ffmpeg of 2018 could. The file is fed in `READ_BYTES` pieces, as it streams; each piece's samples come out planar,
 * with the rate the stream declares (held to `streamFormatRefusal` before anything is made for them:
 * `decode-in-process.ts`). The MP3 decoder always answers two channels: a mono stream (its first frame says so,
 * `mpeg-frame.ts`) is taken from the first.
 */
import type { FileHandle } from 'node:fs/promises';
import { FLACDecoder } from '@wasm-audio-decoders/flac';
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

const READ_BYTES = 1 << 20;

interface StreamDecoder {
  decode(bytes: Uint8Array): Promise<{ channelData: Float32Array[]; samplesDecoded: number; sampleRate: number; errors: { message: string }[] }>;
  flush(): Promise<{ channelData: Float32Array[]; samplesDecoded: number; sampleRate: number; errors: { message: string }[] } | null>;
  free(): void;
}

async function openDecoder(kind: 'mp3' | 'flac'): Promise<StreamDecoder> {
  if (kind === 'mp3') {
    const mp3 = new MPEGDecoder();
    await mp3.ready;
    // Synchronous in WebAssembly; `flush` has nothing left, since mpg123 answers every frame it is given.
    return { decode: (bytes) => Promise.resolve(mp3.decode(bytes)), flush: () => Promise.resolve(null), free: () => mp3.free() };
  }
  const flac = new FLACDecoder();
  await flac.ready;
  return { decode: (bytes) => flac.decode(bytes), flush: () => flac.flush(), free: () => flac.free() };
}

/** The file's samples, piece by piece; `problems.first` holds the decoder's first complaint, if it made any. */
export async function* wasmFrames(handle: FileHandle, kind: 'mp3' | 'flac', problems: DecodeProblems): AsyncGenerator<DecodedChunk> {
  const channels = kind === 'mp3' ? await mpegChannels(handle) : null;
  const decoder = await openDecoder(kind);
  const planarOf = (channelData: Float32Array[]) => (channels === 1 ? channelData.slice(0, 1) : channelData);
  try {
    for (let position = 0; ; ) {
      // A fresh buffer each time: the FLAC decoder's frame parser may keep a view of bytes it has not used yet.
      const bytes = new Uint8Array(READ_BYTES);
      const { bytesRead } = await handle.read(bytes, 0, READ_BYTES, position);
      if (bytesRead === 0) break;
      position += bytesRead;
      const decoded = await decoder.decode(bytes.subarray(0, bytesRead));
      problems.first ??= decoded.errors[0]?.message ?? null;
      if (decoded.samplesDecoded > 0) yield { planar: planarOf(decoded.channelData), frames: decoded.samplesDecoded, sampleRate: decoded.sampleRate };
    }
    const last = await decoder.flush();
    if (last && last.samplesDecoded > 0) yield { planar: planarOf(last.channelData), frames: last.samplesDecoded, sampleRate: last.sampleRate };
  } finally {
    decoder.free();
  }
}

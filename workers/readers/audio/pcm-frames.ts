/**
 * A WAV's or AIFF's samples as float, read straight from the file in chunks of `CHUNK_FRAMES` frames: no decoder,
 * only the conversion its header names (`pcm-layout.ts`). The planar arrays handed out are reused for the next
 * chunk: read them before asking for it.
 */
import type { FileHandle } from 'node:fs/promises';
import { BYTES_PER_SAMPLE, pcmToFloat, type PcmLayout } from './pcm-layout';

/** About a second and a half at 44.1 kHz: big enough that the per-chunk cost vanishes, small enough to stay in cache. */
const CHUNK_FRAMES = 65_536;

export interface PcmChunk {
  planar: Float32Array[];
  frames: number;
}

export async function* pcmFrames(handle: FileHandle, layout: PcmLayout, chunkFrames = CHUNK_FRAMES): AsyncGenerator<PcmChunk> {
  const frameBytes = BYTES_PER_SAMPLE[layout.encoding] * layout.channels;
  const bytes = new Uint8Array(chunkFrames * frameBytes);
  const planar = Array.from({ length: layout.channels }, () => new Float32Array(chunkFrames));
  let done = 0;
  while (done < layout.frames) {
    const wanted = Math.min(chunkFrames, layout.frames - done);
    const { bytesRead } = await handle.read(bytes, 0, wanted * frameBytes, layout.dataOffset + done * frameBytes);
    // The file shrank since its header was read: what is there is all there is.
    const frames = Math.floor(bytesRead / frameBytes);
    if (frames === 0) return;
    pcmToFloat(bytes.subarray(0, frames * frameBytes), frames, layout.channels, layout.encoding, planar);
    done += frames;
    yield { planar, frames };
  }
}

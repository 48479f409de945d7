/**
 * The sample rate and channels a file's header declares, read in a few bytes before any decoder is opened, for
 * `streamFormatRefusal` to judge (`decode.ts`): the WAV's `fmt ` chunk, the AIFF's `COMM` chunk, the FLAC's
 * STREAMINFO (which the format puts first). Read here rather than by the decoders because ffmpeg, and the WAV reader
 * for what it leaves to ffmpeg (a-law, more than eight channels), would otherwise never have them checked.
 *
 * An MP3 declares nothing the rule could refuse: its frame header names the rate from MPEG's table (8 to 48 kHz) and
 * one or two channels, so it is judged by what its decoder answers. Null when the header is not where it must be:
 * the decoders refuse such a file themselves, with their own reason.
 */
import fs from 'node:fs/promises';
import type { AudioInput } from '../audio-input';
import { extended80 } from '../readers/audio/aiff-header';
import { chunksOf, readAt } from '../readers/audio/chunked-file';
import type { StreamFormat } from './stream-format';

/** 'fLaC', then STREAMINFO's block header (type 0) and its 34 bytes. */
const FLAC_HEAD_BYTES = 8 + 34;

export async function declaredFormat(input: AudioInput): Promise<StreamFormat | null> {
  if (input.kind === 'mp3') return null;
  const handle = await fs.open(input.path, 'r');
  try {
    if (input.kind === 'flac') return flacStreamInfo(await readAt(handle, 0, FLAC_HEAD_BYTES));
    const size = (await handle.stat()).size;
    const little = input.kind === 'wav';
    for await (const chunk of chunksOf(handle, 12, size, little)) {
      if (little && chunk.id === 'fmt ') return wavFormat(await readAt(handle, chunk.offset, 8));
      if (!little && chunk.id === 'COMM') return aiffCommon(await readAt(handle, chunk.offset, 18));
    }
    return null;
  } finally {
    await handle.close();
  }
}

/** Channels (16 bits) then the rate (32), after the format tag; WAVE_FORMAT_EXTENSIBLE keeps them there. */
function wavFormat(body: Buffer): StreamFormat | null {
  return body.length < 8 ? null : { channels: body.readUInt16LE(2), sampleRate: body.readUInt32LE(4) };
}

/** Channels (signed 16 bits), frames, bits, then the rate as an 80-bit extended float. */
function aiffCommon(body: Buffer): StreamFormat | null {
  return body.length < 18 ? null : { channels: body.readInt16BE(0), sampleRate: extended80(body.subarray(8, 18)) };
}

/** STREAMINFO: after 10 bytes of block and frame sizes, the rate in 20 bits and the channels less one in 3. */
function flacStreamInfo(head: Buffer): StreamFormat | null {
  if (head.length < FLAC_HEAD_BYTES || (head[4]! & 0x7f) !== 0) return null;
  return { sampleRate: (head[18]! << 12) | (head[19]! << 4) | (head[20]! >> 4), channels: ((head[20]! >> 1) & 0b111) + 1 };
}

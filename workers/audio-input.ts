/**
 * The one door from a user's file to a decoder (the analysis's, or ffmpeg's for a compression): the file's first
 * bytes are read and held to what its name says (`decodableAudioOf`, the rule the upload path's sniffer is built on),
 * and only then is it handed on, with its kind, which names the decoder (never a probe of the content). A file whose
 * bytes are not what its name says is refused with the reason; nothing of it is decoded.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { AUDIO_HEADER_BYTES, decodableAudioOf, type DecodableAudio } from '../common/audio/media';
import { notDecodableAudio, notTheAudioItsNameSays } from '../common/messages';

/** A file checked by `openAudioInput`: the only kind of input a decoder takes. */
export interface AudioInput {
  readonly path: string;
  readonly kind: DecodableAudio;
}

export type AudioInputCheck =
  | { ok: true; input: AudioInput }
  /** `refused`: its bytes are not what its name says (no retry can change that); otherwise it could not be read. */
  | { ok: false; refused: boolean; reason: string };

const UNREADABLE_AUDIO = 'The file could not be read.';

export async function openAudioInput(filePath: string): Promise<AudioInputCheck> {
  const header = await readHeader(filePath);
  if (header === null) return { ok: false, refused: false, reason: UNREADABLE_AUDIO };
  const name = path.basename(filePath);
  const check = decodableAudioOf(name, header);
  if (check.ok) return { ok: true, input: { path: filePath, kind: check.kind } };
  return { ok: false, refused: true, reason: check.promised ? notTheAudioItsNameSays(name, check.promised.named) : notDecodableAudio(name) };
}

/** The first bytes of a regular file; null when it is missing, unreadable or not a file (a FIFO would block a read). */
async function readHeader(filePath: string): Promise<Buffer | null> {
  // O_NONBLOCK: opening a FIFO named like audio must not wait for a writer; the stat below then refuses it.
  const handle = await fs.open(filePath, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK).catch(() => null);
  if (!handle) return null;
  try {
    if (!(await handle.stat()).isFile()) return null;
    const header = Buffer.alloc(AUDIO_HEADER_BYTES);
    const { bytesRead } = await handle.read(header, 0, AUDIO_HEADER_BYTES, 0);
    return header.subarray(0, bytesRead);
  } catch {
    // A read error (a drive that went away) is the same answer as a missing file: it could not be read.
    return null;
  } finally {
    await handle.close();
  }
}

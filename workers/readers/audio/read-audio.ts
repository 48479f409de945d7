/** Audio facts (duration, sample rate, channels, bit depth, bitrate) read by music-metadata. */
import { parseFile } from 'music-metadata';
import { UnreadableFileError, type AudioMeta } from '../../../common/projects/project-meta';
import { extensionOf } from '../../../common/projects/file-kinds';

export async function readAudio(filePath: string): Promise<AudioMeta> {
  let metadata;
  try {
    // Duration from headers only: scanning whole files for an exact MP3 duration is too slow for a library.
    metadata = await parseFile(filePath, { duration: false, skipCovers: true });
  } catch (error) {
    throw new UnreadableFileError(filePath, `not readable as audio (${error instanceof Error ? error.message : String(error)})`);
  }
  const { format } = metadata;
  return {
    format: (format.container ?? extensionOf(filePath).slice(1)).toLowerCase(),
    durationSeconds: format.duration ?? null,
    sampleRate: format.sampleRate ?? null,
    channels: format.numberOfChannels ?? null,
    bitDepth: format.bitsPerSample ?? null,
    bitrate: format.bitrate === undefined ? null : Math.round(format.bitrate),
  };
}

/**
 * What an upload may read: an audio file inside the library's folders (the watched folders and the app's own data),
 * known by its name and by its first bytes. A song's local path is only a claim (the page can set it, and a pulled
 * song once carried another computer's): a key, a document or a database renamed `mix.wav`, or any file outside those
 * folders, is refused before a byte of it is read whole or sent anywhere.
 */
import path from 'node:path';
import { AppError, isAppError } from '../../common/errors';
import { AUDIO_CONTENT_TYPES, AUDIO_HEADER_BYTES, fileExtension, looksLikeAudio } from '../../common/audio/media';
import { audioOutsideLibrary, notAnAudioFileName, notAudioContent } from '../../common/messages';
import { isMissing, resolveAllowedPath, type LibraryRoot } from './file-access';
import { openRegularFile } from './regular-file';

/**
 * The real path of an audio file the song links, once it is checked: its name is one of the audio kinds, it is
 * inside `roots` (through any symlink), and its content starts like audio. A missing or empty file is answered as
 * it is, for the caller to say so. Read the returned path, never the requested one: a link swapped after the check
 * must not lead elsewhere.
 */
export async function resolveAudioFile(requested: string, roots: readonly LibraryRoot[]): Promise<string> {
  const name = path.basename(requested);
  if (!Object.hasOwn(AUDIO_CONTENT_TYPES, fileExtension(name))) throw new AppError('forbidden', notAnAudioFileName(name));
  const target = await resolveAllowedPath(requested, roots).catch((error: unknown) => {
    throw isAppError(error) ? new AppError('forbidden', audioOutsideLibrary(name), { cause: error }) : error;
  });
  const header = await readHeader(target);
  if (header !== null && header.length > 0 && !looksLikeAudio(header)) throw new AppError('forbidden', notAudioContent(name));
  return target;
}

/** The file's first bytes; null when it is missing. Anything but a regular file (a FIFO would block) is refused. */
async function readHeader(target: string): Promise<Buffer | null> {
  const handle = await openRegularFile(target).catch((error: unknown) => (isMissing(error) ? null : Promise.reject(error)));
  if (!handle) return null;
  try {
    const header = Buffer.alloc(AUDIO_HEADER_BYTES);
    const { bytesRead } = await handle.read(header, 0, AUDIO_HEADER_BYTES, 0);
    return header.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

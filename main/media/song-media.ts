/**
 * The player's audio, the same for both shells (the browser host's endpoint, Electron's media scheme): a song's
 * own linked file, looked up by the song's id, served with Range support so the player can seek. The file is
 * served only from inside the library's folders: the renderer can set a song's path to anything, and must
 * not turn the player into a reader of the whole disk.
 */
import type { FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { isAppError } from '../../common/errors';
import { AUDIO_CONTENT_TYPES, fileExtension } from '../../common/audio/media';
import type { Db } from '../../db/handle';
import { getSong } from '../../db/repositories/songs';
import { isMissing, resolveAllowedPath } from '../security/file-access';
import { libraryRoots } from '../security/library-roots';
import { openRegularFile } from '../security/regular-file';
import { parseRange } from './byte-range';

export interface MediaRequest {
  method: 'GET' | 'HEAD';
  /** The `Range` header, if any. */
  range: string | undefined;
}

export interface MediaResponse {
  status: 200 | 206 | 403 | 404 | 416;
  headers: Record<string, string>;
  /** The file's bytes, a plain message for a refusal, or nothing (HEAD). */
  body: Readable | string | null;
}

export async function songMediaResponse(db: Db, dataDir: string, songId: string, request: MediaRequest): Promise<MediaResponse> {
  const song = getSong(db, songId);
  if (!song) return message(404, 'No song with this id.');
  const localPath = song.file?.localPath ?? null;
  if (localPath === null) return message(404, 'This song has no audio file on this computer.');
  // Audio only: the data folder also holds the library's database, which no song should be able to stream.
  if (!Object.hasOwn(AUDIO_CONTENT_TYPES, fileExtension(localPath))) return message(403, 'Songshelf plays audio files only.');
  const target = await resolveAllowedPath(localPath, libraryRoots(db, dataDir)).catch((error: unknown) => {
    if (isAppError(error)) return null;
    throw error;
  });
  if (target === null) return message(403, 'This song’s audio file is outside your watched folders, so Songshelf will not play it.');

  // Opened without waiting, and only a regular file: a folder or a FIFO (which would block the read) is not audio.
  const handle = await openRegularFile(target).catch((error: unknown) => (isMissing(error) || isAppError(error) ? null : Promise.reject(error)));
  if (!handle) return message(404, `The audio file of this song is missing: ${path.basename(localPath)}`);
  // The handle is the stream's from here, closed with it; every answer without a body closes it now.
  let streaming = false;
  try {
    const response = await answerFrom(handle, localPath, request);
    streaming = response.body instanceof Readable;
    return response;
  } finally {
    if (!streaming) await handle.close();
  }
}

async function answerFrom(handle: FileHandle, localPath: string, request: MediaRequest): Promise<MediaResponse> {
  const size = (await handle.stat()).size;
  const headers: Record<string, string> = {
    // By the name the song links (a symlinked bounce may point at a file with no extension).
    'Content-Type': AUDIO_CONTENT_TYPES[fileExtension(localPath)] as string,
    'Accept-Ranges': 'bytes',
    // The file can be replaced under the same song; the player adds the file's version to the address.
    'Cache-Control': 'no-cache',
  };
  const range = parseRange(request.range, size);
  if (range.kind === 'unsatisfiable') {
    return message(416, 'The requested range is outside the file.', { ...headers, 'Content-Range': `bytes */${size}` });
  }
  const [start, end] = range.kind === 'part' ? [range.start, range.end] : [0, size - 1];
  const length = end - start + 1;
  headers['Content-Length'] = String(length);
  if (range.kind === 'part') headers['Content-Range'] = `bytes ${start}-${end}/${size}`;
  const status = range.kind === 'part' ? 206 : 200;
  if (request.method === 'HEAD') return { status, headers, body: null };
  return { status, headers, body: length === 0 ? '' : handle.createReadStream({ start, end }) };
}

function message(status: MediaResponse['status'], text: string, headers: Record<string, string> = {}): MediaResponse {
  const body = Buffer.from(text);
  return {
    status,
    headers: { ...headers, 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': String(body.length) },
    body: text,
  };
}

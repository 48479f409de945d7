/** The browser host's `GET|HEAD /media/songs/<id>?token=…`: the player's audio (main/media/song-media.ts). */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import type { Core } from '../core';
import { songIdFromHostPath } from '../media/media-address';
import { songMediaResponse } from '../media/song-media';
import { checkMediaAccess } from './access';

const PLAIN = { 'Content-Type': 'text/plain; charset=utf-8' };

export async function serveMedia(
  core: Core,
  token: string,
  request: IncomingMessage,
  response: ServerResponse,
  headers: Record<string, string>,
): Promise<void> {
  const verdict = checkMediaAccess(request, token);
  if (!verdict.ok) {
    response.writeHead(verdict.status, { ...headers, ...PLAIN }).end('This address needs the session token.');
    return;
  }
  const songId = songIdFromHostPath(new URL(request.url ?? '/', 'http://local').pathname);
  if (songId === null) {
    response.writeHead(404, { ...headers, ...PLAIN }).end('Not found');
    return;
  }
  const method = request.method === 'HEAD' ? 'HEAD' : 'GET';
  const media = await songMediaResponse(core.db, core.dataDir, songId, { method, range: request.headers.range });
  response.writeHead(media.status, { ...headers, ...media.headers });
  if (media.body === null || typeof media.body === 'string') {
    response.end(media.body ?? undefined);
    return;
  }
  await pipeline(media.body, response).catch((error: unknown) => {
    // The player drops a request whenever it seeks: a closed response is routine, not a failure.
    if ((error as NodeJS.ErrnoException).code !== 'ERR_STREAM_PREMATURE_CLOSE') throw error;
  });
}

/**
 * Serves the player's audio on `songshelf-media://songs/<id>`: Electron's side of main/media/song-media.ts,
 * which does every check. This file only turns Electron's request into that call and its answer into a web
 * Response.
 */
import { Readable } from 'node:stream';
import { protocol } from 'electron';
import { MEDIA_SCHEME } from '../../common/audio/media';
import type { Core } from '../core';
import { songIdFromSchemeUrl } from '../media/media-address';
import { songMediaResponse } from '../media/song-media';

export function serveMedia(core: Core): void {
  protocol.handle(MEDIA_SCHEME, async (request) => {
    const songId = songIdFromSchemeUrl(new URL(request.url));
    if (songId === null) return new Response('Not found', { status: 404 });
    if (request.method !== 'GET' && request.method !== 'HEAD') return new Response('Method not allowed', { status: 405 });
    try {
      const media = await songMediaResponse(core.db, core.dataDir, songId, {
        method: request.method === 'HEAD' ? 'HEAD' : 'GET',
        range: request.headers.get('range') ?? undefined,
      });
      const body = media.body instanceof Readable ? (Readable.toWeb(media.body) as ReadableStream<Uint8Array>) : media.body;
      return new Response(body, { status: media.status, headers: media.headers });
    } catch (error) {
      console.error('[media] could not serve', request.url, error);
      return new Response('Songshelf could not read this file.', { status: 500 });
    }
  });
}

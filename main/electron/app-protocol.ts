/**
 * Serves the built renderer to the window from `songshelf-app://app/`, so client-side routes work (a file://
 * page cannot deep-link) and the origin is the app's own.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { net, protocol } from 'electron';
import { APP_SCHEME } from '../../common/bridge/app-links';
import { MEDIA_SCHEME } from '../../common/audio/media';
import { isInside } from '../security/file-access';


/**
 * Must run before the app is ready, and only once: each call replaces the previous list, so the media scheme
 * (main/electron/media-protocol.ts) is registered here too. `stream` lets the player start before the whole
 * file is read and seek with Range requests; `standard` parses `songshelf-media://songs/<id>` like http.
 */
export function registerAppSchemes(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
    { scheme: MEDIA_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true } },
  ]);
}

export function serveRenderer(rendererDir: string): void {
  protocol.handle(APP_SCHEME, (request) => {
    const { pathname } = new URL(request.url);
    const candidate = path.resolve(rendererDir, `.${decodeURIComponent(pathname)}`);
    const isAsset = path.extname(pathname) !== '';
    if (isAsset && !isInside(rendererDir, candidate)) return new Response('Forbidden', { status: 403 });
    const file = isAsset ? candidate : path.join(rendererDir, 'index.html');
    return net.fetch(pathToFileURL(file).toString());
  });
}

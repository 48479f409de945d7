/**
 * Serves the built renderer to the window from `songshelf-app://app/`, so client-side routes work (a file://
 * page cannot deep-link) and the origin is the app's own.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { net, protocol } from 'electron';
import { isInside } from '../security/file-access';

export const APP_SCHEME = 'songshelf-app';
export const APP_ORIGIN = `${APP_SCHEME}://app`;

/** Must run before the app is ready. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
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

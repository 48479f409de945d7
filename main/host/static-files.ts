/** Serves the built renderer: files from its folder, `index.html` for every app route (client-side routing). */
import fs from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { isInside } from '../security/file-access';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
  '.map': 'application/json',
};

export async function serveStatic(
  rendererDir: string,
  request: IncomingMessage,
  response: ServerResponse,
  headers: Record<string, string>,
): Promise<void> {
  const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://local').pathname);
  const candidate = path.resolve(rendererDir, `.${pathname}`);
  const file = isInside(rendererDir, candidate) && (await isFile(candidate)) ? candidate : null;
  if (!file && path.extname(pathname) !== '') {
    response.writeHead(404, { ...headers, 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
    return;
  }
  const served = file ?? path.join(rendererDir, 'index.html');
  const body = await fs.readFile(served).catch(() => null);
  if (!body) {
    response
      .writeHead(503, { ...headers, 'Content-Type': 'text/plain; charset=utf-8' })
      .end('The renderer is not built. Run `npm run build` (npm start does it for you).');
    return;
  }
  const isIndex = served.endsWith('index.html');
  response.writeHead(200, {
    ...headers,
    'Content-Type': CONTENT_TYPES[path.extname(served)] ?? 'application/octet-stream',
    // Hashed assets never change; the page itself must always be fresh.
    'Cache-Control': isIndex ? 'no-store' : 'public, max-age=31536000, immutable',
  });
  response.end(request.method === 'HEAD' ? undefined : body);
}

async function isFile(candidate: string): Promise<boolean> {
  const stats = await fs.stat(candidate).catch(() => null);
  return stats?.isFile() ?? false;
}

/**
 * The browser host: the core's contract over a WebSocket, and the built renderer over HTTP, on 127.0.0.1
 * only. It lets the real app run in any Chromium where no Electron binary can be installed (Linux, CI).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { BRIDGE_PATH } from '../../common/constants';
import { MEDIA_HOST_PATH } from '../../common/media';
import { isEventName } from '../../common/ipc';
import type { Core } from '../core';
import { contentSecurityPolicy } from '../security/csp';
import { allowedOrigins, checkBridgeAccess, isOwnHost, loggablePath, newToken } from './access';
import { MAX_IMPORT_BYTES } from '../../common/library-export';
import { parseCallFrame, type ServerFrame } from './bridge-protocol';
import { serveMedia } from './media-route';
import { serveStatic } from './static-files';

/**
 * The largest frame the bridge takes: just above the largest call the page makes, `library:import` (or its preview)
 * with a document of `MAX_IMPORT_BYTES` characters (common/library-export.ts). The router's bounds (common/ipc.ts
 * `inputBoundsRefusal`, common/json-bounds.ts) count values and depth, not bytes; no other call the page makes comes
 * near this (the next largest, a chunk of a saved file, is under 1.5 MB). A larger frame closes the socket (1009)
 * before a byte of it is parsed.
 *
 * In the frame the document is a JSON string. A document the core can import is JSON text read from a file: no lone
 * surrogates, no raw control characters but tab, newline and return. Each of its characters takes at most 3 bytes
 * there (U+0800-U+FFFF in UTF-8); `"`, `\` and the three whitespace characters, escaped, take 2; a surrogate pair 4.
 * So a 64 Mi-character import needs up to 192 MiB: a cap of the document's length plus 1 MiB closed the socket on
 * legal imports whose quotes and line breaks (2 bytes each once escaped) took them past it. The rest of the frame
 * (type, id, channel, the input's key) is under 200 bytes.
 */
export const MAX_FRAME_BYTES = 3 * MAX_IMPORT_BYTES + 1024;

export interface HostOptions {
  core: Core;
  rendererDir: string;
  /** 0 picks a free port. */
  port: number;
  /** Default: a new random token. */
  token?: string;
  /** Other origins the page may call (the cloud), asked per response: the local cloud's address comes late. */
  connectSources?: () => string[];
}

export interface RunningHost {
  port: number;
  token: string;
  /** The address to open, token included. */
  url: string;
  close(): Promise<void>;
}

export async function startHost(options: HostOptions): Promise<RunningHost> {
  const token = options.token ?? newToken();
  const server = http.createServer();
  const sockets = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
  let port = options.port;

  server.on('request', (request, response) => {
    const headers = securityHeaders(port, options.connectSources?.() ?? []);
    if (!isOwnHost(request, port)) {
      response.writeHead(403, headers).end('Forbidden');
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, headers).end('Method not allowed');
      return;
    }
    const isMedia = new URL(request.url ?? '/', 'http://local').pathname.startsWith(MEDIA_HOST_PATH);
    // A page loading is the user opening a window: background work that can wait lets it load first.
    if (!isMedia) options.core.runner.userActivity.touch();
    const serve = isMedia
      ? serveMedia(options.core, token, request, response, headers)
      : serveStatic(options.rendererDir, request, response, headers);
    serve.catch((error: unknown) => {
      console.error('[host] could not serve', loggablePath(request.url), error);
      if (!response.headersSent) response.writeHead(500, headers);
      response.end();
    });
  });

  server.on('upgrade', (request, socket, head) => {
    const pathname = new URL(request.url ?? '/', 'http://local').pathname;
    const verdict = pathname === BRIDGE_PATH ? checkBridgeAccess(request, port, token) : notFound();
    if (!verdict.ok) {
      socket.end(`HTTP/1.1 ${verdict.status} ${verdict.reason}\r\nConnection: close\r\n\r\n`);
      return;
    }
    sockets.handleUpgrade(request, socket, head, (ws) => serveBridge(options.core, ws));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  port = (server.address() as AddressInfo).port;

  return {
    port,
    token,
    url: `http://127.0.0.1:${port}/#token=${token}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of sockets.clients) client.terminate();
        sockets.close();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function notFound() {
  return { ok: false as const, status: 403 as const, reason: 'not the bridge' };
}

function serveBridge(core: Core, ws: WebSocket): void {
  const send = (frame: ServerFrame) => {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(frame));
  };
  const unsubscribe = core.events.onAny((event, payload) => {
    if (isEventName(event)) send({ type: 'event', event, payload });
  });
  ws.on('close', unsubscribe);
  ws.on('error', (error) => console.error('[host] bridge socket error', error.message));
  ws.on('message', (data, isBinary) => {
    const frame = isBinary ? null : parseCallFrame(data.toString());
    if (!frame) {
      send({
        type: 'result',
        id: null,
        result: { ok: false, error: { code: 'invalid_input', message: 'Malformed bridge message.' } },
      });
      return;
    }
    // The router answers every call with an envelope; if anything under it still throws, the host logs it and lives.
    core.router
      .dispatch(frame.channel, frame.input)
      .then((result) => send({ type: 'result', id: frame.id, result }))
      .catch((error: unknown) => {
        console.error('[host] a bridge call failed', error);
        send({ type: 'result', id: frame.id, result: { ok: false, error: { code: 'internal', message: 'Songshelf could not complete that call. The error was logged.' } } });
      });
  });
}

function securityHeaders(port: number, connectSources: string[]): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy({
      connect: [`ws://127.0.0.1:${port}`, `ws://localhost:${port}`, ...connectSources],
      // The player also streams uploaded audio from the cloud, by signed address.
      media: [...allowedOrigins(port), ...connectSources],
    }),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cross-Origin-Opener-Policy': 'same-origin',
  };
}

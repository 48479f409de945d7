/**
 * The browser host: the core's contract over a WebSocket, and the built renderer over HTTP, on 127.0.0.1
 * only. It lets the real app run in any Chromium where no Electron binary can be installed (Linux, CI).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { BRIDGE_PATH } from '../../common/constants';
import { MEDIA_HOST_PATH } from '../../common/audio/media';
import { BRIDGE_CHANNELS, isEventName } from '../../common/bridge/ipc';
import { MAX_CALL_INPUT_BYTES } from '../../common/bridge/json-size';
import type { Core } from '../core';
import { contentSecurityPolicy } from '../../common/bridge/csp';
import { allowedOrigins, checkBridgeAccess, isOwnHost, loggablePath, newToken } from './access';
import { parseCallFrame, type ServerFrame } from './bridge-protocol';
import { serveMedia } from './media-route';
import { serveStatic } from './static-files';

/**
 * The bytes of a call's frame around its input, at most: the page's bridge writes `{"type":"call","id":…,
 * "channel":…,"input":…}` with JSON.stringify, the id a safe integer (17 characters at most), the channel one of the
 * contract's (ASCII).
 */
const CALL_FRAME_WRAPPER_BYTES = Buffer.byteLength(
  JSON.stringify({ type: 'call', id: -Number.MAX_SAFE_INTEGER, channel: [...BRIDGE_CHANNELS].sort((a, b) => b.length - a.length)[0], input: null }),
) - 'null'.length;

/**
 * The largest frame the bridge takes: the largest call the page may make, and not a byte more. A call's input is
 * bounded in bytes (`MAX_CALL_INPUT_BYTES`, 4 MiB of JSON: common/bridge/json-size.ts), refused past it by `window.api` before
 * it is sent and by the router; the largest calls the page really makes carry a chunk of a document to import
 * (`library:import-upload`, at most 3 MiB) or of a file to save (`saveLocalFile`, 1.4 MB), and no call carries a whole
 * document any more. A larger frame closes the socket (1009) before a byte of it is parsed: a hostile page can make
 * the core parse 4 MiB at a time, no more.
 */
export const MAX_FRAME_BYTES = MAX_CALL_INPUT_BYTES + CALL_FRAME_WRAPPER_BYTES;

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

import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { BRIDGE_CHANNELS } from '../../common/bridge/ipc';
import { MAX_CALL_INPUT_BYTES } from '../../common/bridge/json-size';
import { IMPORT_CHUNK_CHARS } from '../../common/songs/library-export';
import { tempDir } from '../../db/test-support';
import { createTestCore, type TestCore } from '../test-support';
import { MAX_FRAME_BYTES, startHost, type RunningHost } from './server';

let core: TestCore;
let host: RunningHost;
let rendererDir: string;

beforeEach(async () => {
  core = createTestCore();
  rendererDir = tempDir('songshelf-renderer-');
  fs.mkdirSync(path.join(rendererDir, 'assets'));
  fs.writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html><title>Songshelf</title>');
  fs.writeFileSync(path.join(rendererDir, 'assets', 'app.js'), 'console.log(1)');
  host = await startHost({ core, rendererDir, port: 0 });
});
afterEach(async () => {
  await host.close();
  await core.close();
});

function bridgeUrl(token: string | null) {
  return `ws://127.0.0.1:${host.port}/bridge${token === null ? '' : `?token=${encodeURIComponent(token)}`}`;
}

/** Opens the bridge; resolves with the socket, or with the HTTP status it was refused with. */
function connect(token: string | null, origin: string | null = `http://127.0.0.1:${host.port}`) {
  return new Promise<{ socket: WebSocket } | { status: number }>((resolve) => {
    const socket = new WebSocket(bridgeUrl(token), origin === null ? {} : { origin });
    socket.once('open', () => resolve({ socket }));
    socket.once('unexpected-response', (_request, response) => resolve({ status: response.statusCode ?? 0 }));
    socket.once('error', () => resolve({ status: -1 }));
  });
}

function nextFrame(socket: WebSocket, type: string) {
  return new Promise<Record<string, unknown>>((resolve) => {
    const onMessage = (data: WebSocket.RawData) => {
      const frame = JSON.parse(data.toString()) as Record<string, unknown>;
      if (frame.type === type) {
        socket.off('message', onMessage);
        resolve(frame);
      }
    };
    socket.on('message', onMessage);
  });
}

function get(pathname: string, hostHeader = `127.0.0.1:${host.port}`) {
  return new Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port: host.port, path: pathname, headers: { host: hostHeader } }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body, headers: response.headers }));
    });
    request.on('error', reject);
    request.end();
  });
}

describe('browser host bridge', () => {
  it('carries a call and the change event it causes to a page with the token', async () => {
    const connection = await connect(host.token);
    if (!('socket' in connection)) throw new Error(`refused with ${connection.status}`);
    const event = nextFrame(connection.socket, 'event');
    const result = nextFrame(connection.socket, 'result');
    connection.socket.send(JSON.stringify({ type: 'call', id: 7, channel: 'db:add-song', input: { name: 'Over the wire' } }));
    expect(await result).toMatchObject({ id: 7, result: { ok: true, data: { name: 'Over the wire' } } });
    expect(await event).toMatchObject({ event: 'db:changed', payload: { tables: ['songs', 'sync_records'] } });
    connection.socket.close();
  });

  it('answers a malformed frame with an error and stays open', async () => {
    const connection = await connect(host.token);
    if (!('socket' in connection)) throw new Error('refused');
    const reply = nextFrame(connection.socket, 'result');
    connection.socket.send('{not json');
    expect(await reply).toMatchObject({ id: null, result: { ok: false, error: { code: 'invalid_input' } } });
    const second = nextFrame(connection.socket, 'result');
    connection.socket.send(JSON.stringify({ type: 'call', id: 1, channel: 'db:get-views' }));
    expect(await second).toMatchObject({ id: 1, result: { ok: true } });
    connection.socket.close();
  });

  it.each([
    ['a missing token', () => connect(null), 401],
    ['a wrong token', () => connect('not-the-token'), 401],
    ['a token of the right length but wrong', () => connect('x'.repeat(host.token.length)), 401],
    ['a foreign Origin', () => connect(host.token, 'https://evil.example'), 403],
    ['no Origin at all', () => connect(host.token, null), 403],
  ])('refuses %s', async (_case, attempt, status) => {
    expect(await attempt()).toEqual({ status });
  });

  it('listens on 127.0.0.1 only and gives the address with its token', () => {
    expect(host.url).toBe(`http://127.0.0.1:${host.port}/#token=${host.token}`);
    expect(host.token.length).toBeGreaterThanOrEqual(32);
  });
});

describe('browser host frames', () => {
  /** A call as the page's bridge writes it. */
  function callFrame(id: number, channel: string, input: unknown): string {
    return JSON.stringify({ type: 'call', id, channel, input });
  }

  async function open() {
    const connection = await connect(host.token);
    if (!('socket' in connection)) throw new Error('refused');
    return connection.socket;
  }

  /** The frame's answer, or the code the socket closed with. */
  async function answerTo(socket: WebSocket, frame: string): Promise<Record<string, unknown>> {
    const closed = new Promise<number>((resolve) => socket.once('close', resolve));
    const reply = nextFrame(socket, 'result');
    socket.send(frame);
    return Promise.race([reply, closed.then((code) => ({ closedWith: code }))]);
  }

  it('carries the largest call the page makes, a chunk of a document to import in 3-byte characters, and answers it', async () => {
    const socket = await open();
    const frame = callFrame(Number.MAX_SAFE_INTEGER, 'library:import-upload', { offset: 0, text: '\u0800'.repeat(IMPORT_CHUNK_CHARS), done: false });
    expect(Buffer.byteLength(frame)).toBeGreaterThan(3 * IMPORT_CHUNK_CHARS);
    expect(await answerTo(socket, frame)).toMatchObject({ id: Number.MAX_SAFE_INTEGER, result: { ok: true, data: { received: IMPORT_CHUNK_CHARS, done: false } } });
    socket.close();
  });

  it('answers a frame of exactly MAX_FRAME_BYTES (the longest channel, the longest id, an input at the budget), and refuses an input one byte over the budget in words', async () => {
    const socket = await open();
    const longest = [...BRIDGE_CHANNELS].sort((a, b) => b.length - a.length)[0]!;
    const atBudget = { x: 'a'.repeat(MAX_CALL_INPUT_BYTES - '{"x":""}'.length) };
    const largest = callFrame(-Number.MAX_SAFE_INTEGER, longest, atBudget);
    expect(Buffer.byteLength(largest)).toBe(MAX_FRAME_BYTES);
    // Within every bound but the channel's schema: refused by it, in an envelope, on a socket that stays open.
    expect(await answerTo(socket, largest)).toMatchObject({ id: -Number.MAX_SAFE_INTEGER, result: { ok: false, error: { code: 'invalid_input', message: expect.stringContaining(longest) } } });
    const overBudget = callFrame(5, 'db:add-song', { name: 'a'.repeat(MAX_CALL_INPUT_BYTES - '{"name":""}'.length + 1) });
    expect(Buffer.byteLength(overBudget)).toBeLessThan(MAX_FRAME_BYTES);
    expect(await answerTo(socket, overBudget)).toMatchObject({ id: 5, result: { ok: false, error: { code: 'invalid_input', message: 'Invalid input for db:add-song: the input is too large (more than 4 MiB as JSON).' } } });
    socket.close();
  });

  it('closes the socket on an 8 MiB frame, before parsing it: no call the page may make is that large', async () => {
    const socket = await open();
    expect(await answerTo(socket, callFrame(3, 'db:add-song', { name: 'x'.repeat(8 * 1024 * 1024) }))).toEqual({ closedWith: 1009 });
  });

  it('closes the socket on a frame one byte over the cap, before parsing it, and serves the next page', async () => {
    const socket = await open();
    const closed = new Promise<number>((resolve) => socket.once('close', resolve));
    socket.send(Buffer.alloc(MAX_FRAME_BYTES + 1, 0x20), { binary: false });
    expect(await closed).toBe(1009);
    const next = await open();
    expect(await answerTo(next, callFrame(2, 'db:get-views', undefined))).toMatchObject({ id: 2, result: { ok: true } });
    next.close();
  });
});

describe('browser host pages', () => {
  it('serves the renderer with a strict CSP, and index.html for app routes', async () => {
    const page = await get('/dashboard');
    expect(page.status).toBe(200);
    expect(page.body).toContain('<title>Songshelf</title>');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect((await get('/assets/app.js')).body).toBe('console.log(1)');
  });

  it('counts a page loading as the user at work: background analysis lets it load first', async () => {
    expect(core.runner.userActivity.remaining()).toBe(0);
    await get('/dashboard');
    expect(core.runner.userActivity.remaining()).toBeGreaterThan(0);
  });

  it('lets the page reach the cloud once the shell has one, and nothing else', async () => {
    let cloud: string[] = [];
    const withCloud = await startHost({ core, rendererDir, port: 0, connectSources: () => cloud });
    const policy = async () => {
      const page = await fetch(`http://127.0.0.1:${withCloud.port}/dashboard`);
      return /connect-src ([^;]*)/.exec(page.headers.get('content-security-policy') ?? '')?.[1] ?? '';
    };
    try {
      expect(await policy()).toBe(`'self' ws://127.0.0.1:${withCloud.port} ws://localhost:${withCloud.port}`);
      cloud = ['http://127.0.0.1:54321'];
      expect(await policy()).toBe(`'self' ws://127.0.0.1:${withCloud.port} ws://localhost:${withCloud.port} http://127.0.0.1:54321`);
    } finally {
      await withCloud.close();
    }
  });

  it('refuses a foreign Host header (DNS rebinding)', async () => {
    expect((await get('/dashboard', 'evil.example:80')).status).toBe(403);
    expect((await get('/missing.js')).status).toBe(404);
  });

  it('never serves a real file beside the renderer folder, however the path climbs to it', async () => {
    // The served folder inside a folder of its own, with a secret beside it and a sibling folder sharing its name's start.
    const site = tempDir('songshelf-site-');
    const served = path.join(site, 'renderer');
    fs.cpSync(rendererDir, served, { recursive: true });
    fs.writeFileSync(path.join(site, 'secret.js'), 'const key = "beside the renderer"');
    fs.mkdirSync(path.join(site, 'renderer-private'));
    fs.writeFileSync(path.join(site, 'renderer-private', 'key.js'), 'const key = "in a sibling folder"');
    await host.close();
    host = await startHost({ core, rendererDir: served, port: 0 });

    expect((await get('/assets/app.js')).body).toBe('console.log(1)');
    // Plain `..` segments are resolved by the URL parser before the files are looked at; encoded slashes are not.
    for (const climb of ['/..%2fsecret.js', '/assets/..%2f..%2fsecret.js', '/%2e%2e%2fsecret.js', '/..%2frenderer-private/key.js']) {
      const answer = await get(climb);
      expect({ climb, status: answer.status, leaked: answer.body.includes('const key') }).toEqual({ climb, status: 404, leaked: false });
    }
  });
});

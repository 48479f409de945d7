// The bridge as a hostile page would use it: 10,000 generated frames (a fixed seed, so a failure replays) through
// the real browser host and core, over the WebSocket with the page's token. Random and real channels; inputs nested
// to 5,000 levels, a million values wide, megabytes long, with prototype keys, path tricks and junk frames. Every
// call must get a typed answer, and the host must still serve the app after.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import type { ErrorCode } from '../../common/errors';
import { CHANNELS } from '../../common/bridge/ipc';
import { seededRandom } from '../../fixtures/generators/library';
import { tempDir } from '../../db/test-support';
import { createTestCore, type TestCore } from '../test-support';
import { startHost, type RunningHost } from './server';

const FRAMES = 10_000;
const ERROR_CODES = new Set<ErrorCode>([
  'invalid_input', 'unknown_channel', 'not_found', 'limit_reached', 'forbidden', 'not_allowed', 'file_too_large', 'io_error',
  'compression_failed', 'cloud_error', 'db_too_new', 'db_error', 'disconnected', 'no_bridge', 'internal',
]);
const PATH_TRICKS = ['../../../../etc/passwd', '/', 'C:\\Windows\\System32\\config\\SAM', '\\\\server\\share\\a.wav', '\\\\?\\C:\\x', 'file:///etc/shadow', '/dev/zero', 'a\u0000b.wav', '~/.ssh/id_rsa', '%APPDATA%\\..\\x'];
const KEY_TRICKS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf'];

/** One frame's text: mostly a call of a real channel with an input of some hostile shape; some junk frames. */
function frameText(next: () => number, id: number): string {
  const pick = <T,>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const roll = next();
  if (roll < 0.02) return pick(['not json', '{"type":"call"', '[]', 'null', '{"type":"call","id":"x"}', `{"type":"call","id":${id}.5}`]);
  // Deep values where the contract takes free-form JSON (custom values, sync records): where a recursive validator
  // once overflowed the stack and took the host down.
  if (roll < 0.03) {
    const depth = 1000 + Math.floor(next() * 4000);
    const balanced = `${'['.repeat(depth)}1${']'.repeat(depth)}`;
    return pick([
      `{"type":"call","id":${id},"channel":"db:add-song","input":{"name":"Deep","custom":{"mood":${balanced}}}}`,
      `{"type":"call","id":${id},"channel":"db:add-sync-record","input":{"type":"update","table":"songs","recordId":"a","data":${balanced}}}`,
      `{"type":"call","id":${id},"channel":"songs:bulk-update","input":{"ids":["a"],"patch":{"custom":{"mood":${balanced}}}}}`,
    ]);
  }
  const channel = roll < 0.8 ? pick(CHANNELS) : pick([...KEY_TRICKS, '', 'db:drop', 'x'.repeat(10_000), 42, null, { evil: true }]);
  return `{"type":"call","id":${id},"channel":${JSON.stringify(channel)},"input":${inputText(next, pick)}}`;
}

function inputText(next: () => number, pick: <T>(items: readonly T[]) => T): string {
  const roll = next();
  if (roll < 0.01) return `${'['.repeat(5000)}1${']'.repeat(5000)}`;
  if (roll < 0.02) return `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;
  if (roll < 0.025) return `[${Array.from({ length: 300_000 }, () => '0').join(',')}]`;
  if (roll < 0.03) return JSON.stringify({ name: 'x'.repeat(1_000_000), path: 'y'.repeat(1_000_000) });
  if (roll < 0.1) return `{"${pick(KEY_TRICKS)}":{"admin":true},"name":"x","id":"y","path":${JSON.stringify(pick(PATH_TRICKS))}}`;
  return JSON.stringify(value(next, pick, 0));
}

function value(next: () => number, pick: <T>(items: readonly T[]) => T, depth: number): unknown {
  const roll = next();
  if (depth > 6 || roll < 0.3) return pick<unknown>(['', 'x', pick(PATH_TRICKS), -1, 0, 1e308, 2 ** 53 + 1, true, false, null, 'https://evil.example', 'songshelf://oauth/callback#access_token=x']);
  if (roll < 0.5) return Array.from({ length: Math.floor(next() * 5) }, () => value(next, pick, depth + 1));
  const keys = ['name', 'id', 'ids', 'path', 'patch', 'input', 'url', 'tier', 'status', 'custom', 'session', 'key', 'value', 'data', 'email', 'password', 'code', pick(KEY_TRICKS)];
  return Object.fromEntries(Array.from({ length: 1 + Math.floor(next() * 4) }, () => [pick(keys), value(next, pick, depth + 1)]));
}

let core: TestCore;
let host: RunningHost;
let socket: WebSocket;
const answers = new Map<number | null, unknown[]>();

beforeAll(async () => {
  core = createTestCore();
  const rendererDir = tempDir('songshelf-renderer-');
  fs.writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html><title>Songshelf</title>');
  host = await startHost({ core, rendererDir, port: 0 });
  socket = new WebSocket(`ws://127.0.0.1:${host.port}/bridge?token=${encodeURIComponent(host.token)}`, { origin: `http://127.0.0.1:${host.port}` });
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  socket.on('message', (data) => {
    const frame = JSON.parse(data.toString()) as { type: string; id: number | null; result: unknown };
    if (frame.type !== 'result') return;
    answers.set(frame.id, [...(answers.get(frame.id) ?? []), frame.result]);
  });
});

afterAll(async () => {
  socket?.close();
  await host?.close();
  await core?.close();
});

describe('the bridge under 10,000 hostile frames', () => {
  it('answers every call with a typed envelope and still serves the app after', async () => {
    // The core logs what it refuses to do; the noise of 10,000 refusals is not this test's.
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const next = seededRandom(0x5eed);
      const sent: number[] = [];
      for (let id = 1; id <= FRAMES; id += 1) {
        const text = frameText(next, id);
        socket.send(text);
        if (text.includes(`"id":${id},`)) sent.push(id);
        // A few hundred in flight at a time, as a busy page would have.
        if (id % 250 === 0) await until(() => sent.every((sentId) => answers.has(sentId)));
      }
      await until(() => sent.every((sentId) => answers.has(sentId)));

      for (const id of sent) {
        const [result] = answers.get(id)!;
        expect(isEnvelope(result), `frame ${id}: ${JSON.stringify(result).slice(0, 200)}`).toBe(true);
      }
      // Junk frames are answered too (with no id to match).
      expect(answers.get(null)?.every(isEnvelope)).toBe(true);
      expect(sent.length).toBeGreaterThan(9000);
    } finally {
      quiet.mockRestore();
      warn.mockRestore();
    }

    expect(socket.readyState).toBe(WebSocket.OPEN);
    const after = await core.router.dispatch('db:get-views', undefined);
    expect(after.ok).toBe(true);
    socket.send(JSON.stringify({ type: 'call', id: FRAMES + 1, channel: 'db:add-song', input: { name: 'Still here' } }));
    await until(() => answers.has(FRAMES + 1));
    expect(answers.get(FRAMES + 1)![0]).toMatchObject({ ok: true, data: { name: 'Still here' } });
  }, 240_000);
});

function isEnvelope(result: unknown): boolean {
  if (!result || typeof result !== 'object') return false;
  const envelope = result as { ok?: unknown; data?: unknown; error?: { code?: unknown; message?: unknown } };
  if (envelope.ok === true) return 'data' in envelope;
  return envelope.ok === false && ERROR_CODES.has(envelope.error?.code as ErrorCode) && typeof envelope.error?.message === 'string';
}

async function until(check: () => boolean, timeoutMs = 120_000): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error('the host stopped answering');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

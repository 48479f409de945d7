import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tempDir } from '../../db/test-support';
import { createTestCore, trustFolder, type TestCore } from '../test-support';
import { startHost, type RunningHost } from './server';

let core: TestCore;
let host: RunningHost;
let music: string;
/** 1000 bytes, each its own index mod 251, so any slice is recognisable. */
const AUDIO = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));

beforeEach(async () => {
  core = createTestCore();
  music = tempDir('songshelf-music-');
  fs.writeFileSync(path.join(music, 'bounce.wav'), AUDIO);
  trustFolder(core, music);
  host = await startHost({ core, rendererDir: tempDir('songshelf-renderer-'), port: 0 });
});
afterEach(async () => {
  await host.close();
  await core.close();
});

async function songWithFile(localPath: string | null): Promise<string> {
  const file = localPath === null ? null : { value: localPath, localPath, fileName: path.basename(localPath), modifiedTime: null };
  const result = await core.router.dispatch('db:add-song', { name: 'Night Drive', file });
  if (!result.ok) throw new Error(result.error.message);
  return (result.data as { id: string }).id;
}

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function request(songId: string, options: { method?: string; range?: string; token?: string | null } = {}): Promise<Reply> {
  const token = options.token === undefined ? host.token : options.token;
  const query = token === null ? '' : `?token=${encodeURIComponent(token)}&v=1`;
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      {
        host: '127.0.0.1',
        port: host.port,
        method: options.method ?? 'GET',
        path: `/media/songs/${encodeURIComponent(songId)}${query}`,
        headers: options.range ? { range: options.range } : {},
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      },
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
}

describe('browser host media', () => {
  it('serves a song’s whole file with its type and length', async () => {
    const reply = await request(await songWithFile(path.join(music, 'bounce.wav')));
    expect(reply.status).toBe(200);
    expect(reply.headers).toMatchObject({ 'content-type': 'audio/wav', 'content-length': '1000', 'accept-ranges': 'bytes' });
    expect(reply.body).toEqual(AUDIO);
  });

  it('serves the requested range with 206 and Content-Range', async () => {
    const id = await songWithFile(path.join(music, 'bounce.wav'));
    const middle = await request(id, { range: 'bytes=100-199' });
    expect(middle.status).toBe(206);
    expect(middle.headers).toMatchObject({ 'content-range': 'bytes 100-199/1000', 'content-length': '100' });
    expect(middle.body).toEqual(AUDIO.subarray(100, 200));
    const tail = await request(id, { range: 'bytes=-10' });
    expect(tail.body).toEqual(AUDIO.subarray(990));
  });

  it('answers 416 with the size for a range past the end', async () => {
    const reply = await request(await songWithFile(path.join(music, 'bounce.wav')), { range: 'bytes=1000-' });
    expect(reply.status).toBe(416);
    expect(reply.headers['content-range']).toBe('bytes */1000');
  });

  it('answers HEAD with the headers and no body', async () => {
    const reply = await request(await songWithFile(path.join(music, 'bounce.wav')), { method: 'HEAD' });
    expect(reply.status).toBe(200);
    expect(reply.headers['content-length']).toBe('1000');
    expect(reply.body.length).toBe(0);
  });

  it.each([
    ['a missing token', null],
    ['a wrong token', 'not-the-token'],
  ])('refuses %s with 401', async (_case, token) => {
    const reply = await request(await songWithFile(path.join(music, 'bounce.wav')), { token });
    expect(reply.status).toBe(401);
    expect(reply.body.includes(AUDIO.subarray(0, 4))).toBe(false);
  });

  it('refuses a foreign Host header (DNS rebinding) with 403', async () => {
    const id = await songWithFile(path.join(music, 'bounce.wav'));
    const reply = await new Promise<number>((resolve, reject) => {
      const address = `/media/songs/${id}?token=${encodeURIComponent(host.token)}`;
      const outgoing = http.request({ host: '127.0.0.1', port: host.port, path: address, headers: { host: 'evil.example' } }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      outgoing.on('error', reject);
      outgoing.end();
    });
    expect(reply).toBe(403);
  });

  it('refuses a song whose file a hostile page pointed outside the library', async () => {
    const id = await songWithFile(path.join(music, 'bounce.wav'));
    const update = await core.router.dispatch('db:update-song', {
      id,
      patch: { file: { value: '/etc/passwd', localPath: '/etc/passwd', fileName: 'passwd', modifiedTime: null } },
    });
    expect(update.ok).toBe(true);
    const reply = await request(id);
    expect(reply.status).toBe(403);
    expect(reply.body.toString()).not.toContain('root:');
  });

  it('refuses a file inside the library that is not audio, such as the library database', async () => {
    const database = path.join(core.dataDir, 'songshelf.db');
    expect(fs.existsSync(database)).toBe(true);
    const reply = await request(await songWithFile(database));
    expect(reply.status).toBe(403);
    expect(reply.body.toString()).toBe('Songshelf plays audio files only.');
  });

  it('refuses a link inside a watched folder that leads outside it', async () => {
    const outside = tempDir('songshelf-outside-');
    fs.writeFileSync(path.join(outside, 'secret.wav'), 'secret');
    fs.symlinkSync(path.join(outside, 'secret.wav'), path.join(music, 'link.wav'));
    const reply = await request(await songWithFile(path.join(music, 'link.wav')));
    expect(reply.status).toBe(403);
    expect(reply.body.toString()).not.toContain('secret');
  });

  it('answers 404 with a plain message for a missing file, a song with no file and an unknown song', async () => {
    const missing = await request(await songWithFile(path.join(music, 'gone.wav')));
    expect(missing.status).toBe(404);
    expect(missing.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(missing.body.toString()).toBe('The audio file of this song is missing: gone.wav');
    expect((await request(await songWithFile(null))).status).toBe(404);
    expect((await request('0190ffff-0000-7000-8000-000000000000')).body.toString()).toBe('No song with this id.');
  });

  it('allows the host’s own origins and blobs as media sources, nothing wider', async () => {
    const reply = await request('unknown');
    const policy = String(reply.headers['content-security-policy']);
    expect(policy).toContain(`media-src 'self' blob: http://127.0.0.1:${host.port} http://localhost:${host.port};`);
  });

  it('logs a request it could not serve without its token: the path, never the query or the fragment', async () => {
    // A link to itself: resolving it fails (ELOOP) past every refusal, which the host logs.
    fs.symlinkSync('loop.wav', path.join(music, 'loop.wav'));
    const id = await songWithFile(path.join(music, 'loop.wav'));
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const reply = await request(id);
      expect(reply.status).toBe(500);
      const lines = logged.mock.calls.map((args) => args.map((arg) => (arg instanceof Error ? `${arg.message} ${arg.stack ?? ''}` : String(arg))).join(' '));
      expect(lines.some((line) => line.includes(`/media/songs/${id}`))).toBe(true);
      expect(lines.filter((line) => line.includes(host.token) || line.includes(encodeURIComponent(host.token)) || line.includes('token='))).toEqual([]);
    } finally {
      logged.mockRestore();
    }
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { testClock, tempDir } from '../../db/test-support';
import { LocalFileStore, type LocalFileChunk } from './local-files';

/** A WAV file's opening: what a saved audio file must start with. */
const WAV = 'RIFF\u0024\u0000\u0000\u0000WAVEfmt data';

function chunk(fields: Partial<LocalFileChunk> & { bytes?: string }): LocalFileChunk {
  const { bytes = '', ...rest } = fields;
  return { fileName: 'take.wav', kind: 'audio', offset: 0, data: Buffer.from(bytes, 'latin1').toString('base64'), done: false, ...rest };
}

function incoming(dataDir: string): string[] {
  const folder = path.join(dataDir, 'files', '.incoming');
  return fs.existsSync(folder) ? fs.readdirSync(folder) : [];
}

describe('LocalFileStore', () => {
  it('refuses a file over the cap and removes what it had received', async () => {
    const dataDir = tempDir();
    const store = new LocalFileStore(dataDir, { maxBytes: 10 });
    const first = await store.receive(chunk({ bytes: '123456' }));
    await expect(store.receive(chunk({ uploadId: first.uploadId, offset: 6, bytes: '78901' }))).rejects.toMatchObject({
      code: 'file_too_large',
      message: 'take.wav is larger than 10 bytes, the most Songshelf saves this way.',
    });
    expect(incoming(dataDir)).toEqual([]);
    await expect(store.receive(chunk({ uploadId: first.uploadId, offset: 6, bytes: '7' }))).rejects.toMatchObject({ code: 'not_found' });
  });

  it('takes a file of exactly the cap', async () => {
    const store = new LocalFileStore(tempDir(), { maxBytes: WAV.length });
    const result = await store.receive(chunk({ bytes: WAV, done: true }));
    expect(result.file).toMatchObject({ size: WAV.length });
  });

  it('abandons an upload idle for longer than the limit, removing its part file', async () => {
    const dataDir = tempDir();
    const clock = testClock();
    const store = new LocalFileStore(dataDir, { idleMs: 10 * 60_000, now: clock.now });
    const stale = await store.receive(chunk({ bytes: 'abc' }));
    clock.advance(5 * 60_000);
    const fresh = await store.receive(chunk({ fileName: 'other.wav', bytes: 'xyz' }));
    clock.advance(5 * 60_000 + 1);
    expect(incoming(dataDir)).toHaveLength(2);

    // Any chunk sweeps: the fresh upload goes on, the stale one is gone with its part file.
    await store.receive(chunk({ uploadId: fresh.uploadId, fileName: 'other.wav', offset: 3, bytes: 'z' }));
    expect(incoming(dataDir)).toEqual([`${fresh.uploadId}.part`]);
    await expect(store.receive(chunk({ uploadId: stale.uploadId, offset: 3, bytes: 'd' }))).rejects.toMatchObject({ code: 'not_found' });
  });

  it('removes every part file left by an earlier run at start', async () => {
    const dataDir = tempDir();
    await new LocalFileStore(dataDir).receive(chunk({ bytes: 'left behind' }));
    expect(incoming(dataDir)).toHaveLength(1);
    await new LocalFileStore(dataDir).removeLeftovers();
    expect(incoming(dataDir)).toEqual([]);
  });

  it('keeps at most the given number of uploads open', async () => {
    const store = new LocalFileStore(tempDir(), { maxOpen: 2 });
    const first = await store.receive(chunk({ bytes: WAV }));
    await store.receive(chunk({ bytes: 'b' }));
    await expect(store.receive(chunk({ bytes: 'c' }))).rejects.toMatchObject({ code: 'limit_reached' });
    await store.receive(chunk({ uploadId: first.uploadId, offset: WAV.length, done: true }));
    await expect(store.receive(chunk({ bytes: 'c' }))).resolves.toMatchObject({ received: 1 });
  });

  it('lets only one of two racing chunks at the same offset through', async () => {
    const dataDir = tempDir();
    const store = new LocalFileStore(dataDir);
    const first = await store.receive(chunk({ bytes: WAV }));
    const results = await Promise.allSettled([
      store.receive(chunk({ uploadId: first.uploadId, offset: WAV.length, bytes: 'cd' })),
      store.receive(chunk({ uploadId: first.uploadId, offset: WAV.length, bytes: 'XY' })),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    expect(results.find((result) => result.status === 'rejected')).toMatchObject({ reason: { code: 'invalid_input' } });
    const done = await store.receive(chunk({ uploadId: first.uploadId, offset: WAV.length + 2, done: true }));
    expect([`${WAV}cd`, `${WAV}XY`]).toContain(fs.readFileSync(done.file?.path ?? '', 'latin1'));
  });
});

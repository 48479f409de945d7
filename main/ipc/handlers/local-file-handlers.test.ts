import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ChannelInput } from '../../../common/ipc';
import { createTestCore, type TestCore } from '../../test-support';

let core: TestCore;
beforeEach(() => {
  core = createTestCore();
});
afterEach(() => core.close());

function save(input: Partial<ChannelInput<'saveLocalFile'>> & { bytes?: Buffer }) {
  const { bytes = Buffer.alloc(0), ...rest } = input;
  return core.router.dispatch('saveLocalFile', {
    fileName: 'Night Drive.wav',
    kind: 'audio',
    offset: 0,
    data: bytes.toString('base64'),
    done: false,
    ...rest,
  });
}

/** Sends a file the way the renderer does: chunk after chunk, each from where the last one ended. */
async function saveInChunks(bytes: Buffer, chunkSize: number, fields: Partial<ChannelInput<'saveLocalFile'>> = {}) {
  let uploadId: string | undefined;
  for (let offset = 0; ; offset += chunkSize) {
    const done = offset + chunkSize >= bytes.length;
    const result = await save({ ...fields, ...(uploadId ? { uploadId } : {}), offset, bytes: bytes.subarray(offset, offset + chunkSize), done });
    if (!result.ok) throw new Error(result.error.message);
    const data = result.data as { uploadId: string; received: number; file: { path: string; fileName: string; size: number } | null };
    expect(data.received).toBe(Math.min(offset + chunkSize, bytes.length));
    uploadId = data.uploadId;
    if (done) return data;
  }
}

describe('saveLocalFile', () => {
  it('assembles several chunks into the data folder, by kind and upload', async () => {
    const bytes = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));
    const result = await saveInChunks(bytes, 300);
    const file = result.file;
    expect(file).toMatchObject({
      fileName: 'Night Drive.wav',
      size: 1000,
      path: path.join(core.dataDir, 'files', 'audio', result.uploadId, 'Night Drive.wav'),
    });
    expect(fs.readFileSync(file?.path ?? '')).toEqual(bytes);
    expect(fs.readdirSync(path.join(core.dataDir, 'files', '.incoming'))).toEqual([]);
  });

  it('saves a file sent in one chunk, and an empty file', async () => {
    const whole = await save({ fileName: 'Song.als', kind: 'session', bytes: Buffer.from('session'), done: true });
    expect(whole).toMatchObject({ ok: true, data: { received: 7, file: { fileName: 'Song.als', size: 7 } } });
    expect(whole.ok && (whole.data as { file: { path: string } }).file.path).toContain(path.join('files', 'session'));
    expect(await save({ fileName: 'silence.wav', done: true })).toMatchObject({ ok: true, data: { file: { size: 0 } } });
  });

  it('refuses a chunk that does not start where the last one ended', async () => {
    const first = await save({ bytes: Buffer.from('abcd') });
    if (!first.ok) throw new Error(first.error.message);
    const { uploadId } = first.data as { uploadId: string };
    expect(await save({ uploadId, offset: 2, bytes: Buffer.from('cd') })).toEqual({
      ok: false,
      error: { code: 'invalid_input', message: 'This chunk of Night Drive.wav starts at byte 2, but Songshelf has received 4 bytes of it so far.' },
    });
    // The upload is intact: the right offset goes on.
    expect(await save({ uploadId, offset: 4, bytes: Buffer.from('ef'), done: true })).toMatchObject({ ok: true, data: { file: { size: 6 } } });
  });

  it('refuses a first chunk that does not start at 0', async () => {
    expect(await save({ offset: 10, bytes: Buffer.from('x') })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
  });

  it.each(['not base64!', 'YWJj=', 'YWJjZA', 'YW Jj'])('refuses invalid base64 %j', async (data) => {
    expect(await core.router.dispatch('saveLocalFile', { fileName: 'a.wav', kind: 'audio', offset: 0, data, done: false })).toEqual({
      ok: false,
      error: { code: 'invalid_input', message: 'A chunk of a.wav is not valid base64.' },
    });
  });

  it('answers not_found for an upload it does not know', async () => {
    expect(await save({ uploadId: '0190ffff-0000-7000-8000-000000000000', offset: 0, bytes: Buffer.from('x') })).toMatchObject({
      ok: false,
      error: { code: 'not_found', message: expect.stringMatching(/not open/) },
    });
    expect(await save({ uploadId: '../../etc/passwd', offset: 0 })).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });

  it.each([
    ['../../../outside.wav', '......outside.wav'],
    ['/etc/passwd', 'etcpasswd'],
    ['..', 'file'],
    ['a/b\\c.wav', 'abc.wav'],
  ])('keeps the name %j inside its own folder as %j', async (fileName, expected) => {
    const result = await save({ fileName, bytes: Buffer.from('x'), done: true });
    if (!result.ok) throw new Error(result.error.message);
    const { uploadId, file } = result.data as { uploadId: string; file: { path: string; fileName: string } };
    expect(file.fileName).toBe(expected);
    expect(file.path).toBe(path.join(core.dataDir, 'files', 'audio', uploadId, expected));
    expect(fs.readFileSync(file.path, 'utf8')).toBe('x');
  });

  it('saves into the data folder the file channels trust', async () => {
    const result = await save({ bytes: Buffer.from('RIFF'), done: true });
    if (!result.ok) throw new Error(result.error.message);
    const { file } = result.data as { file: { path: string } };
    expect(await core.router.dispatch('getFileStats', { path: file.path })).toMatchObject({ ok: true, data: { exists: true, size: 4 } });
  });

  it('clears part files of an earlier run when the core starts', async () => {
    const first = await save({ bytes: Buffer.from('partial') });
    if (!first.ok) throw new Error(first.error.message);
    const incoming = path.join(core.dataDir, 'files', '.incoming');
    expect(fs.readdirSync(incoming)).toHaveLength(1);
    await core.start();
    expect(fs.existsSync(incoming)).toBe(false);
  });
});

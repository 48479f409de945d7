import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildProToolsSession } from '../../../fixtures/generators/protools';
import type { ChannelInput } from '../../../common/bridge/ipc';
import { createTestCore, type TestCore } from '../../test-support';

let core: TestCore;
beforeEach(() => {
  core = createTestCore();
});
afterEach(() => core.close());

/** A WAV file's opening: what a saved audio file must start with. */
const WAV = Buffer.concat([Buffer.from('RIFF'), Buffer.from([36, 0, 0, 0]), Buffer.from('WAVEfmt '), Buffer.alloc(24, 1)]);
const ALS = zlib.gzipSync('<?xml version="1.0" encoding="UTF-8"?><Ableton/>');

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
    const bytes = Buffer.concat([WAV, Buffer.from(Array.from({ length: 1000 - WAV.length }, (_, i) => i % 251))]);
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

  it('saves a file sent in one chunk', async () => {
    const whole = await save({ fileName: 'Song.als', kind: 'session', bytes: ALS, done: true });
    expect(whole).toMatchObject({ ok: true, data: { received: ALS.length, file: { fileName: 'Song.als', size: ALS.length } } });
    expect(whole.ok && (whole.data as { file: { path: string } }).file.path).toContain(path.join('files', 'session'));
  });

  it('refuses a chunk that does not start where the last one ended', async () => {
    const first = await save({ bytes: WAV.subarray(0, 4) });
    if (!first.ok) throw new Error(first.error.message);
    const { uploadId } = first.data as { uploadId: string };
    expect(await save({ uploadId, offset: 2, bytes: WAV.subarray(2, 4) })).toEqual({
      ok: false,
      error: { code: 'invalid_input', message: 'This chunk of Night Drive.wav starts at byte 2, but Songshelf has received 4 bytes of it so far.' },
    });
    // The upload is intact: the right offset goes on.
    expect(await save({ uploadId, offset: 4, bytes: WAV.subarray(4), done: true })).toMatchObject({ ok: true, data: { file: { size: WAV.length } } });
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
    ['/etc/passwd', 'etcpasswd.wav'],
    ['..', 'file.wav'],
    ['a/b\\c.wav', 'abc.wav'],
  ])('keeps the name %j inside its own folder as %j', async (fileName, expected) => {
    const result = await save({ fileName, bytes: WAV, done: true });
    if (!result.ok) throw new Error(result.error.message);
    const { uploadId, file } = result.data as { uploadId: string; file: { path: string; fileName: string } };
    expect(file.fileName).toBe(expected);
    expect(file.path).toBe(path.join(core.dataDir, 'files', 'audio', uploadId, expected));
    expect(fs.readFileSync(file.path)).toEqual(WAV);
  });

  it('saves into the data folder the file channels trust', async () => {
    const result = await save({ bytes: WAV, done: true });
    if (!result.ok) throw new Error(result.error.message);
    const { file } = result.data as { file: { path: string } };
    expect(await core.router.dispatch('getFileStats', { path: file.path })).toMatchObject({ ok: true, data: { exists: true, size: WAV.length } });
  });

  it('clears part files of an earlier run when the core starts', async () => {
    const first = await save({ bytes: Buffer.from('partial') });
    if (!first.ok) throw new Error(first.error.message);
    const incoming = path.join(core.dataDir, 'files', '.incoming');
    expect(fs.readdirSync(incoming)).toHaveLength(1);
    await core.start();
    expect(fs.existsSync(incoming)).toBe(false);
  });

  describe('by content, never by the name it is sent with', () => {
    /** Every file under the saved files' folder, part files included. */
    const filesKept = () => {
      const folder = path.join(core.dataDir, 'files');
      if (!fs.existsSync(folder)) return [];
      return fs.readdirSync(folder, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).map((entry) => entry.name);
    };
    const PTX = buildProToolsSession();
    const PTF = buildProToolsSession({ format: 'ptf' });
    const MP3 = Buffer.concat([Buffer.from('ID3'), Buffer.from([4, 0, 0, 0, 0, 0, 0]), Buffer.alloc(30)]);
    const AIFF = Buffer.concat([Buffer.from('FORM'), Buffer.from([0, 0, 0, 30]), Buffer.from('AIFFCOMM'), Buffer.alloc(22)]);

    it.each([
      ['a WAV', 'Night Drive.wav', 'audio', WAV, 'Night Drive.wav'],
      ['an AIFF named .aif', 'Take.aif', 'audio', AIFF, 'Take.aif'],
      ['an MP3 misnamed .wav', 'Demo.wav', 'audio', MP3, 'Demo.wav.mp3'],
      ['a WAV named .bat', 'x.bat', 'audio', WAV, 'x.bat.wav'],
      ['a WAV named .exe', 'setup.exe', 'audio', WAV, 'setup.exe.wav'],
      ['a WAV with no extension', 'bounce', 'audio', WAV, 'bounce.wav'],
      ['an Ableton set', 'Song.als', 'session', ALS, 'Song.als'],
      ['a gzip named .command', 'Song.command', 'session', ALS, 'Song.command.als'],
      ['a Pro Tools 10+ session', 'Song.ptx', 'session', PTX, 'Song.ptx'],
      ['an older Pro Tools session', 'Song.pts', 'session', PTF, 'Song.pts'],
      ['an older Pro Tools session named .app', 'Song.app', 'session', PTF, 'Song.app.ptf'],
    ] as const)('saves %s with the extension of what it holds', async (_kind, fileName, kind, bytes, expected) => {
      const result = await save({ fileName, kind, bytes, done: true });
      if (!result.ok) throw new Error(result.error.message);
      const { file } = result.data as { file: { path: string; fileName: string } };
      expect(file.fileName).toBe(expected);
      expect(path.basename(file.path)).toBe(expected);
      expect(fs.readFileSync(file.path)).toEqual(bytes);
    });

    it.each([
      ['a batch file', 'x.bat', 'audio', Buffer.from('@echo off\r\ndel /q C:\\*\r\n')],
      ['a script named like audio', 'mix.wav', 'audio', Buffer.from('#!/bin/sh\nrm -rf ~\n')],
      ['a Windows program', 'mix.wav', 'audio', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(64)])],
      ['a Mach-O program', 'Song.als', 'session', Buffer.concat([Buffer.from([0xcf, 0xfa, 0xed, 0xfe]), Buffer.alloc(64)])],
      ['text named like a set', 'Song.als', 'session', Buffer.from('not really a set, only words')],
      ['a set sent as audio', 'Song.wav', 'audio', ALS],
      ['audio sent as a session', 'Song.als', 'session', WAV],
      ['an empty file', 'silence.wav', 'audio', Buffer.alloc(0)],
      ['a zip', 'Song.logicx.zip', 'session', Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(64)])],
    ] as const)('refuses %s, and keeps nothing of it', async (_kind, fileName, kind, bytes) => {
      const result = await save({ fileName, kind, bytes, done: true });
      expect(result).toMatchObject({ ok: false, error: { code: 'invalid_input', message: expect.stringContaining(fileName) } });
      expect(filesKept()).toEqual([]);
    });

    it('refuses a file as soon as its first chunk shows what it is', async () => {
      const result = await save({ fileName: 'x.bat', bytes: Buffer.from('@echo off\r\nformat c: /q\r\n'), done: false });
      expect(result).toMatchObject({ ok: false, error: { code: 'invalid_input', message: expect.stringContaining('x.bat') } });
      expect(filesKept()).toEqual([]);
    });
  });
});

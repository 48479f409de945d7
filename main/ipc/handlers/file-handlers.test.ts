import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_READ_FILE_BYTES } from '../../../common/constants';
import { tempDir } from '../../../db/test-support';
import { createTestCore, type TestCore } from '../../test-support';

let core: TestCore;
let music: string;
beforeEach(async () => {
  core = createTestCore();
  music = tempDir('songshelf-music-');
  fs.writeFileSync(path.join(music, 'bounce.wav'), Buffer.from([0x52, 0x49, 0x46, 0x46, 0, 1, 2]));
  await core.router.dispatch('db:update-user-settings', { projectDirectories: [music] });
});
afterEach(() => core.close());

describe('getFileStats', () => {
  it('reports a file inside a watched folder', async () => {
    const result = await core.router.dispatch('getFileStats', { path: path.join(music, 'bounce.wav') });
    expect(result).toMatchObject({ ok: true, data: { exists: true, isFile: true, isDirectory: false, size: 7 } });
  });

  it('reports a missing file as missing, not as an error', async () => {
    const result = await core.router.dispatch('getFileStats', { path: path.join(music, 'gone.wav') });
    expect(result).toMatchObject({ ok: true, data: { exists: false, size: 0, modifiedTime: null } });
  });

  it('refuses a path outside the watched folders and app data', async () => {
    const result = await core.router.dispatch('getFileStats', { path: '/etc/passwd' });
    expect(result).toMatchObject({ ok: false, error: { code: 'forbidden' } });
  });
});

describe('readFile', () => {
  it('reads a file as base64 by default, or as text', async () => {
    const file = path.join(music, 'bounce.wav');
    expect(await core.router.dispatch('readFile', { path: file })).toMatchObject({
      ok: true,
      data: { encoding: 'base64', data: Buffer.from([0x52, 0x49, 0x46, 0x46, 0, 1, 2]).toString('base64'), size: 7 },
    });
    fs.writeFileSync(path.join(music, 'notes.txt'), 'verse, chorus');
    expect(await core.router.dispatch('readFile', { path: path.join(music, 'notes.txt'), encoding: 'utf8' })).toMatchObject({
      ok: true,
      data: { data: 'verse, chorus' },
    });
  });

  it('reads the app’s own data folder', async () => {
    fs.writeFileSync(path.join(core.dataDir, 'cover.txt'), 'art');
    expect(await core.router.dispatch('readFile', { path: path.join(core.dataDir, 'cover.txt'), encoding: 'utf8' })).toMatchObject({
      ok: true,
      data: { data: 'art' },
    });
  });

  it('refuses a file over the size cap with a clear error', async () => {
    const huge = path.join(music, 'huge.wav');
    fs.closeSync(fs.openSync(huge, 'w'));
    fs.truncateSync(huge, MAX_READ_FILE_BYTES + 1);
    const result = await core.router.dispatch('readFile', { path: huge });
    expect(result).toMatchObject({ ok: false, error: { code: 'file_too_large', message: expect.stringMatching(/64\.0 MB/) } });
  });

  it('answers not_found for a missing file and invalid_input for a folder', async () => {
    expect(await core.router.dispatch('readFile', { path: path.join(music, 'nope.wav') })).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(await core.router.dispatch('readFile', { path: music })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
  });
});

describe('openExternal', () => {
  it('hands http, https and mailto links to the platform', async () => {
    for (const url of ['https://example.com/a', 'mailto:me@example.com']) {
      expect(await core.router.dispatch('openExternal', { url })).toEqual({ ok: true, data: { opened: true } });
    }
    expect(core.openedLinks).toEqual(['https://example.com/a', 'mailto:me@example.com']);
  });

  it('refuses any other scheme and opens nothing', async () => {
    for (const url of ['file:///etc/passwd', 'javascript:alert(1)', 'ms-msdt:/id']) {
      expect(await core.router.dispatch('openExternal', { url })).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    }
    expect(core.openedLinks).toEqual([]);
  });
});

describe.each([
  ['showItemInFolder', () => core.shownItems, { ok: true, data: { shown: true } }],
  ['openPath', () => core.openedPaths, { ok: true, data: { opened: true } }],
] as const)('%s', (channel, calls, success) => {
  it('hands a file inside a watched folder to the platform, resolved', async () => {
    fs.symlinkSync(path.join(music, 'bounce.wav'), path.join(music, 'latest.wav'));
    expect(await core.router.dispatch(channel, { path: path.join(music, 'latest.wav') })).toEqual(success);
    expect(calls()).toEqual([fs.realpathSync(path.join(music, 'bounce.wav'))]);
  });

  it('hands a folder of the library and the app’s own data to the platform', async () => {
    fs.writeFileSync(path.join(core.dataDir, 'saved.wav'), 'x');
    expect(await core.router.dispatch(channel, { path: music })).toEqual(success);
    expect(await core.router.dispatch(channel, { path: path.join(core.dataDir, 'saved.wav') })).toEqual(success);
    expect(calls()).toHaveLength(2);
  });

  it('refuses a path outside the library and calls nothing', async () => {
    const outside = tempDir('songshelf-outside-');
    fs.symlinkSync(outside, path.join(music, 'escape'));
    for (const target of ['/etc/passwd', path.join(music, '..', 'x.wav'), path.join(music, 'escape')]) {
      expect(await core.router.dispatch(channel, { path: target })).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    }
    expect(calls()).toEqual([]);
  });

  it('answers not_found for a missing file and calls nothing', async () => {
    const missing = path.join(music, 'gone.wav');
    expect(await core.router.dispatch(channel, { path: missing })).toEqual({
      ok: false,
      error: { code: 'not_found', message: `File not found: ${missing}` },
    });
    expect(calls()).toEqual([]);
  });
});

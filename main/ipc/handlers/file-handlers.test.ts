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
  const watched = await core.router.dispatch('watchDirectory', { path: music });
  if (!watched.ok) throw new Error(watched.error.message);
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

  it('reads the app’s saved files and compressed copies', async () => {
    for (const saved of [path.join('files', 'audio', 'u1', 'take.wav'), path.join('compressed', 'take-1a2b3c4d_compressed.mp3')]) {
      fs.mkdirSync(path.dirname(path.join(core.dataDir, saved)), { recursive: true });
      fs.writeFileSync(path.join(core.dataDir, saved), 'art');
      expect(await core.router.dispatch('readFile', { path: path.join(core.dataDir, saved), encoding: 'utf8' })).toMatchObject({ ok: true, data: { data: 'art' } });
    }
  });

  it.each([
    ['the local cloud’s signing key', path.join('cloud', 'jwt-secret')],
    ['the local cloud’s mail log', path.join('cloud', 'mail.log')],
    ['the local cloud’s database', path.join('cloud', 'pgdata', 'PG_VERSION')],
    ['the library’s database', 'songshelf.db'],
    ['its write-ahead log', 'songshelf.db-wal'],
    ['a backup before a migration', 'songshelf.db.before-migration-v3-1700000000000.bak'],
    ['the session vault', 'session.vault'],
    ['a log', path.join('logs', 'main.log')],
  ])('never reads %s, through any file channel', async (_what, secret) => {
    const file = path.join(core.dataDir, secret);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, 'secret');
    for (const channel of ['readFile', 'getFileStats', 'showItemInFolder', 'openPath', 'compressAudio'] as const) {
      expect(await core.router.dispatch(channel, { path: file }), channel).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    }
    expect(core.shownItems).toEqual([]);
    expect(core.openedPaths).toEqual([]);
  });

  it('never reads through a link from a watched folder into the app’s data', async () => {
    fs.mkdirSync(path.join(core.dataDir, 'cloud'), { recursive: true });
    fs.writeFileSync(path.join(core.dataDir, 'cloud', 'jwt-secret'), 'secret');
    fs.symlinkSync(path.join(core.dataDir, 'cloud'), path.join(music, 'cloud'));
    expect(await core.router.dispatch('readFile', { path: path.join(music, 'cloud', 'jwt-secret') })).toMatchObject({ ok: false, error: { code: 'forbidden' } });
  });

  it('trusts no folder the settings name: `/` there opens nothing', async () => {
    expect(await core.router.dispatch('db:update-user-settings', { projectDirectories: [music, '/'] })).toMatchObject({
      ok: false,
      error: { code: 'forbidden', message: expect.stringMatching(/whole disk/) },
    });
    expect(await core.router.dispatch('db:get-user-settings', undefined)).toMatchObject({ ok: true, data: { projectDirectories: [music] } });
    expect(await core.router.dispatch('readFile', { path: '/etc/hostname' })).toMatchObject({ ok: false, error: { code: 'forbidden' } });
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

  it('hands a file the app saved to the platform', async () => {
    const saved = path.join(core.dataDir, 'files', 'audio', 'u1', 'saved.wav');
    fs.mkdirSync(path.dirname(saved), { recursive: true });
    fs.writeFileSync(saved, 'x');
    expect(await core.router.dispatch(channel, { path: saved })).toEqual(success);
    expect(calls()).toEqual([fs.realpathSync(saved)]);
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

describe('showItemInFolder', () => {
  it('reveals a folder of the library, and any file in it', async () => {
    fs.writeFileSync(path.join(music, 'notes.txt'), 'verse');
    expect(await core.router.dispatch('showItemInFolder', { path: music })).toEqual({ ok: true, data: { shown: true } });
    expect(await core.router.dispatch('showItemInFolder', { path: path.join(music, 'notes.txt') })).toEqual({ ok: true, data: { shown: true } });
    expect(core.shownItems).toHaveLength(2);
  });
});

describe('openPath opens only sessions and audio', () => {
  it.each([
    ['an Ableton set', 'Song.als'],
    ['a Pro Tools session', 'Song.ptx'],
    ['an older Pro Tools session', 'Song.PTF'],
    ['a WAV', 'Mix.wav'],
    ['an AIFF', 'Mix.aif'],
    ['an M4A', 'Mix.m4a'],
  ])('opens %s', async (_kind, name) => {
    fs.writeFileSync(path.join(music, name), 'x');
    expect(await core.router.dispatch('openPath', { path: path.join(music, name) })).toEqual({ ok: true, data: { opened: true } });
    expect(core.openedPaths).toEqual([fs.realpathSync(path.join(music, name))]);
  });

  it('opens a Logic package folder', async () => {
    fs.mkdirSync(path.join(music, 'Song.logicx'));
    expect(await core.router.dispatch('openPath', { path: path.join(music, 'Song.logicx') })).toEqual({ ok: true, data: { opened: true } });
  });

  it.each([
    ['a batch file', 'x.bat'],
    ['an executable', 'setup.exe'],
    ['a shell script for Terminal', 'run.command'],
    ['a shortcut', 'music.lnk'],
    ['a script', 'tool.sh'],
    ['a document', 'notes.txt'],
    ['a file with no extension', 'README'],
    ['an audio name that is a folder', 'Mix.wav/'],
    ['a session name that is a folder', 'Song.als/'],
    ['an app bundle', 'Player.app/'],
    ['a plain folder', 'Stems/'],
    ['a package name that is a file', 'Song.logicx'],
  ])('refuses %s and opens nothing', async (_kind, name) => {
    const target = path.join(music, name);
    if (name.endsWith('/')) fs.mkdirSync(target);
    else fs.writeFileSync(target, 'x');
    expect(await core.router.dispatch('openPath', { path: target })).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(core.openedPaths).toEqual([]);
  });

  it('refuses a link named like audio that leads to a script', async () => {
    fs.writeFileSync(path.join(music, 'run.command'), '#!/bin/sh\n');
    fs.symlinkSync(path.join(music, 'run.command'), path.join(music, 'Mix.wav'));
    expect(await core.router.dispatch('openPath', { path: path.join(music, 'Mix.wav') })).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(core.openedPaths).toEqual([]);
  });
});

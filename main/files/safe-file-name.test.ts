import { describe, expect, it } from 'vitest';
import { nameForContent, safeFileName } from './safe-file-name';

describe('safeFileName', () => {
  it.each([
    ['keeps an ordinary name as it is', 'Night Drive (mix 3).wav', 'linux', 'Night Drive (mix 3).wav'],
    ['keeps accents, emoji and leading dots', '.Café ☕ bounce.aif', 'darwin', '.Café ☕ bounce.aif'],
    ['drops Unix path separators', '../../etc/passwd', 'linux', '....etcpasswd'],
    ['drops Windows path separators', '..\\..\\Windows\\win.ini', 'win32', '....Windowswin.ini'],
    ['drops control characters', 'a\u0000b\nc\u001b[31m\u0085.wav', 'linux', 'abc[31m.wav'],
    ['never answers a dot folder', '..', 'linux', 'file'],
    ['never answers an empty name', '/\\/', 'linux', 'file'],
    ['drops Windows reserved characters on Windows only', 'Mix: "final"?.wav', 'win32', 'Mix final.wav'],
    ['keeps them elsewhere', 'Mix: final?.wav', 'darwin', 'Mix: final?.wav'],
    ['renames a Windows device name on Windows', 'NUL.wav', 'win32', '_NUL.wav'],
    ['drops trailing dots and spaces on Windows', 'take 2. . ', 'win32', 'take 2'],
  ] as const)('%s', (_case, requested, platform, expected) => {
    expect(safeFileName(requested, platform)).toBe(expected);
  });

  it('cuts a long name to 255 bytes at a character boundary, keeping the extension', () => {
    const name = safeFileName(`${'é'.repeat(300)}.wav`, 'linux');
    expect(Buffer.byteLength(name)).toBeLessThanOrEqual(255);
    expect(name.endsWith('é.wav')).toBe(true);
  });
});

describe('nameForContent', () => {
  it.each([
    ['keeps an extension of what the file holds', 'Night Drive.wav', ['wav'], 'linux', 'Night Drive.wav'],
    ['keeps any of its extensions, in any case', 'Take.AIF', ['aiff', 'aif'], 'darwin', 'Take.AIF'],
    ['adds the extension to a program’s name', 'x.bat', ['wav'], 'win32', 'x.bat.wav'],
    ['adds it to a Terminal script’s name', 'run.command', ['als'], 'darwin', 'run.command.als'],
    ['adds it to a misnamed file', 'Demo.wav', ['mp3'], 'linux', 'Demo.wav.mp3'],
    ['adds it to a name with none', 'bounce', ['flac'], 'linux', 'bounce.flac'],
    ['adds it to the fallback name', '..', ['ptx'], 'linux', 'file.ptx'],
    ['adds it after Windows drops trailing dots', 'x.exe. . ', ['wav'], 'win32', 'x.exe.wav'],
  ] as const)('%s', (_case, requested, extensions, platform, expected) => {
    expect(nameForContent(requested, extensions, platform)).toBe(expected);
  });

  it('keeps the added extension when it cuts a long name', () => {
    const name = nameForContent(`${'é'.repeat(300)}.exe`, ['wav'], 'linux');
    expect(Buffer.byteLength(name)).toBeLessThanOrEqual(255);
    expect(name.endsWith('.wav')).toBe(true);
  });
});

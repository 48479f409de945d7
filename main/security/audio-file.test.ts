// What an upload may read: real audio of every kind (made by ffmpeg) inside the library's folders, by name and by
// content; nothing outside them, through a link or not, and nothing whose bytes are not audio whatever its name.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import { beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../db/test-support';
import { resolveAudioFile } from './audio-file';

let library: string;
let home: string;

beforeAll(() => {
  library = fs.realpathSync(tempDir('songshelf-library-'));
  home = fs.realpathSync(tempDir('songshelf-home-'));
});

function audio(name: string, args: string[] = [], folder = library): string {
  const file = path.join(folder, name);
  const run = spawnSync(ffmpeg.path, ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=0.1', ...args, file]);
  if (run.status !== 0) throw new Error(`ffmpeg could not write ${name}: ${run.stderr.toString()}`);
  return file;
}

function file(name: string, content: string | Buffer, folder = library): string {
  const target = path.join(folder, name);
  fs.writeFileSync(target, content);
  return target;
}

describe('resolveAudioFile', () => {
  it.each([
    ['WAV', 'take.wav', []],
    ['AIFF', 'take.aiff', []],
    ['AIF', 'take.aif', ['-f', 'aiff']],
    ['FLAC', 'take.flac', []],
    ['MP3 with an ID3 tag', 'take.mp3', []],
    ['MP3 without a tag (a frame first)', 'bare.mp3', ['-write_id3v2', '0']],
    ['M4A', 'take.m4a', []],
    ['AAC (ADTS)', 'take.aac', []],
    ['Ogg Vorbis', 'take.ogg', []],
    ['an MP3 misnamed .wav (audio all the same)', 'misnamed.wav', ['-f', 'mp3']],
  ])('takes %s inside the library', async (_kind, name, args) => {
    const made = audio(name, args);
    expect(await resolveAudioFile(made, [library])).toBe(made);
  });

  it.each([
    ['a private key', 'mix.wav', '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n'],
    ['a database', 'mix.flac', Buffer.concat([Buffer.from('SQLite format 3\0'), Buffer.alloc(100)])],
    ['a picture', 'mix.mp3', Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex')],
    ['zeros', 'mix.aiff', Buffer.alloc(64)],
    ['text that names a format', 'mix.ogg', 'A WAV starts with RIFF, then WAVE'],
  ])('refuses %s named like audio, by its content', async (_kind, name, content) => {
    await expect(resolveAudioFile(file(name, content), [library])).rejects.toMatchObject({ code: 'forbidden', message: expect.stringContaining('does not contain audio') });
  });

  it('refuses a file whose name is not audio, whatever it holds', async () => {
    const wav = audio('take.wav');
    const renamed = path.join(library, 'take.txt');
    fs.copyFileSync(wav, renamed);
    await expect(resolveAudioFile(renamed, [library])).rejects.toMatchObject({ code: 'forbidden' });
  });

  it('refuses audio outside the library, directly, by `..`, or through a link inside it', async () => {
    const outside = audio('memo.wav', [], home);
    await expect(resolveAudioFile(outside, [library])).rejects.toMatchObject({ code: 'forbidden', message: expect.stringContaining('outside') });
    await expect(resolveAudioFile(path.join(library, '..', path.basename(home), 'memo.wav'), [library])).rejects.toMatchObject({ code: 'forbidden' });
    const link = path.join(library, 'bounce.wav');
    fs.symlinkSync(outside, link);
    await expect(resolveAudioFile(link, [library])).rejects.toMatchObject({ code: 'forbidden' });
  });

  it('answers a missing or empty file as it is, for the uploader to say so', async () => {
    const missing = path.join(library, 'gone.wav');
    expect(await resolveAudioFile(missing, [library])).toBe(missing);
    const empty = file('empty.wav', '');
    expect(await resolveAudioFile(empty, [library])).toBe(empty);
  });
});

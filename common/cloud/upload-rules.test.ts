import { describe, expect, it } from 'vitest';
import {
  compressionFormat,
  compressionPlan,
  isCompressedCopy,
  isSongsOwnObject,
  playsAnotherObject,
  sanitizeUploadName,
  songObjectPath,
  UPLOAD_SKIP_REASONS,
  uploadTimedOut,
  uploadTimeoutSeconds,
} from './upload-rules';
import { cloudFileUrl } from './cloud-files';
import { MAX_UPLOAD_BYTES } from '../constants';

const MB = 1024 * 1024;

describe('compressionPlan (spec section 9)', () => {
  it.each([
    ['mix.wav', 4 * MB, { compress: false, reason: 'small' }],
    ['mix.wav', 5 * MB - 1, { compress: false, reason: 'small' }],
    ['mix.wav', 5 * MB, { compress: true, bitrate: '192k', format: 'mp3' }],
    ['mix.wav', 20 * MB, { compress: true, bitrate: '192k', format: 'mp3' }],
    ['mix.wav', 20 * MB + 1, { compress: true, bitrate: '128k', format: 'mp3' }],
    ['mix.aiff', 50 * MB, { compress: true, bitrate: '128k', format: 'mp3' }],
    ['mix.flac', 50 * MB + 1, { compress: true, bitrate: '96k', format: 'mp3' }],
    ['Mix.MP3', 80 * MB, { compress: false, reason: 'already_compressed' }],
    ['mix.aac', 80 * MB, { compress: false, reason: 'already_compressed' }],
    ['mix.ogg', 80 * MB, { compress: false, reason: 'already_compressed' }],
  ] as const)('%s of %d bytes -> %o', (name, size, plan) => {
    expect(compressionPlan(name, size)).toEqual(plan);
  });

  it('offers mp3, aac and ogg, and refuses any other format with the spec message', () => {
    expect(['mp3', 'aac', 'ogg'].map(compressionFormat)).toEqual(['mp3', 'aac', 'ogg']);
    for (const format of ['wav', 'flac', 'MP3', '']) expect(() => compressionFormat(format)).toThrow('Unsupported format');
  });
});

describe('upload rules (spec sections 5, 8 and 9)', () => {
  it('the size limit is 50 MB, 52428800 bytes', () => {
    expect(MAX_UPLOAD_BYTES).toBe(52_428_800);
  });

  it('sanitises names: lowercase, whitespace and colons to underscores, other characters dropped', () => {
    expect(sanitizeUploadName('Night Drive: Mix 2 (FINAL).WAV')).toBe('night_drive__mix_2_final.wav');
    expect(sanitizeUploadName('Tab\there-ok_1.mp3')).toBe('tab_here-ok_1.mp3');
    expect(sanitizeUploadName('Café ♪ ünïcode.mp3')).toBe('caf__ncode.mp3');
    expect(sanitizeUploadName('../../etc/passwd')).toBe('....etcpasswd');
  });

  it('puts a song\'s audio in its own folder of the user\'s: {userId}/{songId}/{sanitized name}', () => {
    const song = '0190a3b4-0000-7000-8000-0000000000aa';
    expect(songObjectPath('u-1', song, 'Mix.wav')).toBe(`u-1/${song}/mix.wav`);
    // An id no key could hold as it is gets a folder of its own all the same, one segment, never a plain id's.
    expect(songObjectPath('u-1', 'a/b', 'Mix.wav')).toBe('u-1/.61.2f.62/mix.wav');
    expect(songObjectPath('u-1', '..', 'Mix.wav')).toBe('u-1/.2e.2e/mix.wav');
    expect(songObjectPath('u-1', 'ab', 'Mix.wav')).not.toBe(songObjectPath('u-1', 'a b', 'Mix.wav'));
  });

  it.each([
    ['u-1/song-1/mix.wav', 'song-1', true],
    ['u-1/song-2/mix.wav', 'song-1', false],
    ['u-1/mix.wav', 'song-1', false],
    ['u-1/song-1/extra/mix.wav', 'song-1', false],
    ['u-1/.61.2f.62/mix.wav', 'a/b', true],
  ] as const)('%s is the own object of song %s: %s', (objectPath, songId, own) => {
    expect(isSongsOwnObject(objectPath, songId)).toBe(own);
  });

  it.each([
    ['an old object shared by name', cloudFileUrl('https://x', 'audio-files', 'u-1/mix.wav'), true],
    ['another song\'s object', cloudFileUrl('https://x', 'audio-files', 'u-1/song-2/mix.wav'), true],
    ['its own object', cloudFileUrl('https://x', 'audio-files', 'u-1/song-1/mix.wav'), false],
    ['a file on this computer', '/Users/ana/Music/Mix.wav', false],
    ['no file', '', false],
    ['a session, not audio', cloudFileUrl('https://x', 'session-files', 'u-1/set.als'), false],
  ])('a song playing %s goes up to its own: %s', (_what, value, again) => {
    expect(playsAnotherObject('song-1', value)).toBe(again);
  });

  it('never uploads our own compressed copies', () => {
    expect(isCompressedCopy('/music/Night Drive_compressed.mp3')).toBe(true);
    expect(isCompressedCopy('NIGHT_COMPRESSED.MP3')).toBe(true);
    expect(isCompressedCopy('compressed.mp3')).toBe(false);
  });

  it('times out after the smaller of 300 s and 60 s plus 6 s per MB, with the spec message', () => {
    expect(uploadTimeoutSeconds(0)).toBe(60);
    expect(uploadTimeoutSeconds(10 * MB)).toBe(120);
    expect(uploadTimeoutSeconds(10 * MB + 1)).toBe(121);
    expect(uploadTimeoutSeconds(40 * MB)).toBe(300);
    expect(uploadTimeoutSeconds(50 * MB)).toBe(300);
    expect(uploadTimedOut(120)).toBe('Upload timed out after 120 seconds.');
  });

  it('names all nine skip reasons of the spec', () => {
    expect(UPLOAD_SKIP_REASONS).toHaveLength(9);
    expect(new Set(UPLOAD_SKIP_REASONS).size).toBe(9);
  });
});

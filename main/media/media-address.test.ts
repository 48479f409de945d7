import { describe, expect, it } from 'vitest';
import { songIdFromHostPath, songIdFromSchemeUrl } from './media-address';

describe('media addresses', () => {
  it.each([
    ['/media/songs/0190-abc', '0190-abc'],
    ['/media/songs/a%20b', 'a b'],
    ['/media/songs/', null],
    ['/media/songs/a/b', null],
    ['/media/songs/%E0%A4%A', null],
    ['/media/other/x', null],
  ])('host path %s names song %s', (pathname, expected) => {
    expect(songIdFromHostPath(pathname)).toBe(expected);
  });

  it.each([
    ['songshelf-media://songs/0190-abc?v=12', '0190-abc'],
    ['songshelf-media://songs/', null],
    ['songshelf-media://files/0190-abc', null],
    ['songshelf-media://songs/a/b', null],
  ])('scheme address %s names song %s', (url, expected) => {
    expect(songIdFromSchemeUrl(new URL(url))).toBe(expected);
  });
});

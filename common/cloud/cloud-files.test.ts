import { describe, expect, it } from 'vitest';
import { CLOUD_FILE_ERRORS, cloudFileUrl, cloudObjectOf, isCloudFileUrl, parseCloudFileUrl } from './cloud-files';

describe('cloud file addresses', () => {
  it('round-trip: the address an upload gives reads back as its bucket and path', () => {
    const url = cloudFileUrl('https://abc.supabase.co/', 'audio-files', 'u-1/night_drive.mp3');
    expect(url).toBe('https://abc.supabase.co/storage/v1/object/public/audio-files/u-1/night_drive.mp3');
    expect(isCloudFileUrl(url)).toBe(true);
    expect(parseCloudFileUrl(url)).toEqual({ bucket: 'audio-files', path: 'u-1/night_drive.mp3' });
    expect(parseCloudFileUrl('http://127.0.0.1:54321/storage/v1/object/sign/session-files/u-1/a.als?token=x')).toEqual({ bucket: 'session-files', path: 'u-1/a.als' });
  });

  it('refuses what is not a cloud file: "Invalid file URL"', () => {
    for (const value of ['/Users/ana/Music/a.wav', 'not a url', 'ftp://x/storage/v1/object/public/audio-files/a', 'https://x/other/audio-files/a', 'https://x/storage/v1/object/public/audio-files/u/../../secret']) {
      expect(() => parseCloudFileUrl(value), value).toThrow(CLOUD_FILE_ERRORS.invalidUrl);
    }
    expect(isCloudFileUrl('/Users/ana/Music/a.wav')).toBe(false);
  });

  it('names the object a song\'s file value plays, or none for a local path or an address it cannot read', () => {
    expect(cloudObjectOf(cloudFileUrl('https://x', 'audio-files', 'u-1/song-1/mix.wav'))).toEqual({ bucket: 'audio-files', path: 'u-1/song-1/mix.wav' });
    expect(cloudObjectOf('/Users/ana/Music/a.wav')).toBeNull();
    expect(cloudObjectOf('https://x/storage/v1/object/public/avatars/u/a.png')).toBeNull();
    expect(cloudObjectOf('https://x/storage/v1/object/public/audio-files/u/%E0%A4%A')).toBeNull();
  });

  it('refuses any bucket but the app’s two: "Invalid bucket in URL"', () => {
    expect(() => parseCloudFileUrl('https://x/storage/v1/object/public/avatars/u/a.png')).toThrow(CLOUD_FILE_ERRORS.invalidBucket);
  });
});

import { describe, expect, it } from 'vitest';
import { downloadChoice, platformFromUserAgent } from './download-choice';
import { RELEASE_FILES, releaseDownloadUrl } from './release';

const AGENTS = {
  iPhone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  android: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
  linux: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  mac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  windows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  unknown: 'SomeBot/1.0',
};

describe('platformFromUserAgent', () => {
  it.each([
    ['iPhone', 'mobile'],
    ['android', 'mobile'],
    ['linux', 'linux'],
    ['mac', 'mac'],
    ['windows', 'windows'],
    ['unknown', 'unknown'],
  ] as const)('%s -> %s', (agent, platform) => {
    expect(platformFromUserAgent(AGENTS[agent])).toBe(platform);
  });
});

describe('downloadChoice', () => {
  it('a Mac gets the universal image, and all three in the list with Universal recommended', () => {
    const choice = downloadChoice(AGENTS.mac);
    expect(choice.primary?.href).toBe(releaseDownloadUrl(RELEASE_FILES.macUniversal));
    expect(choice.others.map((link) => [link.label, link.note ?? null])).toEqual([
      ['Universal', 'Recommended'],
      ['Apple Silicon', null],
      ['Intel', null],
    ]);
    expect(choice.others.map((link) => link.href)).toEqual([RELEASE_FILES.macUniversal, RELEASE_FILES.macArm64, RELEASE_FILES.macX64].map(releaseDownloadUrl));
  });

  it('Windows gets the setup executable', () => {
    expect(downloadChoice(AGENTS.windows).primary?.href).toBe(releaseDownloadUrl(RELEASE_FILES.windowsSetup));
    expect(releaseDownloadUrl(RELEASE_FILES.windowsSetup)).toBe('https://github.com/songshelf/songshelf/releases/download/v1.0.3/Songshelf-1.0.3%20Setup.exe');
  });

  it('a phone is told it is a desktop app and offered both downloads', () => {
    const choice = downloadChoice(AGENTS.android);
    expect(choice.primary).toBeNull();
    expect(choice.message).toContain('desktop app');
    expect(choice.others.map((link) => link.href)).toEqual([releaseDownloadUrl(RELEASE_FILES.macUniversal), releaseDownloadUrl(RELEASE_FILES.windowsSetup)]);
  });

  it('Linux is not supported; anything else gets a disabled Download button', () => {
    expect(downloadChoice(AGENTS.linux)).toMatchObject({ primary: null, disabledLabel: 'Not Available for Linux', others: [] });
    expect(downloadChoice(AGENTS.unknown)).toMatchObject({ primary: null, disabledLabel: 'Download', others: [] });
  });
});

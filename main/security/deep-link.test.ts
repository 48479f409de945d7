import { describe, expect, it } from 'vitest';
import { OAUTH_DEEP_LINK, UPGRADE_DEEP_LINK } from '../../common/bridge/app-links';
import { appRouteFromDeepLink, deepLinkInArguments } from './deep-link';

describe('appRouteFromDeepLink', () => {
  it('opens the callback route with the tokens of a valid link', () => {
    expect(appRouteFromDeepLink(`${OAUTH_DEEP_LINK}#access_token=a.b.c&refresh_token=r1&expires_in=3600`)).toBe(
      '/oauth/callback#access_token=a.b.c&refresh_token=r1&expires_in=3600',
    );
    expect(appRouteFromDeepLink('songshelf://oauth/callback/?error=access_denied#error_description=no')).toBe('/oauth/callback?error=access_denied#error_description=no');
  });

  it('passes a link missing its tokens on to the route, which shows the spec error', () => {
    expect(appRouteFromDeepLink(`${OAUTH_DEEP_LINK}#access_token=only-one`)).toBe('/oauth/callback#access_token=only-one');
    expect(appRouteFromDeepLink(OAUTH_DEEP_LINK)).toBe('/oauth/callback');
  });

  it('opens the dashboard with the checkout’s user and session ids, and nothing else of the link', () => {
    const user = '6f1c2a4e-8b7d-4c3a-9e2f-1a2b3c4d5e6f';
    const session = '0b9f3c2e-1d4a-4e8b-a7c6-5f4e3d2c1b0a';
    expect(appRouteFromDeepLink(`${UPGRADE_DEEP_LINK}?user_id=${user}&session_id=${session}&next=/evil#x`)).toBe(`/dashboard?user_id=${user}&session_id=${session}`);
    expect(appRouteFromDeepLink(`${UPGRADE_DEEP_LINK}?user_id=${user}`)).toBeNull();
    expect(appRouteFromDeepLink(`${UPGRADE_DEEP_LINK}?user_id=../../x&session_id=${session}`)).toBeNull();
  });

  it('ignores foreign schemes, other paths, credentials and oversized links', () => {
    for (const link of [
      'https://oauth/callback#access_token=a&refresh_token=b',
      'songshelf-app://app/oauth/callback#access_token=a',
      'file:///oauth/callback',
      'songshelf://settings/delete-everything',
      'songshelf://oauth/callback/../../dashboard',
      'songshelf://user:pass@oauth/callback#access_token=a',
      'songshelf://oauth:99/callback',
      'not a link',
      `${OAUTH_DEEP_LINK}#${'x'.repeat(20_000)}`,
    ]) {
      expect(appRouteFromDeepLink(link), link).toBeNull();
    }
  });
});

describe('deepLinkInArguments', () => {
  it('finds the link among a second instance’s arguments (Windows)', () => {
    expect(deepLinkInArguments(['C:\\Songshelf\\Songshelf.exe', '--allow-file-access', 'songshelf://oauth/callback#access_token=a'])).toBe(
      'songshelf://oauth/callback#access_token=a',
    );
    expect(deepLinkInArguments(['Songshelf.exe'])).toBeNull();
  });
});

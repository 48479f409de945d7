import { describe, expect, it } from 'vitest';
import { parseExternalUrl } from './external-url';

describe('parseExternalUrl', () => {
  it.each(['https://songshelf.app/docs', 'http://127.0.0.1:3000/x', 'mailto:hello@songshelf.app'])('allows %s', (url) => {
    expect(parseExternalUrl(url).href).toBe(new URL(url).href);
  });

  it.each([
    ['file:///etc/passwd', 'forbidden'],
    ['javascript:alert(1)', 'forbidden'],
    ['smb://attacker/share', 'forbidden'],
    ['songshelf://auth#access_token=x', 'forbidden'],
    ['vbscript:msgbox', 'forbidden'],
    ['not a url', 'invalid_input'],
    ['', 'invalid_input'],
  ])('refuses %s', (url, code) => {
    expect(() => parseExternalUrl(url)).toThrow(expect.objectContaining({ code }));
  });
});

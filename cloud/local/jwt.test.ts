// Tokens the local cloud accepts: HS256 signed with the project's secret and not expired; nothing else.
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signJwt, verifyJwt, type TokenClaims } from './jwt';

const SECRET = 'the-project-secret-at-least-32-characters';
const NOW = 1_700_000_000;
const claims: TokenClaims = { sub: '0190a3b4-0000-7000-8000-000000000001', role: 'authenticated', exp: NOW + 3600 };
const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** A token with any header, signed (HMAC-SHA256) with `secret`, or with no signature. */
function token(header: unknown, body: unknown, secret: string | null = SECRET): string {
  const signed = `${part(header)}.${part(body)}`;
  return `${signed}.${secret === null ? '' : createHmac('sha256', secret).update(signed).digest('base64url')}`;
}

describe('verifyJwt', () => {
  it('accepts a token the project signed', () => {
    expect(verifyJwt(signJwt(claims, SECRET), SECRET, NOW)).toEqual(claims);
  });

  it.each([
    ['alg: none, unsigned', token({ alg: 'none', typ: 'JWT' }, claims, null)],
    ['alg: none, with a valid HMAC anyway', token({ alg: 'none', typ: 'JWT' }, claims)],
    ['alg: RS256 with an HMAC of the secret', token({ alg: 'RS256', typ: 'JWT' }, claims)],
    ['alg: HS512 with an HS256 signature', token({ alg: 'HS512', typ: 'JWT' }, claims)],
    ['no alg at all', token({ typ: 'JWT' }, claims)],
    ['signed with another secret', signJwt(claims, 'another-secret-also-32-characters-long')],
    ['a body changed after signing', `${signJwt(claims, SECRET).split('.')[0]}.${part({ ...claims, role: 'service_role' })}.${signJwt(claims, SECRET).split('.')[2]}`],
    ['expired', signJwt({ ...claims, exp: NOW }, SECRET)],
    ['a role Supabase does not have', token({ alg: 'HS256', typ: 'JWT' }, { ...claims, role: 'postgres' })],
    ['a header that is not JSON', `bm90IGpzb24.${part(claims)}.${signJwt(claims, SECRET).split('.')[2]}`],
    ['two parts', signJwt(claims, SECRET).split('.').slice(0, 2).join('.')],
  ])('refuses a token: %s', (_name, value) => {
    expect(verifyJwt(value, SECRET, NOW)).toBeNull();
  });
});

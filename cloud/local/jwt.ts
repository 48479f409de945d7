/**
 * HS256 JSON Web Tokens, as a Supabase project signs its access tokens and API keys with the project's JWT
 * secret. Only what the local cloud needs: sign, and verify signature and expiry.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface TokenClaims {
  sub?: string;
  role: 'anon' | 'authenticated' | 'service_role';
  exp?: number;
  [claim: string]: unknown;
}

const base64url = (data: Buffer | string) => Buffer.from(data).toString('base64url');

export function signJwt(claims: TokenClaims, secret: string): string {
  const head = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const body = base64url(JSON.stringify(claims));
  const signature = createHmac('sha256', secret).update(`${head}.${body}`).digest();
  return `${head}.${body}.${base64url(signature)}`;
}

/**
 * The claims of a token signed with `secret` and not expired at `nowSeconds`; null for anything else. HS256 is the
 * only algorithm: a header naming another (`none`, or RS256 to have the secret taken for a public key) is refused
 * before any signature is looked at, and so is a token whose signature is not the secret's.
 */
export function verifyJwt(token: string, secret: string, nowSeconds: number): TokenClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [head, body, signature] = parts as [string, string, string];
  try {
    const header = JSON.parse(Buffer.from(head, 'base64url').toString('utf8')) as { alg?: unknown } | null;
    if (header?.alg !== 'HS256') return null;
    const expected = createHmac('sha256', secret).update(`${head}.${body}`).digest();
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as TokenClaims;
    if (typeof claims !== 'object' || claims === null || !['anon', 'authenticated', 'service_role'].includes(claims.role)) return null;
    if (typeof claims.exp === 'number' && claims.exp <= nowSeconds) return null;
    return claims;
  } catch {
    return null;
  }
}

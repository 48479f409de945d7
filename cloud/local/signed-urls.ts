/**
 * Signed object URLs: a token that opens one object (bucket and name) until it expires, and nothing else. It is
 * signed with a key of its own, derived from the project's secret, so it never verifies as an API key or a
 * session (and no API key opens an object through this route).
 */
import { createHmac } from 'node:crypto';
import { signJwt, verifyJwt } from './jwt';

function objectUrlSecret(jwtSecret: string): string {
  return createHmac('sha256', jwtSecret).update('songshelf-local-cloud signed object URLs').digest('base64url');
}

/** A token for `bucket/name`, valid until `expiresAtSeconds`. */
export function signObjectToken(jwtSecret: string, bucket: string, name: string, expiresAtSeconds: number): string {
  // `role` only because every token the cloud signs has one; this key's secret keeps it out of the API.
  return signJwt({ role: 'anon', url: `${bucket}/${name}`, exp: expiresAtSeconds }, objectUrlSecret(jwtSecret));
}

/** Whether `token` was signed for exactly `bucket/name` and has not expired. */
export function objectTokenOpens(jwtSecret: string, token: string, bucket: string, name: string, nowSeconds: number): boolean {
  return verifyJwt(token, objectUrlSecret(jwtSecret), nowSeconds)?.url === `${bucket}/${name}`;
}

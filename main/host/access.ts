/**
 * Who may use the browser host's bridge: a page served by this host (Origin and Host checked, against DNS
 * rebinding and other sites) that knows this start's random token. The media endpoint asks the same token.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export function newToken(): string {
  return randomBytes(24).toString('base64url');
}

export function allowedOrigins(port: number): Set<string> {
  return new Set([`http://127.0.0.1:${port}`, `http://localhost:${port}`]);
}

export type AccessVerdict = { ok: true } | { ok: false; status: 401 | 403; reason: string };

export function checkBridgeAccess(request: IncomingMessage, port: number, token: string): AccessVerdict {
  const origins = allowedOrigins(port);
  const origin = request.headers.origin;
  if (!origin || !origins.has(origin)) return { ok: false, status: 403, reason: 'foreign origin' };
  if (!isOwnHost(request, port)) return { ok: false, status: 403, reason: 'foreign host' };
  if (!hasToken(request, token)) return { ok: false, status: 401, reason: 'missing or wrong token' };
  return { ok: true };
}

/**
 * The player's audio requests carry no Origin (an `<audio>` element loads without CORS), so the token in the
 * address is their proof; the server has already checked the Host header.
 */
export function checkMediaAccess(request: IncomingMessage, token: string): AccessVerdict {
  return hasToken(request, token) ? { ok: true } : { ok: false, status: 401, reason: 'missing or wrong token' };
}

function hasToken(request: IncomingMessage, token: string): boolean {
  const given = new URL(request.url ?? '/', 'http://local').searchParams.get('token') ?? '';
  return sameSecret(given, token);
}

/**
 * A request's address as a log may keep it: the path alone. The query carries the session token (the player's
 * `?token=`), and a fragment may too; whoever reads a log must not be able to call the bridge with it.
 */
export function loggablePath(url: string | undefined): string {
  return new URL(url ?? '/', 'http://local').pathname;
}

export function isOwnHost(request: IncomingMessage, port: number): boolean {
  const host = request.headers.host ?? '';
  return host === `127.0.0.1:${port}` || host === `localhost:${port}`;
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Who may reach the local cloud from a browser, and who may read its mail.
 *
 * CORS: only the pages that legitimately call it get their Origin back (never `*`): the app on this computer
 * (the browser host, the website in development: http on 127.0.0.1, localhost or [::1], any port), the desktop
 * app (`songshelf-app://app`) and the configured site URL. A request from any other page is refused outright,
 * so a cross-site form cannot post to the keyless routes (consent, checkout) either.
 *
 * `/mail` holds every confirmation and recovery link, so it answers only the service key (a developer's curl,
 * the test helpers) or the developer opening it in the browser themselves (`Sec-Fetch-Site: none`, which no page
 * can send), and only under the cloud's own host name (a DNS-rebound name is another site). Not the cloud's own
 * origin either: stored files are served there with the content type their uploader chose.
 */
import type http from 'node:http';
import { APP_ORIGIN } from '../../common/bridge/app-links';
import type { AuthService } from './auth';
import { header } from './http-io';

const LOOPBACK_NAMES = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** The headers supabase-js sends (auth, rest, storage, functions), as a preflight asks for them. */
const ALLOWED_HEADERS = 'authorization, apikey, content-type, x-client-info, x-upsert, cache-control, x-metadata, x-region, prefer, accept-profile, content-profile, range, x-supabase-api-version';

export function isLoopbackName(hostname: string): boolean {
  return LOOPBACK_NAMES.has(hostname);
}

/** Whether a page of `origin` (a request's Origin header) may call the cloud. */
export function originAllowed(origin: string, siteUrl: string): boolean {
  if (origin === APP_ORIGIN) return true;
  try {
    const url = new URL(origin);
    // Exactly an origin, as browsers send it: no path, no user.
    if (url.origin !== origin) return false;
    if ((url.protocol === 'http:' || url.protocol === 'https:') && isLoopbackName(url.hostname)) return true;
    return url.origin === new URL(siteUrl).origin;
  } catch {
    return false;
  }
}

/**
 * Sets the CORS headers for an allowed page; false when the request comes from a page that is not allowed (the
 * caller refuses it). A request with no Origin (Node, curl, a navigation) gets no CORS headers and goes on.
 */
export function applyCors(request: http.IncomingMessage, response: http.ServerResponse, siteUrl: string): boolean {
  response.setHeader('vary', 'Origin');
  const origin = header(request, 'origin');
  if (origin === undefined) return true;
  if (!originAllowed(origin, siteUrl)) return false;
  response.setHeader('access-control-allow-origin', origin);
  response.setHeader('access-control-allow-headers', ALLOWED_HEADERS);
  response.setHeader('access-control-allow-methods', 'GET, POST, PUT, PATCH, DELETE, OPTIONS');
  response.setHeader('access-control-expose-headers', 'content-range, x-supabase-api-version');
  return true;
}

/** Whether this request may read `/mail` (see the header): the service key, or the developer's own navigation. */
export function mayReadMail(request: http.IncomingMessage, cloudUrl: string, auth: AuthService): boolean {
  const port = new URL(cloudUrl).port;
  const host = header(request, 'host') ?? '';
  if (![...LOOPBACK_NAMES].some((name) => host === `${name}:${port}`)) return false;
  const key = header(request, 'apikey') ?? header(request, 'authorization')?.replace(/^Bearer\s+/i, '') ?? '';
  if (key && auth.claims(key)?.role === 'service_role') return true;
  return header(request, 'origin') === undefined && header(request, 'sec-fetch-site') === 'none' && header(request, 'sec-fetch-mode') === 'navigate';
}

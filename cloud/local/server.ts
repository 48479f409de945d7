/**
 * The local cloud over HTTP: it listens, opens its database, and routes each request. The paths and shapes are a
 * Supabase project's, as `@supabase/supabase-js` calls them: auth here, rest in rest.ts, storage in
 * storage-routes.ts; the pages a browser opens (mail link, Google consent, checkout) in browser-routes.ts; `/mail`
 * for the confirmation mails. Every API call carries an `apikey` signed with the project's secret, as on a hosted
 * project; links opened from a mail or a browser do not. Which pages may call it, and who may read the mail, is
 * access.ts.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { applyCors, mayReadMail } from './access';
import { apiKeys } from './api-keys';
import { AuthError, createAuthService } from './auth';
import { checkoutPage, consentAnswer, consentPage, verifyLink } from './browser-routes';
import { CheckoutError, createCheckout } from './checkout';
import { shareAudio } from './share-audio';
import type { CloudContext } from './context';
import { openCloudDatabase, type CloudDatabase } from './database';
import { BadRequest, header, readJson, readJsonValue, sendJson } from './http-io';
import { createOutbox, type Outbox } from './outbox';
import { handleRest, RestError } from './rest';
import { StorageError } from './storage';
import { handleStorage, serveKeylessObject } from './storage-routes';

export interface LocalCloudOptions {
  cloudFolder: string;
  /** The database (`pgdata/`) and the mail log; in memory when absent. */
  dataDir?: string;
  jwtSecret: string;
  port?: number;
  /** A PostgreSQL server instead of PGlite (`DATABASE_URL`). */
  databaseUrl?: string;
  /** Where a confirmation link lands when the sign-up named no `redirect_to`. */
  siteUrl?: string;
  now?: () => number;
}

export interface LocalCloud {
  url: string;
  /** The project's public key (role anon), as the app is configured with. */
  anonKey: string;
  /** The server-side key (role service_role): never given to a client. */
  serviceKey: string;
  db: CloudDatabase;
  outbox: Outbox;
  close(): Promise<void>;
}

export async function startLocalCloud(options: LocalCloudOptions): Promise<LocalCloud> {
  return (await listenLocalCloud(options)).ready;
}

/** A local cloud whose address is known (it listens) while its database still opens. */
export interface ListeningCloud {
  url: string;
  anonKey: string;
  /** The cloud once its database is open (requests that came earlier wait for it); rejects if it cannot open. */
  ready: Promise<LocalCloud>;
  /** Stops listening, whether or not the database opened. */
  close(): Promise<void>;
}

/**
 * Listens at once and opens the database behind: the app knows the cloud's address (its pages' CSP names it)
 * from the first moment, and early requests simply wait for PGlite.
 */
export async function listenLocalCloud(options: LocalCloudOptions): Promise<ListeningCloud> {
  const now = options.now ?? Date.now;
  const server = http.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { anonKey, serviceKey } = apiKeys(options.jwtSecret);
  const stopListening = async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };

  const opening = (async (): Promise<CloudContext> => {
    const db = await openCloudDatabase({
      cloudFolder: options.cloudFolder,
      ...(options.dataDir ? { dataDir: path.join(options.dataDir, 'pgdata') } : {}),
      ...(options.databaseUrl ? { databaseUrl: options.databaseUrl } : {}),
    });
    const outbox = createOutbox(options.dataDir, now);
    const auth = createAuthService(db, outbox, { jwtSecret: options.jwtSecret, publicUrl: url, now });
    const checkout = createCheckout(db, url);
    return { auth, checkout, db, outbox, jwtSecret: options.jwtSecret, now, url, siteUrl: options.siteUrl ?? url };
  })();
  // Answered here as well as by `ready`, so a failed open is never an unhandled rejection.
  opening.catch(() => undefined);

  server.on('request', (request, response) => {
    opening.then(
      (context) => void handle(request, response, context).catch((error: unknown) => answerFailure(response, error)),
      () => {
        applyCors(request, response, options.siteUrl ?? url);
        sendJson(response, 503, { code: 503, error_code: 'unavailable', msg: 'The local cloud could not open its database.', message: 'The local cloud could not open its database.' });
      },
    );
  });

  const ready = opening.then((context) => ({
    url,
    anonKey,
    serviceKey,
    db: context.db,
    outbox: context.outbox,
    close: async () => {
      await stopListening();
      await context.db.close();
    },
  }));
  return { url, anonKey, ready, close: () => ready.then((cloud) => cloud.close(), stopListening) };
}

function answerFailure(response: http.ServerResponse, error: unknown): void {
  if (error instanceof CheckoutError) return sendJson(response, 400, { error: 'checkout_failed', message: error.message });
  if (error instanceof StorageError) return sendJson(response, error.status, { statusCode: String(error.status), error: error.error, message: error.message });
  if (error instanceof RestError) return sendJson(response, error.status, { code: error.code, message: error.message, details: error.details, hint: null });
  const database = databaseError(error);
  if (database) return sendJson(response, database.status, { code: database.code, message: database.message, details: null, hint: null });
  if (error instanceof AuthError) return sendJson(response, error.status, { code: error.status, error_code: error.code, msg: error.message });
  if (error instanceof BadRequest) return sendJson(response, 400, { code: 400, error_code: 'bad_request', msg: error.message, message: error.message });
  // A failure of ours, not the caller's: logged for whoever runs the cloud.
  console.error('[local cloud]', error);
  sendJson(response, 500, { code: 500, error_code: 'unexpected_failure', msg: 'The local cloud failed to answer.', message: String(error) });
}

const MAIL_REFUSED = 'The mail holds sign-in links: open /mail in your browser, send the service key (apikey header), or read mail.log in the cloud’s data folder.';

async function handle(request: http.IncomingMessage, response: http.ServerResponse, context: CloudContext): Promise<void> {
  const url = new URL(request.url ?? '/', 'http://local');
  if (!applyCors(request, response, context.siteUrl)) {
    const message = `The local cloud does not answer pages of ${header(request, 'origin') ?? ''}.`;
    return sendJson(response, 403, { code: 403, error_code: 'origin_not_allowed', msg: message, message });
  }
  if (request.method === 'OPTIONS') return void response.writeHead(204).end();
  const route = `${request.method} ${url.pathname}`;

  if (route === 'GET /mail') {
    if (!mayReadMail(request, context.url, context.auth)) return sendJson(response, 403, { code: 403, error_code: 'mail_not_allowed', msg: MAIL_REFUSED, message: MAIL_REFUSED });
    return sendJson(response, 200, context.outbox.list(url.searchParams.get('to') ?? undefined));
  }
  if (route === 'GET /auth/v1/verify') return verifyLink(url, response, context);
  if (route === 'GET /auth/v1/authorize') return consentPage(url, response, context.siteUrl);
  const checkoutPath = /^\/checkout\/([^/]+)(\/confirm|\/cancel)?$/.exec(url.pathname);
  if (checkoutPath) return checkoutPage(request, response, context, checkoutPath[1]!, checkoutPath[2] ?? '');
  if (route === 'POST /auth/v1/authorize/consent') return consentAnswer(request, response, context);
  // Links that work without a key: a signed URL carries its own token; a public bucket needs none.
  if (await serveKeylessObject(request, response, url, context)) return;

  const apiKey = header(request, 'apikey');
  if (!apiKey || !context.auth.claims(apiKey)) throw new AuthError(401, 'no_authorization', 'Invalid API key');
  const bearer = header(request, 'authorization')?.replace(/^Bearer\s+/i, '') ?? '';

  // The user's token when signed in, else the API key itself (anon, or the server's service role). A token the
  // project did not sign (forged, `alg: none`) or one expired is refused, as PostgREST and Storage refuse it: read as
  // the key's visitor instead, a stale session would see an empty library.
  if (bearer && !context.auth.claims(bearer)) {
    if (url.pathname.startsWith('/rest/v1/')) throw new RestError(401, 'PGRST301', 'The JWT could not be verified: not signed by this project, or expired.');
    if (url.pathname.startsWith('/storage/v1/')) throw new StorageError(401, 'InvalidJWT', 'The JWT could not be verified: not signed by this project, or expired.');
  }
  const claims = (bearer && context.auth.claims(bearer)) || context.auth.claims(apiKey)!;
  if (url.pathname.startsWith('/storage/v1/')) return handleStorage(request, response, url, claims, context);
  if (url.pathname.startsWith('/rest/v1/')) {
    const body = request.method === 'POST' || request.method === 'PATCH' ? await readJsonValue(request) : undefined;
    const answer = await context.db.asClaims(claims, (tx) =>
      handleRest(tx, {
        method: request.method ?? 'GET',
        table: decodeURIComponent(url.pathname.slice('/rest/v1/'.length)),
        params: url.searchParams,
        prefer: header(request, 'prefer') ?? '',
        single: (header(request, 'accept') ?? '').includes('application/vnd.pgrst.object+json'),
        body,
      }),
    );
    for (const [name, value] of Object.entries(answer.headers)) response.setHeader(name, value);
    if (answer.body === null) return void response.writeHead(answer.status).end();
    return sendJson(response, answer.status, answer.body);
  }

  switch (route) {
    case 'POST /functions/v1/share-audio': {
      const answer = await shareAudio(context.db, context.jwtSecret, context.url, context.now(), await readJson(request));
      return sendJson(response, answer.status, answer.body);
    }
    case 'POST /functions/v1/checkout': {
      const caller = context.auth.claims(bearer);
      if (caller?.role !== 'authenticated' || !caller.sub) throw new AuthError(401, 'no_authorization', 'Sign in to upgrade.');
      return sendJson(response, 200, await context.checkout.start(caller.sub, await readJson(request)));
    }
    case 'POST /auth/v1/signup':
      return sendJson(response, 200, await context.auth.signUp(await readJson(request), url.searchParams.get('redirect_to')));
    case 'POST /auth/v1/token':
      return sendJson(response, 200, await context.auth.token(url.searchParams.get('grant_type'), await readJson(request)));
    case 'POST /auth/v1/recover':
      return sendJson(response, 200, await context.auth.recover(await readJson(request), url.searchParams.get('redirect_to')));
    case 'POST /auth/v1/resend':
      return sendJson(response, 200, await context.auth.resend(await readJson(request), url.searchParams.get('redirect_to')));
    case 'GET /auth/v1/user': {
      const user = await context.auth.userFromToken(bearer);
      if (!user) throw new AuthError(403, 'bad_jwt', 'invalid JWT: unable to parse or verify signature, token is expired or the session has ended');
      return sendJson(response, 200, user);
    }
    case 'PUT /auth/v1/user':
      return sendJson(response, 200, await context.auth.updateUser(bearer, await readJson(request)));
    case 'POST /auth/v1/logout':
      await context.auth.logout(bearer, url.searchParams.get('scope'));
      return void response.writeHead(204).end();
    default:
      return sendJson(response, 404, { code: 404, error_code: 'not_found', msg: `No route ${route}`, message: `No route ${route}` });
  }
}

/**
 * A Postgres error as PostgREST answers it: its SQLSTATE and message, with PostgREST's status for the class
 * (docs.postgrest.org, "Errors": 42501 is 401 for anon and 403 signed in, a duplicate 409, an unknown function 404,
 * P0001 and most of class 42 400, program limits (54) and other raised classes 500).
 */
function databaseError(error: unknown): { status: number; code: string; message: string } | null {
  if (typeof error !== 'object' || error === null || typeof (error as { code?: unknown }).code !== 'string') return null;
  const { code, message } = error as { code: string; message: string };
  if (!/^[0-9A-Z]{5}$/.test(code)) return null;
  return { status: postgrestStatus(code), code, message };
}

function postgrestStatus(code: string): number {
  if (code === '42501') return 403;
  if (code === '23503' || code === '23505') return 409;
  if (code === '42883' || code === '42P01') return 404;
  if (code === '25006') return 405;
  if (code === 'P0001') return 400;
  if (/^(08|53)/.test(code)) return 503;
  if (/^(0L|0P|28)/.test(code)) return 403;
  if (/^(09|25|2D|38|39|3B|40|54|55|57|58|F0|HV|P0|XX)/.test(code) || code === '42P17') return 500;
  return 400;
}


/**
 * The local cloud over HTTP: the paths and shapes of a Supabase project that `@supabase/supabase-js` calls
 * (auth, rest, storage), the checkout, and `/mail` for the confirmation mails. Every API call carries an `apikey` signed
 * with the project's secret, as on a hosted project; the confirmation link (opened from a mail) does not.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { OAUTH_DEEP_LINK } from '../../common/app-links';
import { AuthError, challengeOf, createAuthService, type AuthService } from './auth';
import { openCloudDatabase, type CloudDatabase } from './database';
import { handleRest, RestError } from './rest';
import { listObjects, MAX_UPLOAD_BYTES, readObject, removeObjects, signedSeconds, StorageError, uploadObject } from './storage';
import { CheckoutError, createCheckout, type Checkout } from './checkout';
import { signJwt } from './jwt';
import { escapeHtml, htmlPage } from './pages';
import { createOutbox, type Outbox } from './outbox';

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

const MAX_JSON_BYTES = 1024 * 1024;

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
  const anonKey = signJwt({ role: 'anon', iss: 'songshelf-local-cloud' }, options.jwtSecret);
  const serviceKey = signJwt({ role: 'service_role', iss: 'songshelf-local-cloud' }, options.jwtSecret);
  const stopListening = async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };

  const opening = (async (): Promise<Context> => {
    const db = await openCloudDatabase({
      cloudFolder: options.cloudFolder,
      ...(options.dataDir ? { dataDir: path.join(options.dataDir, 'pgdata') } : {}),
      ...(options.databaseUrl ? { databaseUrl: options.databaseUrl } : {}),
    });
    const outbox = createOutbox(options.dataDir, now);
    const auth = createAuthService(db, outbox, { jwtSecret: options.jwtSecret, publicUrl: url, now });
    const checkout = createCheckout(db, url);
    return { auth, checkout, db, outbox, jwtSecret: options.jwtSecret, now, siteUrl: options.siteUrl ?? url };
  })();
  // Answered here as well as by `ready`, so a failed open is never an unhandled rejection.
  opening.catch(() => undefined);

  server.on('request', (request, response) => {
    opening.then(
      (context) => void handle(request, response, context).catch((error: unknown) => answerFailure(response, error)),
      () => {
        setCors(response);
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

class BadRequest extends Error {}

interface Context {
  auth: AuthService;
  checkout: Checkout;
  db: CloudDatabase;
  jwtSecret: string;
  now: () => number;
  outbox: Outbox;
  siteUrl: string;
}

async function handle(request: http.IncomingMessage, response: http.ServerResponse, context: Context): Promise<void> {
  const url = new URL(request.url ?? '/', 'http://local');
  setCors(response);
  if (request.method === 'OPTIONS') return void response.writeHead(204).end();
  const route = `${request.method} ${url.pathname}`;

  if (route === 'GET /mail') return sendJson(response, 200, context.outbox.list(url.searchParams.get('to') ?? undefined));
  if (route === 'GET /auth/v1/verify') return verifyLink(url, response, context);
  if (route === 'GET /auth/v1/authorize') return consentPage(url, response, context.siteUrl);
  const checkoutPath = /^\/checkout\/([^/]+)(\/confirm|\/cancel)?$/.exec(url.pathname);
  if (checkoutPath) return checkoutPage(request, response, context, checkoutPath[1]!, checkoutPath[2] ?? '');
  if (route === 'POST /auth/v1/authorize/consent') return consentAnswer(request, response, context);
  // Links that work without a key: a signed URL carries its own token; a public bucket needs none.
  const signed = matchObject(url.pathname, '/storage/v1/object/sign/');
  if (request.method === 'GET' && signed) {
    const claims = context.auth.claims(url.searchParams.get('token') ?? '');
    if (!claims || claims.url !== `${signed.bucket}/${signed.name}`) throw new StorageError(400, 'InvalidSignature', 'The signature is invalid or has expired');
    return sendFile(response, await context.db.asOwner((tx) => readObject(tx, signed.bucket, signed.name)));
  }
  const published = matchObject(url.pathname, '/storage/v1/object/public/');
  if (request.method === 'GET' && published) {
    const file = await context.db.asOwner(async (tx) => {
      const bucket = (await tx.query<{ public: boolean }>('select public from storage.buckets where id = $1', [published.bucket])).rows[0];
      if (!bucket?.public) throw new StorageError(400, 'not_found', 'Bucket not found or not public');
      return readObject(tx, published.bucket, published.name);
    });
    return sendFile(response, file);
  }

  const apiKey = header(request, 'apikey');
  if (!apiKey || !context.auth.claims(apiKey)) throw new AuthError(401, 'no_authorization', 'Invalid API key');
  const bearer = header(request, 'authorization')?.replace(/^Bearer\s+/i, '') ?? '';

  // The user's token when signed in, else the API key itself (anon, or the server's service role).
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

async function handleStorage(request: http.IncomingMessage, response: http.ServerResponse, url: URL, claims: { role: string }, context: Context): Promise<void> {
  const list = /^\/storage\/v1\/object\/list\/([^/]+)$/.exec(url.pathname);
  if (request.method === 'POST' && list) {
    const body = await readJson(request);
    return sendJson(response, 200, await context.db.asClaims(claims, (tx) => listObjects(tx, decodeURIComponent(list[1]!), body)));
  }
  const sign = matchObject(url.pathname, '/storage/v1/object/sign/');
  if (request.method === 'POST' && sign) {
    const seconds = signedSeconds((await readJson(request)).expiresIn);
    // Only what the caller may read can be signed.
    await context.db.asClaims(claims, async (tx) => {
      const found = await tx.query('select 1 from storage.objects where bucket_id = $1 and name = $2', [sign.bucket, sign.name]);
      if (found.rows.length === 0) throw new StorageError(404, 'not_found', 'Object not found');
    });
    const token = signJwt({ role: 'anon', url: `${sign.bucket}/${sign.name}`, exp: Math.floor(context.now() / 1000) + seconds }, context.jwtSecret);
    return sendJson(response, 200, { signedURL: `/object/sign/${encodeURI(sign.bucket)}/${encodeURI(sign.name)}?token=${token}` });
  }
  const bucketOnly = /^\/storage\/v1\/object\/([^/]+)$/.exec(url.pathname);
  if (request.method === 'DELETE' && bucketOnly) {
    const body = await readJson(request);
    return sendJson(response, 200, await context.db.asClaims(claims, (tx) => removeObjects(tx, decodeURIComponent(bucketOnly[1]!), body.prefixes)));
  }
  const object = matchObject(url.pathname, '/storage/v1/object/');
  if (object && (request.method === 'POST' || request.method === 'PUT')) {
    const { content, contentType } = await readUpload(request);
    const upsert = request.method === 'PUT' || header(request, 'x-upsert') === 'true';
    return sendJson(response, 200, await context.db.asClaims(claims, (tx) => uploadObject(tx, { bucket: object.bucket, name: object.name, content, contentType, upsert })));
  }
  if (object && request.method === 'GET') return sendFile(response, await context.db.asClaims(claims, (tx) => readObject(tx, object.bucket, object.name)));
  throw new StorageError(404, 'not_found', `No route ${request.method ?? ''} ${url.pathname}`);
}

/** `{prefix}{bucket}/{name…}` -> bucket and object name, decoded. */
function matchObject(pathname: string, prefix: string): { bucket: string; name: string } | null {
  if (!pathname.startsWith(prefix)) return null;
  const rest = pathname.slice(prefix.length);
  const slash = rest.indexOf('/');
  if (slash <= 0 || slash === rest.length - 1) return null;
  return { bucket: decodeURIComponent(rest.slice(0, slash)), name: decodeURIComponent(rest.slice(slash + 1)) };
}

/** An upload's bytes: the raw body, or the file part of a multipart form (how supabase-js sends a Blob). */
async function readUpload(request: http.IncomingMessage): Promise<{ content: Buffer; contentType: string }> {
  const body = await readBody(request, MAX_UPLOAD_BYTES, () => new StorageError(413, 'Payload too large', 'The object exceeded the maximum allowed size'));
  const type = header(request, 'content-type') ?? 'application/octet-stream';
  if (!type.startsWith('multipart/form-data')) return { content: body, contentType: type };
  const form = await new Response(body, { headers: { 'content-type': type } }).formData();
  for (const value of form.values()) {
    if (typeof value !== 'string') return { content: Buffer.from(await value.arrayBuffer()), contentType: value.type || 'application/octet-stream' };
  }
  throw new StorageError(400, 'InvalidRequest', 'The form carries no file');
}

function sendFile(response: http.ServerResponse, file: { content: Buffer; contentType: string }): void {
  response.writeHead(200, { 'content-type': file.contentType, 'content-length': file.content.length }).end(file.content);
}

/** The mail's link: confirm (or recover), then go to the app signed in, as GoTrue does. */
async function verifyLink(url: URL, response: http.ServerResponse, context: Context): Promise<void> {
  const target = redirectTarget(url.searchParams.get('redirect_to'), context.siteUrl);
  const type = url.searchParams.get('type') ?? '';
  try {
    const result = await context.auth.verifyLink(url.searchParams.get('token') ?? '', type, url.searchParams.get('flow'));
    signInAt(target, result, type);
  } catch (error) {
    if (!(error instanceof AuthError)) throw error;
    target.hash = new URLSearchParams({ error: 'access_denied', error_code: error.code, error_description: error.message }).toString();
  }
  response.writeHead(303, { location: target.toString() }).end();
}

/** Tokens in the fragment (implicit flow), or `?code=` for a PKCE client to exchange. */
function signInAt(target: URL, result: { code: string } | { session: { access_token: string; refresh_token: string; expires_at: number; expires_in: number } }, type: string): void {
  if ('code' in result) {
    target.searchParams.set('code', result.code);
    return;
  }
  target.hash = new URLSearchParams({
    access_token: result.session.access_token,
    expires_at: String(result.session.expires_at),
    expires_in: String(result.session.expires_in),
    refresh_token: result.session.refresh_token,
    token_type: 'bearer',
    type,
  }).toString();
}

/**
 * GET /authorize?provider=google: instead of Google's own screen (there is no Google here), a local consent page
 * where the developer names the Google account to sign in as. POST sends the answer back.
 */
function consentPage(url: URL, response: http.ServerResponse, siteUrl: string): void {
  if (url.searchParams.get('provider') !== 'google') throw new AuthError(400, 'validation_failed', 'Unsupported provider: only google is offered');
  const hidden = ['redirect_to', 'code_challenge', 'code_challenge_method']
    .map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(url.searchParams.get(name) ?? '')}">`)
    .join('');
  const back = returnOrigin(url.searchParams.get('redirect_to'), siteUrl);
  const page = htmlPage(
    'Sign in with Google (local cloud)',
    `<h1>Sign in with Google</h1><p>Local cloud: no request leaves this computer. Choose the Google account to continue as.</p>
<form method="post" action="/auth/v1/authorize/consent">${hidden}
<label>Email<input name="email" type="email" required autocomplete="email"></label>
<label>Full name<input name="full_name" type="text" autocomplete="name"></label>
<div class="actions"><button type="submit" name="decision" value="allow">Continue</button><button type="submit" name="decision" value="deny" formnovalidate class="secondary">Cancel</button></div>
</form>`,
    back ? [back] : [],
  );
  response.writeHead(200, page.headers).end(page.html);
}


/**
 * Where a link or consent may send the user's tokens, as the hosted project's redirect allow-list would: the
 * site URL's origin, the app on this computer (127.0.0.1 or localhost, any port: the browser host, the website
 * in development) and the desktop app's deep link. Anything else goes to the site URL instead, so a crafted
 * link cannot carry a session to another site.
 */
export function redirectTarget(address: string | null, siteUrl: string): URL {
  if (!address) return new URL(siteUrl);
  try {
    const target = new URL(address);
    if (`${target.protocol}//${target.host}${target.pathname}` === OAUTH_DEEP_LINK) return target;
    const local = target.protocol === 'http:' && (target.hostname === '127.0.0.1' || target.hostname === 'localhost');
    if (local || target.origin === new URL(siteUrl).origin) return target;
  } catch {
    // Not an address: the site URL.
  }
  return new URL(siteUrl);
}

/** The CSP source for where a form's answer goes back to, if it names an allowed place. */
function returnOrigin(address: string | null, siteUrl?: string): string | null {
  if (!address) return null;
  try {
    const target = siteUrl ? redirectTarget(address, siteUrl) : new URL(address);
    if (target.protocol === 'songshelf:') return 'songshelf:';
    return target.protocol === 'http:' || target.protocol === 'https:' ? target.origin : null;
  } catch {
    return null;
  }
}

/** The hosted payment page's stand-in: what is bought, for whom, Pay or Cancel; each answer goes back to the app. */
async function checkoutPage(request: http.IncomingMessage, response: http.ServerResponse, context: Context, id: string, action: string): Promise<void> {
  const fail = (message: string) => {
    const page = htmlPage('Checkout', `<h1>Checkout</h1><p>${escapeHtml(message)}</p>`);
    response.writeHead(400, page.headers).end(page.html);
  };
  try {
    if (request.method === 'POST' && action === '/confirm') return void response.writeHead(303, { location: await context.checkout.confirm(id) }).end();
    if (request.method === 'POST' && action === '/cancel') return void response.writeHead(303, { location: await context.checkout.cancel(id) }).end();
  } catch (error) {
    if (error instanceof CheckoutError) return fail(error.message);
    throw error;
  }
  const session = request.method === 'GET' && action === '' ? await context.checkout.session(id) : null;
  if (!session) return fail('No such checkout.');
  if (session.status !== 'open' || session.expired) return fail('This checkout has already ended or has expired. Start the upgrade again from the app.');
  const page = htmlPage(
    'Songshelf Pro checkout (local cloud)',
    `<h1>Songshelf Pro</h1><p>For ${escapeHtml(session.email)}. Local cloud: a test checkout, nothing is charged.</p>
<p>Unlimited views and project folders, cloud sync of songs, views and settings, and 1 GB of audio storage.</p>
<div class="actions"><form method="post" action="/checkout/${session.id}/confirm"><button type="submit">Pay</button></form>
<form method="post" action="/checkout/${session.id}/cancel"><button type="submit" class="secondary">Cancel</button></form></div>`,
    [session.success_url, session.cancel_url].flatMap((address) => returnOrigin(address) ?? []),
  );
  response.writeHead(200, page.headers).end(page.html);
}

async function consentAnswer(request: http.IncomingMessage, response: http.ServerResponse, context: Context): Promise<void> {
  const form = new URLSearchParams((await readBody(request, MAX_JSON_BYTES)).toString('utf8'));
  const target = redirectTarget(form.get('redirect_to'), context.siteUrl);
  if (form.get('decision') !== 'allow') {
    target.hash = new URLSearchParams({ error: 'access_denied', error_code: 'access_denied', error_description: 'The user cancelled the Google sign-in' }).toString();
    return void response.writeHead(303, { location: target.toString() }).end();
  }
  const challenge = challengeOf({ code_challenge: form.get('code_challenge') ?? '', code_challenge_method: form.get('code_challenge_method') ?? '' });
  const result = await context.auth.consentGoogle({ email: form.get('email') ?? '', fullName: form.get('full_name') ?? '', challenge });
  signInAt(target, result, 'google');
  response.writeHead(303, { location: target.toString() }).end();
}


function header(request: http.IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function setCors(response: http.ServerResponse): void {
  response.setHeader('access-control-allow-origin', '*');
  response.setHeader('access-control-allow-headers', 'authorization, apikey, content-type, x-client-info, x-upsert, prefer, accept-profile, content-profile, range, x-supabase-api-version');
  response.setHeader('access-control-allow-methods', 'GET, POST, PUT, PATCH, DELETE, OPTIONS');
  response.setHeader('access-control-expose-headers', 'content-range, x-supabase-api-version');
}

async function readJson(request: http.IncomingMessage): Promise<Record<string, unknown>> {
  const parsed = await readJsonValue(request);
  if (parsed === undefined) return {};
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new BadRequest('The request body must be a JSON object.');
  return parsed as Record<string, unknown>;
}

async function readJsonValue(request: http.IncomingMessage): Promise<unknown> {
  const body = await readBody(request, MAX_JSON_BYTES);
  if (body.length === 0) return undefined;
  try {
    return JSON.parse(body.toString('utf8')) as unknown;
  } catch {
    throw new BadRequest('The request body is not valid JSON.');
  }
}

/** A Postgres error as PostgREST answers it: a refused row is 403, a duplicate 409, bad input 400. */
function databaseError(error: unknown): { status: number; code: string; message: string } | null {
  if (typeof error !== 'object' || error === null || typeof (error as { code?: unknown }).code !== 'string') return null;
  const { code, message } = error as { code: string; message: string };
  if (code === '42501') return { status: 403, code, message };
  if (code === '23505') return { status: 409, code, message };
  if (/^(22|23|42|P0)/.test(code)) return { status: 400, code, message };
  return null;
}

/** The whole body, refused past `limit` bytes. */
async function readBody(request: http.IncomingMessage, limit: number, tooLarge: () => Error = () => new BadRequest(`The request body is larger than ${limit} bytes.`)): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > limit) throw tooLarge();
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function sendJson(response: http.ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) }).end(text);
}

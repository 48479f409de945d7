/**
 * The local cloud's pages a browser opens, not supabase-js: the mailed link, the Google consent stand-in and the
 * checkout page, and where each may send the user back to (the redirect allow-list).
 */
import type http from 'node:http';
import { OAUTH_DEEP_LINK } from '../../common/bridge/app-links';
import { isLoopbackName } from './access';
import { AuthError, challengeOf } from './auth';
import { CheckoutError } from './checkout';
import type { CloudContext } from './context';
import { MAX_JSON_BYTES, readBody } from './http-io';
import { escapeHtml, htmlPage } from './pages';

/**
 * The mail's link: confirm (or recover), then go to the app signed in, as GoTrue does. A used or expired link
 * stays here, on a page that says so and what to do, and sends nothing to the app.
 */
export async function verifyLink(url: URL, response: http.ServerResponse, context: CloudContext): Promise<void> {
  const target = redirectTarget(url.searchParams.get('redirect_to'), context.siteUrl);
  const type = url.searchParams.get('type') ?? '';
  try {
    const result = await context.auth.verifyLink(url.searchParams.get('token') ?? '', type, url.searchParams.get('flow'));
    signInAt(target, result, type);
  } catch (error) {
    if (!(error instanceof AuthError)) throw error;
    const again = type === 'recovery' ? 'Ask for a new password reset mail.' : 'Ask Songshelf to send the confirmation again (Resend, on its Check your email page).';
    const page = htmlPage('Link no longer works', `<h1>This link no longer works</h1><p>${escapeHtml(error.message)}</p><p>${again}</p>`);
    return void response.writeHead(error.status, page.headers).end(page.html);
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
export function consentPage(url: URL, response: http.ServerResponse, siteUrl: string): void {
  if (url.searchParams.get('provider') !== 'google') throw new AuthError(400, 'validation_failed', 'Unsupported provider: only google is offered');
  const hidden = flowInputs(url.searchParams);
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

/** The sign-in's own values (where to return, the PKCE challenge), carried through the consent form. */
function flowInputs(values: URLSearchParams): string {
  return ['redirect_to', 'code_challenge', 'code_challenge_method']
    .map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(values.get(name) ?? '')}">`)
    .join('');
}

/**
 * Where a link or consent may send the user's tokens, as the hosted project's redirect allow-list would: the
 * site URL's origin, the app on this computer (127.0.0.1 or localhost, any port: the browser host, the website
 * in development) and the desktop app's deep link. Anything else goes to the site URL instead, so a crafted
 * link cannot carry a session to another site.
 */
function redirectTarget(address: string | null, siteUrl: string): URL {
  if (!address) return new URL(siteUrl);
  try {
    const target = new URL(address);
    if (`${target.protocol}//${target.host}${target.pathname}` === OAUTH_DEEP_LINK) return target;
    const local = target.protocol === 'http:' && isLoopbackName(target.hostname);
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
export async function checkoutPage(request: http.IncomingMessage, response: http.ServerResponse, context: CloudContext, id: string, action: string): Promise<void> {
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

export async function consentAnswer(request: http.IncomingMessage, response: http.ServerResponse, context: CloudContext): Promise<void> {
  const form = new URLSearchParams((await readBody(request, MAX_JSON_BYTES)).toString('utf8'));
  const target = redirectTarget(form.get('redirect_to'), context.siteUrl);
  if (form.get('decision') !== 'allow') {
    target.hash = new URLSearchParams({ error: 'access_denied', error_code: 'access_denied', error_description: 'The user cancelled the Google sign-in' }).toString();
    return void response.writeHead(303, { location: target.toString() }).end();
  }
  const challenge = challengeOf({ code_challenge: form.get('code_challenge') ?? '', code_challenge_method: form.get('code_challenge_method') ?? '' });
  try {
    const result = await context.auth.consentGoogle({ email: form.get('email') ?? '', fullName: form.get('full_name') ?? '', challenge });
    signInAt(target, result, 'google');
  } catch (error) {
    if (!(error instanceof AuthError) || error.code !== 'password_account') throw error;
    return passwordAccountPage(response, form, context.siteUrl, error.message);
  }
  response.writeHead(303, { location: target.toString() }).end();
}

/** The consent page's refusal for an address that has a password: say so; Cancel goes back to the app. */
function passwordAccountPage(response: http.ServerResponse, form: URLSearchParams, siteUrl: string, message: string): void {
  const back = returnOrigin(form.get('redirect_to'), siteUrl);
  const page = htmlPage(
    'Sign in with your password',
    `<h1>Sign in with your password</h1><p>${escapeHtml(message)}</p><p>Cancel, then log in to Songshelf with this email and its password.</p>
<form method="post" action="/auth/v1/authorize/consent">${flowInputs(form)}
<div class="actions"><button type="submit" name="decision" value="deny">Cancel</button></div>
</form>`,
    back ? [back] : [],
  );
  response.writeHead(403, page.headers).end(page.html);
}

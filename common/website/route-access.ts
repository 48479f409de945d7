/**
 * Who may be on which path (spec section 2, "Access rules by path" and "Navigation after events"), as one pure
 * function the router asks on every navigation. The app's own screens decide nothing about access.
 */
import type { SubscriptionTier } from '../cloud/account';
import { DOCS_INDEX } from './docs-index';

/** The web build is the website (no `window.api`); the desktop build is Electron or the browser host. */
export type Build = 'web' | 'desktop';

export interface RouteVisitor {
  build: Build;
  /** Null when nobody is signed in. */
  user: { tier: SubscriptionTier } | null;
}

export type RouteDecision = { kind: 'allow' } | { kind: 'redirect'; to: string };

const ALLOW: RouteDecision = { kind: 'allow' };
const redirect = (to: string): RouteDecision => ({ kind: 'redirect', to });

/**
 * Reachable without a user. The spec's list, plus the pages a visitor is sent to: the e-mail check after sign-up,
 * the 404 page (a guard that sent them to /login would hide the message they need) and the OAuth callback.
 */
const PUBLIC_PATHS = new Set(['/login', '/signup', '/', '/privacy', '/terms', '/features', '/about', '/dashboard', '/verify-email', '/not-found', '/oauth/callback']);

/** The website's own pages: they exist on the web build only. Inside the app `/` is the dashboard. */
const WEBSITE_PATHS = new Set(['/', '/privacy', '/terms', '/features', '/about', '/pricing']);

/** What a free user may open on the web build: the dashboard, pricing and the docs. */
function freeOnWeb(path: string): boolean {
  return path === '/pricing' || startsWithSegment(path, '/dashboard') || startsWithSegment(path, '/docs');
}

/** Docs are read by visitors too (spec section 6: a visitor sees the marketing site and the docs). */
function isDocs(path: string): boolean {
  return startsWithSegment(path, '/docs');
}

export function decideRoute(rawPath: string, visitor: RouteVisitor): RouteDecision {
  const path = normalisePath(rawPath);
  if (visitor.build === 'desktop') {
    if (path === '/') return redirect('/dashboard');
    if (isDocs(path) || (WEBSITE_PATHS.has(path) && path !== '/pricing')) return redirect('/not-found');
  }
  if (!isKnownPath(path)) return redirect('/not-found');
  // A shared song's listening page: anyone with the link, on the website; the app has no cloud client of its own.
  if (isListeningPage(path)) return visitor.build === 'web' ? ALLOW : redirect('/not-found');
  if (visitor.user === null) {
    if (PUBLIC_PATHS.has(path) || (visitor.build === 'web' && (isDocs(path) || path === '/pricing'))) return ALLOW;
    return redirect('/login');
  }
  if (visitor.build === 'web' && visitor.user.tier === 'free' && !freeOnWeb(path) && path !== '/not-found') return redirect('/dashboard');
  return ALLOW;
}

/**
 * The decision before it is known who is signed in (the stored session still being read): the one every
 * possible visitor would get, or null when it depends on who it is (the router waits).
 */
export function decideRouteBeforeSignIn(path: string, build: Build): RouteDecision | null {
  const visitors: RouteVisitor[] = [{ build, user: null }, { build, user: { tier: 'free' } }, { build, user: { tier: 'pro' } }];
  const [first, ...others] = visitors.map((visitor) => decideRoute(path, visitor));
  return others.every((other) => sameDecision(other, first!)) ? first! : null;
}

function sameDecision(a: RouteDecision, b: RouteDecision): boolean {
  return a.kind === b.kind && (a.kind === 'allow' || (b.kind === 'redirect' && a.to === b.to));
}

/** Where a user lands after signing in from /login or / (spec: "Navigation after events"). */
export function afterSignIn(visitor: { build: Build; user: { tier: SubscriptionTier } }): string {
  if (visitor.build === 'desktop') return '/dashboard';
  return visitor.user.tier === 'pro' ? '/dashboard' : '/';
}

export const AFTER_SIGN_OUT = '/login';

const DOCS_PAGES = new Set<string>(DOCS_INDEX.map((entry) => entry.slug));
const SINGLE_PAGES = new Set(['/login', '/signup', '/verify-email', '/not-found', '/dashboard', '/pricing', '/privacy', '/terms', '/features', '/about']);

/**
 * The paths the app has a screen for. One segment that names no page is a view id (`/:viewId`; an unknown view
 * is sent on to the first visible one by the dashboard), as is `/:viewId/modal/:modal`.
 */
function isKnownPath(path: string): boolean {
  if (path === '/' || SINGLE_PAGES.has(path) || path === '/oauth/callback') return true;
  const segments = path.split('/').slice(1);
  if (segments[0] === 'docs') return segments.length <= 2 && DOCS_PAGES.has(segments[1] ?? '');
  if (isListeningPage(path)) return true;
  if (segments.length === 1) return true;
  return segments.length === 3 && segments[1] === 'modal' && segments[0] !== '' && segments[2] !== '';
}

/** `/s/<token>`: a listening link's page; the cloud decides whether the token opens anything (a malformed one gets its plain refusal). */
function isListeningPage(path: string): boolean {
  return /^\/s\/[^/]+$/.test(path);
}

function startsWithSegment(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

/** Without a trailing slash (except the root) or a query or fragment. */
function normalisePath(path: string): string {
  const bare = path.split(/[?#]/)[0] ?? '/';
  const trimmed = bare.length > 1 ? bare.replace(/\/+$/, '') : bare;
  return trimmed === '' ? '/' : trimmed;
}

import { describe, expect, it } from 'vitest';
import { afterSignIn, AFTER_SIGN_OUT, decideRoute, decideRouteBeforeSignIn, type RouteVisitor } from './route-access';

const visitor = (build: RouteVisitor['build'], user: 'none' | 'free' | 'pro'): RouteVisitor => ({ build, user: user === 'none' ? null : { tier: user } });

type Row = [path: string, build: RouteVisitor['build'], user: 'none' | 'free' | 'pro', expected: string];

// expected: "allow" or the path the visitor is sent to.
const RULES: Row[] = [
  // Reachable without a user (spec: /login, /signup, /, /privacy, /terms, /features, /about, /dashboard).
  ['/login', 'web', 'none', 'allow'],
  ['/signup', 'web', 'none', 'allow'],
  ['/', 'web', 'none', 'allow'],
  ['/privacy', 'web', 'none', 'allow'],
  ['/terms', 'web', 'none', 'allow'],
  ['/features', 'web', 'none', 'allow'],
  ['/about', 'web', 'none', 'allow'],
  ['/dashboard', 'web', 'none', 'allow'],
  ['/dashboard', 'desktop', 'none', 'allow'],
  ['/login', 'desktop', 'none', 'allow'],
  ['/signup', 'desktop', 'none', 'allow'],
  // The e-mail check and the 404 page stay reachable for a visitor.
  ['/verify-email', 'web', 'none', 'allow'],
  ['/not-found', 'desktop', 'none', 'allow'],
  ['/oauth/callback', 'desktop', 'none', 'allow'],
  // Docs are part of the site a visitor reads (spec section 6); pricing too.
  ['/docs', 'web', 'none', 'allow'],
  ['/docs/quick-start', 'web', 'none', 'allow'],
  ['/pricing', 'web', 'none', 'allow'],
  // A shared song's listening page (issue 33): anyone with the link, on the website, whatever their plan; the token,
  // well formed or not, is the cloud's to judge. The app has no listening page.
  [`/s/${'a'.repeat(64)}`, 'web', 'none', 'allow'],
  [`/s/${'a'.repeat(64)}`, 'web', 'free', 'allow'],
  ['/s/not-a-token', 'web', 'none', 'allow'],
  [`/s/${'a'.repeat(64)}`, 'desktop', 'pro', '/not-found'],
  [`/s/${'a'.repeat(64)}/more`, 'web', 'none', '/not-found'],
  // Any other path needs a signed-in user, otherwise /login.
  ['/0190a1b2-view', 'desktop', 'none', '/login'],
  ['/0190a1b2-view/modal/fields', 'web', 'none', '/login'],
  ['/pricing', 'desktop', 'none', '/login'],
  // Free users on the web build: /pricing, /docs, anything under /dashboard or /docs.
  ['/pricing', 'web', 'free', 'allow'],
  ['/docs', 'web', 'free', 'allow'],
  ['/docs/creating-views', 'web', 'free', 'allow'],
  ['/dashboard', 'web', 'free', 'allow'],
  // ... and a signed-in free user anywhere else on the web build goes to /dashboard.
  ['/', 'web', 'free', '/dashboard'],
  ['/features', 'web', 'free', '/dashboard'],
  ['/login', 'web', 'free', '/dashboard'],
  ['/0190a1b2-view', 'web', 'free', '/dashboard'],
  ['/0190a1b2-view/modal/fields', 'web', 'free', '/dashboard'],
  // Pro users on the web and every signed-in user on the desktop go where they ask.
  ['/', 'web', 'pro', 'allow'],
  ['/0190a1b2-view', 'web', 'pro', 'allow'],
  ['/0190a1b2-view/modal/fields', 'web', 'pro', 'allow'],
  ['/0190a1b2-view', 'desktop', 'free', 'allow'],
  ['/0190a1b2-view/modal/fields', 'desktop', 'free', 'allow'],
  ['/pricing', 'desktop', 'free', 'allow'],
  // In the desktop app / is the dashboard, and the website's pages are not there.
  ['/', 'desktop', 'none', '/dashboard'],
  ['/', 'desktop', 'pro', '/dashboard'],
  ['/docs', 'desktop', 'free', '/not-found'],
  ['/privacy', 'desktop', 'free', '/not-found'],
  // Unknown paths go to the 404 page, for everyone.
  ['/docs/no-such-page', 'web', 'none', '/not-found'],
  ['/a/b', 'web', 'pro', '/not-found'],
  ['/view/modal', 'desktop', 'free', '/not-found'],
  ['/view/modal/fields/extra', 'desktop', 'pro', '/not-found'],
  // Trailing slashes, queries and fragments do not change the answer.
  ['/dashboard/', 'web', 'free', 'allow'],
  ['/login?next=%2F', 'web', 'none', 'allow'],
  ['/0190a1b2-view#top', 'desktop', 'none', '/login'],
];

describe('decideRoute: spec section 2, access rules by path', () => {
  it.each(RULES)('%s on %s with user %s -> %s', (path, build, user, expected) => {
    const decision = decideRoute(path, visitor(build, user));
    expect(decision).toEqual(expected === 'allow' ? { kind: 'allow' } : { kind: 'redirect', to: expected });
  });

  it('never sends anyone to a page that would send them on again', () => {
    for (const [path, build, user] of RULES) {
      const decision = decideRoute(path, visitor(build, user));
      if (decision.kind === 'redirect') expect(decideRoute(decision.to, visitor(build, user))).toEqual({ kind: 'allow' });
    }
  });
});

describe('decideRouteBeforeSignIn: what the router may do while the session is read', () => {
  it.each([
    ['/', 'desktop', '/dashboard'],
    ['/docs', 'desktop', '/not-found'],
    ['/a/b', 'web', '/not-found'],
    ['/dashboard', 'desktop', 'allow'],
    ['/dashboard', 'web', 'allow'],
    ['/login', 'desktop', 'allow'],
    ['/oauth/callback', 'desktop', 'allow'],
  ] as const)('%s on %s is the same for everyone: %s', (path, build, expected) => {
    expect(decideRouteBeforeSignIn(path, build)).toEqual(expected === 'allow' ? { kind: 'allow' } : { kind: 'redirect', to: expected });
  });

  it.each([
    ['/0190a1b2-view', 'desktop'],
    ['/pricing', 'desktop'],
    ['/features', 'web'],
    ['/login', 'web'],
    ['/0190a1b2-view', 'web'],
  ] as const)('%s on %s depends on who is signed in, so the router waits', (path, build) => {
    expect(decideRouteBeforeSignIn(path, build)).toBeNull();
  });

  it('agrees with decideRoute for every visitor whenever it answers', () => {
    for (const [path, build, user] of RULES) {
      const early = decideRouteBeforeSignIn(path, build);
      if (early) expect(decideRoute(path, visitor(build, user))).toEqual(early);
    }
  });
});

describe('navigation after events', () => {
  it.each([
    ['desktop', 'free', '/dashboard'],
    ['desktop', 'pro', '/dashboard'],
    ['web', 'pro', '/dashboard'],
    ['web', 'free', '/'],
  ] as const)('after sign-in on %s a %s user goes to %s', (build, tier, expected) => {
    expect(afterSignIn({ build, user: { tier } })).toBe(expected);
  });

  it('after sign-out the app goes to /login, which a visitor may open', () => {
    expect(AFTER_SIGN_OUT).toBe('/login');
    expect(decideRoute(AFTER_SIGN_OUT, visitor('web', 'none'))).toEqual({ kind: 'allow' });
    expect(decideRoute(AFTER_SIGN_OUT, visitor('desktop', 'none'))).toEqual({ kind: 'allow' });
  });
});

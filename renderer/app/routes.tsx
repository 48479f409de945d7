/**
 * The app's routes (spec section 2). The dashboard is loaded lazily, with a spinner while its code arrives:
 * `/dashboard`, `/:viewId` and `/:viewId/modal/:modal` share one frame, so the player and sidebar stay put.
 *
 * The router loads the frame and the page together (its own `lazy`), rather than React.lazy under Suspense:
 * React holds back content that resolves within 300 ms of a shown fallback, and the frame and the page each
 * paid that once (bench:table open_ms, 2,000 songs: ~1,250 ms before, ~850 after).
 */
import { createBrowserRouter, type RouteObject } from 'react-router';
import { LoginPage } from '../features/auth/LoginPage';
import { OAuthCallbackPage } from '../features/auth/OAuthCallbackPage';
import { SignUpPage } from '../features/auth/SignUpPage';
import { VerifyEmailPage } from '../features/auth/VerifyEmailPage';
import { DocsPage } from '../features/docs/DocsPage';
import { NotFoundPage } from '../features/not-found/NotFoundPage';
import { AboutPage } from '../features/site/AboutPage';
import { FeaturesPage } from '../features/site/FeaturesPage';
import { LandingPage } from '../features/site/LandingPage';
import { PricingPage } from '../features/site/PricingPage';
import { PrivacyPage } from '../features/site/PrivacyPage';
import { SiteLayout } from '../features/site/SiteLayout';
import { TermsPage } from '../features/site/TermsPage';
import { Spinner } from '../features/ui/Spinner';
import { RouteGuard } from './RouteGuard';

const dashboardShell: RouteObject['lazy'] = async () => ({ Component: (await import('../features/dashboard/DashboardShell')).default });
const listenPage: RouteObject['lazy'] = async () => ({ Component: (await import('../features/listen/ListenPage')).default });
const dashboardPage: RouteObject['lazy'] = async () => ({ Component: (await import('../features/dashboard/DashboardPage')).default });

export function createAppRouter() {
  return createBrowserRouter([
    {
      // Who may open what, and the redirects of spec section 2 (`/` in the app, unknown paths), decided in one place.
      element: <RouteGuard />,
      children: [
        { path: '/not-found', element: <NotFoundPage /> },
        { path: '/login', element: <LoginPage /> },
        { path: '/signup', element: <SignUpPage /> },
        { path: '/verify-email', element: <VerifyEmailPage /> },
        { path: '/oauth/callback', element: <OAuthCallbackPage /> },
        // A shared song's listening page (issue 33): the website's, for anyone with the link.
        { path: '/s/:token', lazy: listenPage, hydrateFallbackElement: <Spinner label="Loading the song" /> },
        // The website's pages (the web build; the guard keeps them out of the app, except /pricing).
        {
          element: <SiteLayout />,
          children: [
            { path: '/', element: <LandingPage /> },
            { path: '/features', element: <FeaturesPage /> },
            { path: '/about', element: <AboutPage /> },
            { path: '/privacy', element: <PrivacyPage /> },
            { path: '/terms', element: <TermsPage /> },
            { path: '/pricing', element: <PricingPage /> },
            { path: '/docs', element: <DocsPage /> },
            { path: '/docs/:slug', element: <DocsPage /> },
          ],
        },
        {
          lazy: dashboardShell,
          hydrateFallbackElement: <Spinner label="Loading Songshelf" />,
          children: [
            { path: '/dashboard', lazy: dashboardPage },
            { path: '/:viewId', lazy: dashboardPage },
            { path: '/:viewId/modal/:modal', lazy: dashboardPage },
          ],
        },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ]);
}

/**
 * The app's routes (spec section 2). The dashboard is loaded lazily, with a spinner while its code arrives:
 * `/dashboard`, `/:viewId` and `/:viewId/modal/:modal` share one frame, so the player and sidebar stay put.
 */
import { lazy, Suspense, type ReactNode } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { NotFoundPage } from '../features/not-found/NotFoundPage';
import { PricingPage } from '../features/site/PricingPage';
import { Spinner } from '../features/ui/Spinner';

const DashboardShell = lazy(() => import('../features/dashboard/DashboardShell'));
const DashboardPage = lazy(() => import('../features/dashboard/DashboardPage'));

function Lazy({ children }: { children: ReactNode }) {
  return <Suspense fallback={<Spinner label="Loading Songshelf" />}>{children}</Suspense>;
}

export function createAppRouter() {
  return createBrowserRouter([
    // Inside the app (Electron or the browser host), the home page is the dashboard.
    { path: '/', element: <Navigate to="/dashboard" replace /> },
    { path: '/not-found', element: <NotFoundPage /> },
    { path: '/pricing', element: <PricingPage /> },
    {
      element: (
        <Lazy>
          <DashboardShell />
        </Lazy>
      ),
      children: [
        { path: '/dashboard', element: <Lazy><DashboardPage /></Lazy> },
        { path: '/:viewId', element: <Lazy><DashboardPage /></Lazy> },
        { path: '/:viewId/modal/:modal', element: <Lazy><DashboardPage /></Lazy> },
      ],
    },
    { path: '*', element: <Navigate to="/not-found" replace /> },
  ]);
}

/** The app's routes. The dashboard and 404 for now; later issues add the site, auth and modals. */
import { createBrowserRouter, Navigate } from 'react-router';
import { DashboardPage } from '../features/dashboard/DashboardPage';
import { NotFoundPage } from '../features/not-found/NotFoundPage';
import { PricingPage } from '../features/site/PricingPage';

export function createAppRouter() {
  return createBrowserRouter([
    // Inside the app (Electron or the browser host), the home page is the dashboard.
    { path: '/', element: <Navigate to="/dashboard" replace /> },
    { path: '/dashboard', element: <DashboardPage /> },
    { path: '/not-found', element: <NotFoundPage /> },
    { path: '/pricing', element: <PricingPage /> },
    { path: '/:viewId', element: <DashboardPage /> },
    { path: '*', element: <Navigate to="/not-found" replace /> },
  ]);
}

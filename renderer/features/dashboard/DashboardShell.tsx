import { Navigate, Outlet, useParams } from 'react-router';
import { AFTER_SIGN_OUT } from '../../../common/website/route-access';
import { useViewsQuery } from '../../api/songshelf-api';
import { currentBuild, useAuth } from '../auth';
import { PlayerProvider } from '../player';
import { DashboardLayout } from './DashboardLayout';
import { DashboardSkeleton } from './DashboardSkeleton';
import { useUpgradeReturn } from '../site';
import { Toasts } from '../ui/Toasts';
import { useCloudLibrary } from '../web-library';
import { WebDashboardNotice } from './WebDashboardNotice';

/**
 * The authenticated area's frame, kept across view changes (so the player keeps playing): the skeleton
 * until the user and the views are known, then the layout with the current view's page inside. On the website a
 * pro user gets the same frame and page over their synced library in the cloud (`useCloudLibrary`); a free user,
 * whose library lives only on their computer, gets the notice that says so.
 *
 * `/dashboard` is a path anyone may open (spec section 2), but the dashboard itself is behind the auth guard
 * (section 6): a visitor who opens it is sent to sign in.
 */
export default function DashboardShell() {
  const { viewId } = useParams();
  const { ready, user, tier } = useAuth();
  const web = currentBuild() === 'web';
  const cloudReady = useCloudLibrary(ready && web && tier === 'pro' ? (user?.id ?? null) : null);
  const { data: views } = useViewsQuery(undefined, { skip: web && !cloudReady });
  useUpgradeReturn(user?.id ?? null);
  if (ready && !user) return <Navigate to={AFTER_SIGN_OUT} replace />;
  if (ready && web && tier !== 'pro') {
    return (
      <>
        <WebDashboardNotice />
        <Toasts />
      </>
    );
  }
  if (!views || !ready) return <DashboardSkeleton />;
  const activeViewId = viewId ?? views.find((view) => view.type !== 'hidden')?.id ?? null;
  return (
    <PlayerProvider>
      <DashboardLayout activeViewId={activeViewId}>
        <Outlet />
      </DashboardLayout>
    </PlayerProvider>
  );
}

import { Navigate, Outlet, useParams } from 'react-router';
import { AFTER_SIGN_OUT } from '../../../common/route-access';
import { useViewsQuery } from '../../api/songshelf-api';
import { currentBuild, useAuth } from '../auth/auth-store';
import { PlayerProvider } from '../player/player';
import { DashboardLayout } from './DashboardLayout';
import { DashboardSkeleton } from './DashboardSkeleton';
import { useUpgradeReturn } from '../site/upgrade';
import { Toasts } from '../ui/Toasts';
import { WebLibrary } from '../web-library/WebLibrary';
import { WebDashboardNotice } from './WebDashboardNotice';

/**
 * The authenticated area's frame, kept across view changes (so the player keeps playing): the skeleton
 * until the user and the views are known, then the layout with the current view's page inside.
 *
 * `/dashboard` is a path anyone may open (spec section 2), but the dashboard itself is behind the auth guard
 * (section 6): a visitor who opens it is sent to sign in.
 */
export default function DashboardShell() {
  const { viewId } = useParams();
  const { ready, user, tier } = useAuth();
  const { data: views } = useViewsQuery();
  useUpgradeReturn(user?.id ?? null);
  if (ready && !user) return <Navigate to={AFTER_SIGN_OUT} replace />;
  if (ready && currentBuild() === 'web') {
    return (
      <>
        {tier === 'pro' ? <WebLibrary /> : <WebDashboardNotice />}
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

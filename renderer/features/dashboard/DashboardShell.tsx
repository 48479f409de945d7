import { Outlet, useParams } from 'react-router';
import { useViewsQuery } from '../../api/songshelf-api';
import { useSignedOutRedirect } from '../auth/auth-store';
import { PlayerProvider } from '../player/player';
import { DashboardLayout } from './DashboardLayout';
import { DashboardSkeleton } from './DashboardSkeleton';

/**
 * The authenticated area's frame, kept across view changes (so the player keeps playing): the skeleton
 * until the views are known, then the layout with the current view's page inside.
 */
export default function DashboardShell() {
  useSignedOutRedirect();
  const { viewId } = useParams();
  const { data: views } = useViewsQuery();
  if (!views) return <DashboardSkeleton />;
  const activeViewId = viewId ?? views.find((view) => view.type !== 'hidden')?.id ?? null;
  return (
    <PlayerProvider>
      <DashboardLayout activeViewId={activeViewId}>
        <Outlet />
      </DashboardLayout>
    </PlayerProvider>
  );
}

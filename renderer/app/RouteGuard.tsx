/**
 * The router's gate: every navigation asks `decideRoute` (spec section 2) and follows its answer. While the
 * stored session is still being read it answers at once where the answer is the same for everyone, and shows the
 * spinner where it depends on who is signed in. A sign-out, from this window or another, goes to /login; on the
 * website, so does a user idle too long.
 */
import { useEffect, useRef } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { AFTER_SIGN_OUT, decideRoute, decideRouteBeforeSignIn } from '../../common/website/route-access';
import { currentBuild, useAuth } from '../features/auth/auth-store';
import { useIdleSignOut } from '../features/auth/idle-sign-out';
import { Spinner } from '../features/ui/Spinner';

export function RouteGuard() {
  const { pathname } = useLocation();
  const auth = useAuth();
  const build = currentBuild();
  useSignedOutRedirect(auth.user !== null);
  useIdleSignOut(build === 'web' && auth.user !== null);

  const decision = auth.ready ? decideRoute(pathname, { build, user: auth.user ? { tier: auth.tier } : null }) : decideRouteBeforeSignIn(pathname, build);
  if (!decision) return <Spinner label="Loading Songshelf" />;
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  return <Outlet />;
}

/** Spec section 4: SIGNED_OUT goes to /login, wherever the user was. */
function useSignedOutRedirect(signedIn: boolean): void {
  const navigate = useNavigate();
  const wasSignedIn = useRef(false);
  useEffect(() => {
    if (signedIn) wasSignedIn.current = true;
    else if (wasSignedIn.current) {
      wasSignedIn.current = false;
      void navigate(AFTER_SIGN_OUT, { replace: true });
    }
  }, [signedIn, navigate]);
}

/**
 * `/oauth/callback` (spec section 4, Google sign-in): completes the sign-in this app started, then the dashboard
 * replaces this page. In Electron the callback arrives through the `songshelf://` deep link. Only a sign-in started
 * here completes (PKCE: the code must match the verifier this page kept when it began); tokens in the address, or
 * a code from someone else's sign-in, are refused with the spec's alert and the current session stays as it was.
 */
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { authenticationError } from '../../../common/messages';
import { Spinner } from '../ui/Spinner';
import { completeStartedSignIn } from './auth-actions';

export function OAuthCallbackPage() {
  const navigate = useNavigate();
  const address = useRef({ search: window.location.search, hash: window.location.hash });
  useEffect(() => {
    // The code and any tokens leave the address bar (and history) at once.
    history.replaceState(history.state, '', window.location.pathname);
    void completeStartedSignIn(address.current.search, address.current.hash).then((problem) => {
      if (problem) {
        window.alert(authenticationError(problem));
        void navigate('/login', { replace: true });
      } else void navigate('/dashboard', { replace: true });
    });
  }, [navigate]);
  return <Spinner label="Signing in" />;
}

/**
 * `/oauth/callback` (spec section 4, Google sign-in in the desktop app): the address's fragment must carry
 * access_token and refresh_token; the session is set and verified, then the dashboard replaces this page. In
 * Electron the same tokens arrive through the `songshelf://` deep link.
 */
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { authenticationError, MESSAGES } from '../../../common/messages';
import { Spinner } from '../ui/Spinner';
import { CLOUD_NOT_READY } from './auth-actions';
import { getCloudClient } from './cloud-client';

/** The session the fragment carries, set and verified; the message of what failed, if anything did. */
async function signInFromFragment(fragment: string): Promise<string | null> {
  const params = new URLSearchParams(fragment.replace(/^#/, ''));
  const accessToken = params.get('access_token');
  const refreshToken = params.get('refresh_token');
  if (params.get('error_description')) return params.get('error_description');
  if (!accessToken || !refreshToken) return MESSAGES.callbackMissingTokens;
  const supabase = await getCloudClient();
  if (!supabase) return CLOUD_NOT_READY;
  const { error } = await supabase.auth.setSession({ access_token: accessToken, refresh_token: refreshToken });
  if (error) return MESSAGES.callbackSessionUnverified;
  const { data, error: userError } = await supabase.auth.getUser();
  return userError || !data.user ? MESSAGES.callbackSessionUnverified : null;
}

export function OAuthCallbackPage() {
  const navigate = useNavigate();
  const fragment = useRef(window.location.hash);
  useEffect(() => {
    void signInFromFragment(fragment.current).then((problem) => {
      if (problem) {
        window.alert(authenticationError(problem));
        void navigate('/login', { replace: true });
      } else void navigate('/dashboard', { replace: true });
    });
  }, [navigate]);
  return <Spinner label="Signing in" />;
}

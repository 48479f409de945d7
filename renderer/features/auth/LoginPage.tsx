/**
 * `/login` (spec sections 2, 4 and 5): Continue with Google; email and password with show/hide; the error under
 * the form; 5 attempts per email per 15 minutes; an unconfirmed address goes to /verify-email. A session, new or
 * found here (a confirmation link of a sign-up this browser started), goes on as after a sign-in.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { loginBlocked, withLoginFailure, withLoginSuccess, type LoginFailures } from '../../../common/cloud/auth-rules';
import { authenticationError, MESSAGES } from '../../../common/messages';
import { afterSignIn } from '../../../common/website/route-access';
import controls from '../ui/controls.module.css';
import styles from './AuthPage.module.css';
import { AuthCard, FormError, GoogleButton } from './AuthCard';
import { currentBuild, useAuth } from './auth-store';
import { completeStartedSignIn, continueWithGoogle, signInWithPassword } from './auth-actions';
import { PasswordField } from './PasswordField';

const FAILURES_KEY = 'songshelf.login-failures';

function readFailures(): LoginFailures {
  try {
    return JSON.parse(localStorage.getItem(FAILURES_KEY) ?? '{}') as LoginFailures;
  } catch {
    return {};
  }
}

export function LoginPage() {
  const navigate = useNavigate();
  const { user, tier } = useAuth();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState<'password' | 'google' | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (user) void navigate(afterSignIn({ build: currentBuild(), user: { tier } }), { replace: true });
  }, [user, tier, navigate]);

  // The link mailed at sign-up comes back here with the code of the sign-up this browser started.
  const arrival = useRef({ search: location.search, hash: location.hash });
  useEffect(() => {
    const { search, hash } = arrival.current;
    if (!/[?&](code|error_description)=/.test(search) && !/(access_token|error_description)=/.test(hash)) return;
    history.replaceState(history.state, '', location.pathname);
    void completeStartedSignIn(search, hash).then((problem) => problem && setError(problem));
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const blocked = loginBlocked(readFailures(), email, Date.now());
    if (blocked) return setError(blocked);
    setBusy('password');
    setError(null);
    try {
      const outcome = await signInWithPassword(email, password);
      if (!outcome.signedIn && outcome.notConfirmed) return void navigate('/verify-email', { state: { email, message: MESSAGES.emailNotVerified } });
      if (!outcome.signedIn) {
        localStorage.setItem(FAILURES_KEY, JSON.stringify(withLoginFailure(readFailures(), email, Date.now())));
        return setError(outcome.message);
      }
      localStorage.setItem(FAILURES_KEY, JSON.stringify(withLoginSuccess(readFailures(), email)));
    } finally {
      setBusy(null);
    }
  };

  const google = async () => {
    setBusy('google');
    const problem = await continueWithGoogle('Google sign-in could not start.');
    if (problem) {
      setBusy(null);
      window.alert(authenticationError(problem));
    }
  };

  return (
    <AuthCard
      id="login-title"
      title="Log in to Songshelf"
      foot={
        <>
          New to Songshelf? <Link to="/signup">Create an account</Link>
        </>
      }
    >
      <GoogleButton busyLabel="Signing in..." busy={busy === 'google'} disabled={busy !== null} onClick={() => void google()} />
      <form className={styles.form} onSubmit={(event) => void submit(event)}>
        <label className={styles.field}>
          Email
          <input className={controls.input} type="email" value={email} onChange={(event) => setEmail(event.target.value)} autoComplete="email" required />
        </label>
        <PasswordField label="Password" value={password} onChange={setPassword} autoComplete="current-password" />
        <button type="submit" className={`${controls.primary} ${styles.wide}`} disabled={busy !== null}>
          {busy === 'password' ? 'Logging in...' : 'Log in'}
        </button>
        <FormError message={error} />
      </form>
    </AuthCard>
  );
}

/**
 * `/signup` (spec sections 2, 4, 5 and 8): Continue with Google; full name, email, password and confirmation,
 * checked in the spec's order; tier free; an address waiting for confirmation goes to /verify-email.
 */
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { signUpProblem } from '../../../common/cloud/auth-rules';
import { MESSAGES } from '../../../common/messages';
import { afterSignIn } from '../../../common/website/route-access';
import controls from '../ui/controls.module.css';
import styles from './AuthPage.module.css';
import { AuthCard, FormError, GoogleButton } from './AuthCard';
import { currentBuild } from './auth-store';
import { continueWithGoogle, signUp } from './auth-actions';
import { PasswordField } from './PasswordField';

export function SignUpPage() {
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [busy, setBusy] = useState<'form' | 'google' | null>(null);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = signUpProblem({ name, email, password, confirmation });
    if (problem) return setError(problem);
    setBusy('form');
    setError(null);
    try {
      const result = await signUp({ email, password, name: name.trim() });
      if (result.outcome === 'failed') return setError(result.message);
      if (result.outcome === 'confirm-email') return void navigate('/verify-email', { state: { email } });
      // A project without e-mail confirmation signs the user in at once.
      void navigate(afterSignIn({ build: currentBuild(), user: { tier: 'free' } }), { replace: true });
    } finally {
      setBusy(null);
    }
  };

  const google = async () => {
    setBusy('google');
    const problem = await continueWithGoogle(MESSAGES.googleSignUpFailed);
    if (problem) {
      setBusy(null);
      setError(problem);
    }
  };

  return (
    <AuthCard
      id="signup-title"
      title="Create your account"
      foot={
        <>
          Already have an account? <Link to="/login">Log in</Link>
        </>
      }
    >
      <GoogleButton busyLabel="Signing up..." busy={busy === 'google'} disabled={busy !== null} onClick={() => void google()} />
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        <label className={styles.field}>
          Full name
          <input className={controls.input} value={name} onChange={(event) => setName(event.target.value)} autoComplete="name" />
        </label>
        <label className={styles.field}>
          Email
          <input className={controls.input} type="email" value={email} onChange={(event) => setEmail(event.target.value)} autoComplete="email" />
        </label>
        <PasswordField label="Password" value={password} onChange={setPassword} autoComplete="new-password" />
        <PasswordField label="Confirm password" value={confirmation} onChange={setConfirmation} autoComplete="new-password" />
        <button type="submit" className={`${controls.primary} ${styles.wide}`} disabled={busy !== null}>
          {busy === 'form' ? 'Signing Up...' : 'Sign up'}
        </button>
        <FormError message={error} />
      </form>
    </AuthCard>
  );
}

/**
 * `/signup` (spec sections 2, 4, 5 and 8): Continue with Google; full name, email, password and confirmation,
 * checked in the spec's order; tier free; an address waiting for confirmation goes to /verify-email.
 */
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { signUpProblem } from '../../../common/auth-rules';
import { MESSAGES } from '../../../common/messages';
import controls from '../ui/controls.module.css';
import styles from './AuthPage.module.css';
import { CLOUD_NOT_READY, continueWithGoogle, signInAddress } from './auth-actions';
import { getCloudClient } from './cloud-client';
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
      const supabase = await getCloudClient();
      if (!supabase) return setError(CLOUD_NOT_READY);
      const { data, error: failure } = await supabase.auth.signUp({
        email,
        password,
        options: { data: { full_name: name.trim(), subscription_tier: 'free' }, emailRedirectTo: signInAddress() },
      });
      if (failure) return setError(failure.message || MESSAGES.signUpFailed);
      if (data.user && data.user.identities?.length === 0) return setError(MESSAGES.emailRegisteredWithGoogle);
      if (!data.user) return setError(MESSAGES.signUpFailed);
      if (!data.session) return void navigate('/verify-email', { state: { email } });
    } finally {
      setBusy(null);
    }
  };

  const google = async () => {
    setBusy('google');
    const problem = await continueWithGoogle(signInAddress());
    if (problem) {
      setBusy(null);
      setError(problem || MESSAGES.googleSignUpFailed);
    }
  };

  return (
    <main className={styles.page}>
      <section className={styles.card} aria-labelledby="signup-title">
        <h1 id="signup-title" className={styles.title}>
          Create your account
        </h1>
        <button type="button" className={`${controls.button} ${styles.wide}`} onClick={() => void google()} disabled={busy !== null}>
          {busy === 'google' ? 'Signing up...' : 'Continue with Google'}
        </button>
        <p className={styles.divider}>or</p>
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
          {error ? (
            <p className={controls.error} role="alert">
              {error}
            </p>
          ) : null}
        </form>
        <p className={styles.foot}>
          Already have an account? <Link to="/login">Log in</Link>
        </p>
      </section>
    </main>
  );
}

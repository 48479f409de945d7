/** `/verify-email` (spec sections 2 and 4): the address waiting for confirmation, a message, and Resend. */
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import controls from '../ui/controls.module.css';
import styles from './AuthPage.module.css';
import { AuthCard } from './AuthCard';
import { resendConfirmation } from './auth-actions';

export function VerifyEmailPage() {
  const state = (useLocation().state ?? {}) as { email?: string; message?: string };
  const email = state.email ?? '';
  const [status, setStatus] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const resend = async () => {
    setBusy(true);
    try {
      const error = await resendConfirmation(email);
      setStatus(error ?? `Sent again to ${email}.`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard id="verify-title" title="Check your email" foot={<Link to="/login">Back to log in</Link>}>
      <p className={styles.lead}>{state.message ?? `We sent a confirmation link to ${email || 'your address'}. Open it to finish signing up.`}</p>
      {email ? <p className={styles.lead}>{email}</p> : null}
      {email ? (
        <button type="button" className={controls.button} onClick={() => void resend()} disabled={busy}>
          {busy ? 'Sending...' : 'Resend the link'}
        </button>
      ) : null}
      {status ? (
        <p className={styles.lead} role="status">
          {status}
        </p>
      ) : null}
    </AuthCard>
  );
}

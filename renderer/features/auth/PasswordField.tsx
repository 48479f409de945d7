import { useId, useState } from 'react';
import controls from '../ui/controls.module.css';
import styles from './AuthPage.module.css';

/**
 * A password input with Show / Hide (spec section 2: the login form's show/hide password). Required: a form with
 * an empty password is not sent (the browser says so at the field).
 */
export function PasswordField({ label, value, onChange, autoComplete }: { label: string; value: string; onChange: (value: string) => void; autoComplete: string }) {
  const id = useId();
  const [shown, setShown] = useState(false);
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <span className={styles.password}>
        <input id={id} className={controls.input} type={shown ? 'text' : 'password'} value={value} onChange={(event) => onChange(event.target.value)} autoComplete={autoComplete} required />
        <button type="button" className={controls.button} onClick={() => setShown(!shown)} aria-label={shown ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}>
          {shown ? 'Hide' : 'Show'}
        </button>
      </span>
    </div>
  );
}

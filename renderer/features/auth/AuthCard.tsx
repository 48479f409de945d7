import type { ReactNode } from 'react';
import controls from '../ui/controls.module.css';
import styles from './AuthPage.module.css';

/** The frame of every account screen: a titled card, its content, and a line of links at its foot. */
export function AuthCard({ id, title, children, foot }: { id: string; title: string; children: ReactNode; foot: ReactNode }) {
  return (
    <main className={styles.page}>
      <section className={styles.card} aria-labelledby={id}>
        <h1 id={id} className={styles.title}>
          {title}
        </h1>
        {children}
        <p className={styles.foot}>{foot}</p>
      </section>
    </main>
  );
}

/** Continue with Google, then "or" before the form. */
export function GoogleButton({ busyLabel, busy, disabled, onClick }: { busyLabel: string; busy: boolean; disabled: boolean; onClick: () => void }) {
  return (
    <>
      <button type="button" className={`${controls.button} ${styles.wide}`} onClick={onClick} disabled={disabled}>
        {busy ? busyLabel : 'Continue with Google'}
      </button>
      <p className={styles.divider}>or</p>
    </>
  );
}

/** The form's error, under it (spec: "the error under the form"). */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p className={controls.error} role="alert">
      {message}
    </p>
  );
}

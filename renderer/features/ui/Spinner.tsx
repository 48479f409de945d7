import styles from './Spinner.module.css';

/** The lazy routes' fallback: a calm spinner while a part of the app loads. */
export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className={styles.wrap} role="status">
      <span className={styles.spinner} aria-hidden="true" />
      <span className={styles.label}>{label}…</span>
    </div>
  );
}

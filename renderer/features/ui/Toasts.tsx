import { dismissToast, useToasts } from './toasts';
import styles from './Toasts.module.css';

export function Toasts() {
  const toasts = useToasts();
  return (
    <div className={styles.stack} aria-live="polite">
      {toasts.map((toast) => (
        <div key={toast.id} className={toast.kind === 'error' ? styles.error : styles.toast} role={toast.kind === 'error' ? 'alert' : 'status'}>
          <span>{toast.message}</span>
          {toast.action ? (
            <button
              type="button"
              className={styles.action}
              onClick={() => {
                toast.action?.run();
                dismissToast(toast.id);
              }}
            >
              {toast.action.label}
            </button>
          ) : null}
          <button type="button" className={styles.close} aria-label="Dismiss" onClick={() => dismissToast(toast.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}

import { useEffect, useRef, type ReactNode } from 'react';
import styles from './Modal.module.css';

/** Open modals, newest last: Escape closes only the top one (a confirmation over a dialog). */
const openModals: symbol[] = [];

/** A dialog over the page: Escape or the backdrop closes it, focus starts inside and returns after. */
export function Modal({ title, onClose, children, role = 'dialog', wide = false }: { title: string; onClose: () => void; children: ReactNode; role?: 'dialog' | 'alertdialog'; wide?: boolean }) {
  const panel = useRef<HTMLDivElement>(null);
  // Escape closes from anywhere while open: focus may have left the panel (a disabled button, the page body).
  useEffect(() => {
    const self = Symbol('modal');
    openModals.push(self);
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented && openModals.at(-1) === self) {
        event.preventDefault();
        onClose();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      openModals.splice(openModals.indexOf(self), 1);
    };
  }, [onClose]);
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const first = panel.current?.querySelector<HTMLElement>('input, textarea, select, button:not([data-close])');
    (first ?? panel.current)?.focus();
    return () => previous?.focus();
  }, []);
  return (
    <div
      className={styles.backdrop}
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={panel}
        className={wide ? styles.panelWide : styles.panel}
        role={role}
        aria-modal="true"
        aria-label={title}
        tabIndex={-1}
      >
        <header className={styles.header}>
          <h2 className={styles.title}>{title}</h2>
          <button type="button" data-close className={styles.close} aria-label="Close" onClick={onClose}>
            ×
          </button>
        </header>
        {children}
      </div>
    </div>
  );
}

/** Asks before something that cannot be undone. */
export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  onConfirm,
  onCancel,
}: {
  title: string;
  message: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal title={title} onClose={onCancel} role="alertdialog">
      <p className={styles.message}>{message}</p>
      <footer className={styles.footer}>
        <button type="button" className={styles.secondary} onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className={styles.danger} onClick={onConfirm}>
          {confirmLabel}
        </button>
      </footer>
    </Modal>
  );
}

import { useEffect, useRef, useState, type ReactNode } from 'react';
import controls from './controls.module.css';
import styles from './Popover.module.css';

/** A toolbar button that opens a panel under it; a click elsewhere or Escape closes it. */
export function Popover({ label, badge, children }: { label: string; badge?: number; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const away = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', away);
    return () => document.removeEventListener('mousedown', away);
  }, [open]);
  return (
    <div
      ref={root}
      className={styles.root}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          setOpen(false);
        }
      }}
    >
      <button type="button" className={controls.button} aria-expanded={open} onClick={() => setOpen(!open)}>
        {label}
        {badge ? <span className={styles.badge}>{badge}</span> : null}
      </button>
      {open ? (
        <div className={controls.popoverPanel} role="dialog" aria-label={label}>
          {children}
        </div>
      ) : null}
    </div>
  );
}

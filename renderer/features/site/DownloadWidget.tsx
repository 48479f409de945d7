/**
 * The download button for the visitor's computer (spec section 2), from `common/website/download-choice.ts`: the
 * platform's file, the Mac's All downloads list, or a disabled button with the reason; a hover note says that
 * downloading means agreeing to the privacy policy and terms.
 */
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { downloadChoice } from '../../../common/website/download-choice';
import controls from '../ui/controls.module.css';
import styles from './DownloadWidget.module.css';

export function DownloadWidget({ userAgent = navigator.userAgent }: { userAgent?: string }) {
  const choice = downloadChoice(userAgent);
  const [open, setOpen] = useState(false);
  const noteId = useId();
  const listId = useId();
  return (
    <div className={styles.widget} data-platform={choice.platform}>
      {choice.message ? <p className={styles.message}>{choice.message}</p> : null}
      <div className={styles.buttons}>
        {choice.primary ? (
          <a className={`${controls.primary} ${styles.download}`} href={choice.primary.href} aria-describedby={noteId}>
            {choice.primary.label}
          </a>
        ) : choice.platform === 'mobile' ? null : (
          <button type="button" className={`${controls.button} ${styles.download}`} disabled aria-describedby={noteId}>
            {choice.disabledLabel}
          </button>
        )}
        {choice.platform === 'mac' ? (
          <button type="button" className={controls.button} aria-expanded={open} aria-controls={listId} onClick={() => setOpen(!open)}>
            All downloads
          </button>
        ) : null}
      </div>
      {choice.platform === 'mobile' || (choice.platform === 'mac' && open) ? (
        <ul id={listId} className={styles.list} aria-label={choice.platform === 'mac' ? 'All downloads' : 'Downloads'}>
          {choice.others.map((link) => (
            <li key={link.href + link.label}>
              <a href={link.href} aria-describedby={noteId}>
                {link.label}
              </a>
              {link.note ? <span className={styles.badge}>{link.note}</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
      <p id={noteId} className={styles.note} role="note">
        By downloading you agree to our <Link to="/privacy">Privacy Policy</Link> and <Link to="/terms">Terms of Service</Link>.
      </p>
    </div>
  );
}

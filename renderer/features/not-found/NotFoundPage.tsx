import { Link } from 'react-router';
import { MESSAGES } from '../../../common/messages';
import controls from '../ui/controls.module.css';
import styles from './NotFoundPage.module.css';

/** `/not-found`: the spec's 404 text and a way home. */
export function NotFoundPage() {
  return (
    <main className={styles.page}>
      <p className={styles.code}>404</p>
      <h1 className={styles.title}>{MESSAGES.notFoundTitle}</h1>
      <p className={styles.body}>{MESSAGES.notFoundBody}</p>
      <Link className={controls.primary} to="/">
        Return to home
      </Link>
    </main>
  );
}

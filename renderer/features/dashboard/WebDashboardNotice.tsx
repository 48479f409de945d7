/**
 * `/dashboard` on the website for a free user: says where the library is (in the app: the website has no bridge to
 * a local library, and free libraries do not sync), offers the app and Pro, and signing out. Pro users get their
 * synced library instead (`WebLibrary`).
 */
import { Link } from 'react-router';
import { AuthCard, authCardStyles as styles } from '../auth';
import { displayName, useAuth } from '../auth';
import { signOut } from '../auth';
import { DownloadWidget } from '../site';
import controls from '../ui/controls.module.css';

export function WebDashboardNotice() {
  const { user } = useAuth();
  const name = displayName(user);
  return (
    <AuthCard
      id="web-dashboard-title"
      title={`Welcome, ${name ?? 'musician'}`}
      foot={
        <button type="button" className={controls.ghost} onClick={() => void signOut()}>
          Sign out
        </button>
      }
    >
      <p className={styles.lead}>Your library lives in the Songshelf app on your computer, where your project folders are.</p>
      <DownloadWidget />
      <p className={styles.lead}>Pro keeps your library on every computer you use, and here on the web.</p>
      <Link className={`${controls.primary} ${styles.wide}`} to="/pricing">
        See Pro
      </Link>
    </AuthCard>
  );
}

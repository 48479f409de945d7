import { Link } from 'react-router';
import { useSubscriptionQuery } from '../../api/songshelf-api';
import { useAuth } from '../auth/auth-store';
import { getCloudClient } from '../auth/cloud-client';
import styles from './DashboardLayout.module.css';

/** The sidebar's foot: who this library belongs to, its plan, and signing in or out. */
export function UserBlock() {
  const { user } = useAuth();
  const { data: subscription } = useSubscriptionQuery();
  const pro = subscription?.tier === 'pro';
  const name = typeof user?.user_metadata.full_name === 'string' && user.user_metadata.full_name ? user.user_metadata.full_name : user?.email;

  // SIGNED_OUT takes the dashboard to /login (useSignedOutRedirect in the shell).
  const signOut = async () => {
    const supabase = await getCloudClient();
    await supabase?.auth.signOut();
  };

  return (
    <div className={styles.user} aria-label="Account">
      <span className={styles.avatar} aria-hidden="true">
        ♪
      </span>
      <span className={styles.userText}>
        <span className={styles.userName}>{name ?? 'Local library'}</span>
        <span className={styles.userPlan}>{pro ? 'Pro plan' : 'Free plan'}</span>
      </span>
      {user ? (
        <button type="button" className={styles.upgrade} onClick={() => void signOut()}>
          Sign out
        </button>
      ) : (
        <Link to="/login" className={styles.upgrade}>
          Sign in
        </Link>
      )}
      {pro || !user ? null : (
        <Link to="/pricing" className={styles.upgrade}>
          Upgrade
        </Link>
      )}
    </div>
  );
}

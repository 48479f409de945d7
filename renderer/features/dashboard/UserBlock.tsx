import { Link } from 'react-router';
import { useSubscriptionQuery } from '../../api/songshelf-api';
import { useAuth } from '../auth/auth-store';
import { getCloudClient } from '../auth/cloud-client';
import styles from './DashboardLayout.module.css';

/** The sidebar's foot: who this library belongs to, its plan, and signing out (the dashboard always has a user). */
export function UserBlock() {
  const { user } = useAuth();
  const { data: subscription } = useSubscriptionQuery();
  const pro = subscription?.tier === 'pro';
  const name = typeof user?.user_metadata.full_name === 'string' && user.user_metadata.full_name ? user.user_metadata.full_name : user?.email;

  // SIGNED_OUT takes the app to /login (the route guard).
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
        <span className={styles.userName}>{name}</span>
        <span className={styles.userPlan}>{pro ? 'Pro plan' : 'Free plan'}</span>
      </span>
      <button type="button" className={styles.upgrade} onClick={() => void signOut()}>
        Sign out
      </button>
      {pro ? null : (
        <Link to="/pricing" className={styles.upgrade}>
          Upgrade
        </Link>
      )}
    </div>
  );
}

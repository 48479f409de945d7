import { Link } from 'react-router';
import { useSubscriptionQuery } from '../../api/songshelf-api';
import styles from './DashboardLayout.module.css';

/** The sidebar's foot: who this library belongs to and its plan. (Sign-in arrives with accounts.) */
export function UserBlock() {
  const { data: subscription } = useSubscriptionQuery();
  const pro = subscription?.tier === 'pro';
  return (
    <div className={styles.user} aria-label="Account">
      <span className={styles.avatar} aria-hidden="true">
        ♪
      </span>
      <span className={styles.userText}>
        <span className={styles.userName}>Local library</span>
        <span className={styles.userPlan}>{pro ? 'Pro plan' : 'Free plan'}</span>
      </span>
      {pro ? null : (
        <Link to="/pricing" className={styles.upgrade}>
          Upgrade
        </Link>
      )}
    </div>
  );
}

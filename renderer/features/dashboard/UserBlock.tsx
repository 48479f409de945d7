import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { SyncStatus } from '../../../common/sync';
import { useRunSyncMutation, useSubscriptionQuery, useSyncStatusQuery } from '../../api/songshelf-api';
import { useAuth } from '../auth/auth-store';
import { getCloudClient } from '../auth/cloud-client';
import styles from './DashboardLayout.module.css';

/** "Synced just now", "Synced 3 min ago", "Syncing…", or what went wrong: the pro user's sync at a glance. */
export function syncLine(status: SyncStatus | undefined, now: number): string {
  if (!status) return '';
  if (status.running) return 'Syncing…';
  if (status.lastError) return 'Sync failed, retrying';
  if (status.lastSync === null) return 'Not synced yet';
  const minutes = Math.floor((now - status.lastSync) / 60_000);
  return minutes < 1 ? 'Synced just now' : minutes < 60 ? `Synced ${minutes} min ago` : `Synced at ${new Date(status.lastSync).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}`;
}

/** The sidebar's foot: who this library belongs to, its plan (and, for pro, its sync), and signing out. */
export function UserBlock() {
  const { user } = useAuth();
  const { data: subscription } = useSubscriptionQuery();
  const pro = subscription?.tier === 'pro';
  const { data: sync } = useSyncStatusQuery(undefined, { skip: !pro });
  const [runSync, { isLoading: syncing }] = useRunSyncMutation();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
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
        <span className={styles.userPlan} title={sync?.lastError ?? undefined} data-testid="plan-line">
          {pro ? `Pro plan · ${syncing ? 'Syncing…' : syncLine(sync, now)}` : 'Free plan'}
        </span>
      </span>
      <span className={styles.userActions}>
        {pro ? (
          <button type="button" className={styles.upgrade} disabled={syncing} onClick={() => void runSync()}>
            Sync now
          </button>
        ) : (
          <Link to="/pricing" className={styles.upgrade}>
            Upgrade
          </Link>
        )}
        <button type="button" className={styles.upgrade} onClick={() => void signOut()}>
          Sign out
        </button>
      </span>
    </div>
  );
}

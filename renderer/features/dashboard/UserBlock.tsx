import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { MESSAGES } from '../../../common/messages';
import type { SyncStatus } from '../../../common/cloud/sync';
import { useRunSyncMutation, useSyncStatusQuery } from '../../api/songshelf-api';
import { displayName, useAuth } from '../auth';
import { signOut } from '../auth';
import styles from './DashboardLayout.module.css';
import { HeldRemovals } from './HeldRemovals';

/** "Synced just now", "Synced 3 min ago", "Syncing…", or what went wrong: the pro user's sync at a glance. */
export function syncLine(status: SyncStatus | undefined, now: number): string {
  if (!status) return '';
  if (status.running) return 'Syncing…';
  if (status.lastError) return 'Sync failed, retrying';
  if (status.lastSync === null) return 'Not synced yet';
  const minutes = Math.floor((now - status.lastSync) / 60_000);
  return minutes < 1 ? 'Synced just now' : minutes < 60 ? `Synced ${minutes} min ago` : `Synced at ${new Date(status.lastSync).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}`;
}

/**
 * The sidebar's foot: who is signed in, their plan (and, for pro, the library's sync), and signing out. The account
 * comes from the core at once; "Offline" until the cloud has answered for it (the library never waits for that).
 */
export function UserBlock() {
  const { user, tier, connection, libraryOwner } = useAuth();
  const pro = tier === 'pro';
  const otherAccount = libraryOwner !== null && user !== null && libraryOwner.userId !== user.id;
  const { data: sync } = useSyncStatusQuery(undefined, { skip: !pro || otherAccount });
  const [runSync, { isLoading: syncing }] = useRunSyncMutation();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  const name = displayName(user);
  const plan = pro ? 'Pro plan' : 'Free plan';
  const line = otherAccount
    ? `${plan} · Syncs with ${libraryOwner.email ?? 'another account'}`
    : connection === 'offline'
      ? `${plan} · Offline`
      : pro
        ? `${plan} · ${syncing ? 'Syncing…' : syncLine(sync, now)}`
        : plan;
  const hint = otherAccount ? MESSAGES.libraryOfOtherAccount : connection === 'offline' ? 'The cloud cannot be reached: the library works as usual and syncs once it can.' : (sync?.lastError ?? undefined);

  return (
    <div className={styles.user} aria-label="Account">
      <span className={styles.avatar} aria-hidden="true">
        ♪
      </span>
      <span className={styles.userText}>
        <span className={styles.userName}>{name}</span>
        <span className={styles.userPlan} title={hint} data-testid="plan-line">
          {line}
        </span>
      </span>
      <span className={styles.userActions}>
        {pro && otherAccount ? null : pro ? (
          <button type="button" className={styles.upgrade} disabled={syncing || connection === 'offline'} onClick={() => void runSync()}>
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
      {pro && !otherAccount && sync?.heldRemovals ? <HeldRemovals held={sync.heldRemovals} /> : null}
    </div>
  );
}

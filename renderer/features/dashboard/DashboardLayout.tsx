import type { ReactNode } from 'react';
import { currentBuild } from '../auth';
import { JobsPanel } from '../jobs';
import { DropToAdd } from '../library';
import { FoldersSection } from '../library';
import { WebFoldersSection } from '../library';
import { PlayerBar } from '../player';
import { Toasts } from '../ui/Toasts';
import { ViewsSection } from '../views';
import styles from './DashboardLayout.module.css';
import { UserBlock } from './UserBlock';

/**
 * The dashboard frame (spec section 2): the sidebar (Views, Project Directories, user block), the page, the player;
 * folders and audio dropped anywhere on it are added (`DropToAdd`). On the website the library is the cloud's: the
 * folders the computers watch are only shown, no background jobs, nothing to drop.
 */
export function DashboardLayout({ activeViewId, children }: { activeViewId: string | null; children: ReactNode }) {
  const onComputer = currentBuild() === 'desktop';
  const frame = (
    <div className={styles.layout}>
      <nav className={styles.sidebar} aria-label="Views">
        <div className={styles.brand}>
          <span className={styles.brandMark}>♪</span> Songshelf
        </div>
        <ViewsSection activeViewId={activeViewId} />
        {onComputer ? <FoldersSection activeViewId={activeViewId} /> : <WebFoldersSection />}
        {onComputer ? <JobsPanel /> : null}
        <UserBlock />
      </nav>
      <main className={styles.main}>{children}</main>
      <div className={styles.player}>
        <PlayerBar />
      </div>
      <Toasts />
    </div>
  );
  return onComputer ? <DropToAdd>{frame}</DropToAdd> : frame;
}

import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { useViewsQuery } from '../../api/songshelf-api';
import { JobsPanel } from '../jobs/JobsPanel';
import { FoldersSection } from '../library/FoldersSection';
import styles from './DashboardLayout.module.css';

/** The dashboard frame: the sidebar of views beside the page. */
export function DashboardLayout({ activeViewId, children }: { activeViewId: string | null; children: ReactNode }) {
  const { data: views = [] } = useViewsQuery();
  return (
    <div className={styles.layout}>
      <nav className={styles.sidebar} aria-label="Views">
        <div className={styles.brand}>
          <span className={styles.brandMark}>♪</span> Songshelf
        </div>
        <section>
          <h2 className={styles.sectionTitle}>Views</h2>
          <ul className={styles.viewList}>
            {views.filter((view) => view.type !== 'directory').map((view) => (
              <li key={view.id}>
                <NavLink
                  to={view.path}
                  className={view.id === activeViewId ? styles.viewLinkActive : styles.viewLink}
                >
                  {view.title}
                </NavLink>
              </li>
            ))}
          </ul>
        </section>
        <FoldersSection activeViewId={activeViewId} />
        <JobsPanel />
      </nav>
      <main className={styles.main}>{children}</main>
    </div>
  );
}

import styles from './DashboardSkeleton.module.css';

const COLUMNS = 9;
const ROWS = 8;

/** Spec section 2: while the dashboard loads, a sidebar (Views, Project Directories, user block) and a 9 × 8 table. */
export function DashboardSkeleton() {
  return (
    <div className={styles.frame} aria-busy="true" aria-label="Loading the dashboard" data-testid="dashboard-skeleton">
      <aside className={styles.sidebar}>
        <span className={styles.brand} />
        {['Views', 'Project Directories'].map((section) => (
          <div key={section} className={styles.section}>
            <span className={styles.sectionTitle}>{section}</span>
            <span className={styles.line} />
            <span className={styles.line} />
            <span className={styles.lineShort} />
          </div>
        ))}
        <div className={styles.user}>
          <span className={styles.avatar} />
          <span className={styles.lineShort} />
        </div>
      </aside>
      <div className={styles.main}>
        <span className={styles.title} />
        <div className={styles.table} role="presentation">
          {Array.from({ length: ROWS + 1 }, (_, row) => (
            <div key={row} className={row === 0 ? styles.headRow : styles.row} data-testid="skeleton-row">
              {Array.from({ length: COLUMNS }, (_, col) => (
                <span key={col} className={styles.cell} data-testid={row === 0 ? 'skeleton-column' : undefined} />
              ))}
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}

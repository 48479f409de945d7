/**
 * The website's frame (spec section 2): the header with the logo, Docs, Features, About and either Account (to
 * /dashboard, signed in) or Login; the footer with the copyright and the legal pages. Only the web build shows it.
 */
import { Link, NavLink, Outlet } from 'react-router';
import { FOOTER_YEAR } from '../../../common/constants';
import { currentBuild, useAuth } from '../auth';
import styles from './SiteLayout.module.css';

const NAV = [
  { to: '/docs', label: 'Docs' },
  { to: '/features', label: 'Features' },
  { to: '/about', label: 'About' },
] as const;

export function SiteLayout() {
  const { user } = useAuth();
  // In the app only /pricing is here (the guard keeps the website's pages out): it shows without the site's frame.
  if (currentBuild() === 'desktop') return <Outlet />;
  return (
    <div className={styles.site}>
      <header className={styles.header}>
        <Link to="/" className={styles.logo} aria-label="Songshelf home">
          <span className={styles.logoMark} aria-hidden="true">
            ♪
          </span>
          Songshelf
        </Link>
        <nav className={styles.nav} aria-label="Site">
          {NAV.map((item) => (
            <NavLink key={item.to} to={item.to} className={({ isActive }) => (isActive ? `${styles.navLink} ${styles.navActive}` : styles.navLink)}>
              {item.label}
            </NavLink>
          ))}
          {user ? (
            <Link to="/dashboard" className={styles.account}>
              Account
            </Link>
          ) : (
            <Link to="/login" className={styles.account}>
              Login
            </Link>
          )}
        </nav>
      </header>
      <main className={styles.main}>
        <Outlet />
      </main>
      <footer className={styles.footer}>
        <span>© {FOOTER_YEAR} Songshelf</span>
        <nav className={styles.footerNav} aria-label="Legal">
          <Link to="/terms">Terms of Service</Link>
          <Link to="/privacy">Privacy</Link>
        </nav>
      </footer>
    </div>
  );
}

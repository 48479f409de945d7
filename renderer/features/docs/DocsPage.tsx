/**
 * `/docs` and `/docs/:slug` (spec section 2): the sidebar of two sections (a slide-in drawer with the same menu on
 * small screens), a breadcrumb, the page, and previous/next links, all from `common/website/docs-index.ts`.
 */
import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation, useParams } from 'react-router';
import { DOCS_INDEX, DOCS_SECTIONS, docsPath } from '../../../common/website/docs-index';
import controls from '../ui/controls.module.css';
import prose from '../ui/Prose.module.css';
import { DOCS_BODIES } from './docs-pages';
import styles from './DocsPage.module.css';

function DocsMenu({ onPick }: { onPick?: () => void }) {
  return (
    <>
      {DOCS_SECTIONS.map((section) => (
        <div key={section} className={styles.menuSection}>
          <h2 className={styles.menuTitle}>{section}</h2>
          <ul className={styles.menuList}>
            {DOCS_INDEX.filter((entry) => entry.section === section).map((entry) => (
              <li key={entry.slug}>
                <NavLink end to={docsPath(entry)} onClick={onPick} className={({ isActive }) => (isActive ? `${styles.menuLink} ${styles.menuActive}` : styles.menuLink)}>
                  {entry.title}
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </>
  );
}

export function DocsPage() {
  const { slug = '' } = useParams();
  const { pathname } = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const drawer = useRef<HTMLElement>(null);
  const index = DOCS_INDEX.findIndex((entry) => entry.slug === slug);
  // The route guard has already sent unknown docs paths to /not-found.
  const entry = DOCS_INDEX[index] ?? DOCS_INDEX[0];
  const previous = index > 0 ? DOCS_INDEX[index - 1] : undefined;
  const next = DOCS_INDEX[index + 1];

  useEffect(() => {
    setDrawerOpen(false);
    window.scrollTo({ top: 0 });
  }, [pathname]);
  // The open drawer takes the keyboard (its current page first) and Escape closes it; focus then goes back to the
  // button that opened it.
  useEffect(() => {
    if (!drawerOpen) return;
    const links = drawer.current;
    (links?.querySelector<HTMLAnchorElement>('a[aria-current="page"]') ?? links?.querySelector<HTMLAnchorElement>('a'))?.focus();
    const close = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setDrawerOpen(false);
    };
    window.addEventListener('keydown', close);
    const opener = menuButton.current;
    return () => {
      window.removeEventListener('keydown', close);
      opener?.focus({ preventScroll: true });
    };
  }, [drawerOpen]);

  return (
    <div className={styles.docs}>
      <nav className={styles.sidebar} aria-label="Documentation">
        <DocsMenu />
      </nav>
      {drawerOpen ? (
        <div className={styles.backdrop} onClick={() => setDrawerOpen(false)}>
          <nav ref={drawer} className={styles.drawer} aria-label="Documentation menu" onClick={(event) => event.stopPropagation()}>
            <button type="button" className={`${controls.ghost} ${styles.drawerClose}`} onClick={() => setDrawerOpen(false)}>
              Close
            </button>
            <DocsMenu onPick={() => setDrawerOpen(false)} />
          </nav>
        </div>
      ) : null}
      <article className={`${prose.prose} ${styles.article}`}>
        <button ref={menuButton} type="button" className={`${controls.button} ${styles.menuButton}`} aria-expanded={drawerOpen} onClick={() => setDrawerOpen(true)}>
          Docs menu
        </button>
        <nav aria-label="Breadcrumb">
          <ol className={styles.breadcrumb}>
            <li>
              <Link to="/docs">Docs</Link>
            </li>
            <li>{entry.section}</li>
            <li aria-current="page">{entry.title}</li>
          </ol>
        </nav>
        <h1>{entry.title}</h1>
        {DOCS_BODIES[entry.slug]}
        <nav className={styles.pager} aria-label="Previous and next">
          {previous ? (
            <Link className={styles.pagerLink} to={docsPath(previous)} rel="prev">
              <span className={styles.pagerHint}>Previous</span>
              {previous.title}
            </Link>
          ) : (
            <span />
          )}
          {next ? (
            <Link className={`${styles.pagerLink} ${styles.pagerNext}`} to={docsPath(next)} rel="next">
              <span className={styles.pagerHint}>Next</span>
              {next.title}
            </Link>
          ) : null}
        </nav>
      </article>
    </div>
  );
}

/**
 * `/` on the website (spec section 2): the hero with the download, three feature cards, How It Works in three
 * steps, and a closing call to action.
 */
import { Link } from 'react-router';
import controls from '../ui/controls.module.css';
import { DownloadWidget } from './DownloadWidget';
import styles from './LandingPage.module.css';

const FEATURES = [
  {
    title: 'DAW Integration',
    body: 'Point Songshelf at the folders where Ableton Live, Pro Tools and Logic Pro save your projects. Each project becomes a song, with its tempo, key, time signature and DAW version read from the file.',
  },
  {
    title: 'Audio Management',
    body: 'Bounces and mixes in WAV or MP3 are found beside their projects and linked to their song. Play them from the table, step through a view, and keep a recording session with every song.',
  },
  {
    title: 'Smart Organization',
    body: 'One fast table for every song: status, priority, tier, tags and notes edited in place, views with their own sort and filters, and a search that understands bpm:120-128 or key:Am.',
  },
] as const;

const STEPS = [
  { title: 'Sign Up', body: 'Create a free account in the app or here, with your email or Google.' },
  { title: 'Add Your Projects', body: 'Choose the folders you work in. Songshelf finds every project and keeps watching for new ones.' },
  { title: 'Organize and Create', body: 'Sort, tag and filter your songs, listen back, and spend the time you saved making music.' },
] as const;

export function LandingPage() {
  return (
    <div className={styles.page}>
      <section className={styles.hero} aria-labelledby="hero-title">
        <h1 id="hero-title" className={styles.heroTitle}>
          Every song you are working on, in one place
        </h1>
        <p className={styles.heroLead}>
          Songshelf watches your DAW project folders and keeps each song, its bounces and its session in a fast table you
          can sort, tag and search, on macOS and Windows.
        </p>
        <DownloadWidget />
      </section>

      <section className={styles.section} aria-labelledby="features-title">
        <h2 id="features-title" className={styles.sectionTitle}>
          Built around how you already work
        </h2>
        <div className={styles.cards}>
          {FEATURES.map((feature) => (
            <article key={feature.title} className={styles.card}>
              <h3 className={styles.cardTitle}>{feature.title}</h3>
              <p className={styles.cardBody}>{feature.body}</p>
            </article>
          ))}
        </div>
      </section>

      <section className={styles.section} aria-labelledby="how-title">
        <h2 id="how-title" className={styles.sectionTitle}>
          How It Works
        </h2>
        <ol className={styles.steps}>
          {STEPS.map((step, index) => (
            <li key={step.title} className={styles.step}>
              <span className={styles.stepNumber} aria-hidden="true">
                {index + 1}
              </span>
              <h3 className={styles.cardTitle}>{step.title}</h3>
              <p className={styles.cardBody}>{step.body}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className={`${styles.section} ${styles.closing}`} aria-labelledby="closing-title">
        <h2 id="closing-title" className={styles.sectionTitle}>
          Find the song you were looking for, the first time
        </h2>
        <p className={styles.heroLead}>Free for your whole library on one computer. Pro keeps it on all of them.</p>
        <div className={styles.closingActions}>
          <Link className={controls.primary} to="/signup">
            Create a free account
          </Link>
          <Link className={controls.button} to="/pricing">
            See the plans
          </Link>
        </div>
      </section>
    </div>
  );
}

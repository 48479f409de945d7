import { Link } from 'react-router';
import { FREE_TIER_MAX_CUSTOM_VIEWS, FREE_TIER_MAX_DIRECTORIES } from '../../../common/constants';
import controls from '../ui/controls.module.css';
import styles from './PricingPage.module.css';

const PLANS = [
  {
    name: 'Free',
    features: [
      `Up to ${FREE_TIER_MAX_DIRECTORIES} watched project folders`,
      `Up to ${FREE_TIER_MAX_CUSTOM_VIEWS} custom views`,
      'Tempo, key and time signature read from your projects',
      'Everything stays on this computer',
    ],
  },
  {
    name: 'Pro',
    features: [
      'Unlimited project folders and custom views',
      'Your library synced to every computer you use',
      'Bounces uploaded, compressed, up to 1 GB',
      'Listen to your uploads on the web',
    ],
  },
] as const;

/** `/pricing`: Free and Pro side by side, with the spec's limits. */
export function PricingPage() {
  return (
    <main className={styles.page}>
      <h1 className={styles.title}>Plans</h1>
      <p className={styles.lead}>Songshelf is free for a working library. Pro adds the cloud.</p>
      <div className={styles.plans}>
        {PLANS.map((plan) => (
          <section key={plan.name} className={styles.plan} aria-labelledby={`plan-${plan.name}`}>
            <h2 id={`plan-${plan.name}`} className={styles.planName}>
              {plan.name}
            </h2>
            <ul className={styles.features}>
              {plan.features.map((feature) => (
                <li key={feature}>{feature}</li>
              ))}
            </ul>
          </section>
        ))}
      </div>
      <Link className={controls.button} to="/dashboard">
        Back to your songs
      </Link>
    </main>
  );
}

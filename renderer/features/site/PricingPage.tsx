import { useState } from 'react';
import { Link } from 'react-router';
import { FREE_TIER_MAX_CUSTOM_VIEWS, FREE_TIER_MAX_DIRECTORIES } from '../../../common/constants';
import { currentBuild, useAuth } from '../auth';
import controls from '../ui/controls.module.css';
import styles from './PricingPage.module.css';
import { startUpgrade } from './upgrade';

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

/** `/pricing`: Free and Pro side by side, with the spec's limits, and the way to Pro for who is looking. */
export function PricingPage() {
  const { user, tier } = useAuth();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const upgrade = async () => {
    if (!user) return;
    setBusy(true);
    setProblem(null);
    const failure = await startUpgrade(user.id);
    if (failure) {
      setBusy(false);
      setProblem(failure);
    }
  };
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
      <div className={styles.actions}>
        {!user ? (
          <Link className={controls.primary} to="/signup">
            Create a free account
          </Link>
        ) : tier === 'pro' ? (
          <p className={styles.lead}>You are on Pro. Thank you!</p>
        ) : (
          <button type="button" className={controls.primary} disabled={busy} onClick={() => void upgrade()}>
            {busy ? 'Opening checkout...' : 'Upgrade to Pro'}
          </button>
        )}
        {currentBuild() === 'desktop' ? (
          <Link className={controls.button} to="/dashboard">
            Back to your songs
          </Link>
        ) : null}
      </div>
      {problem ? (
        <p className={controls.error} role="alert">
          {problem}
        </p>
      ) : null}
    </main>
  );
}

/**
 * The Share… form of a song's Sharing section (issue 33): what the link plays, how long it lasts, a password, and
 * whether the listening page shows a Download button. That option is named for what it does (issue 42): anyone who
 * can listen can save the stream, so it is no protection. The password is checked here by the cloud's own rule
 * (`sharePasswordProblem`) before anything is sent.
 */
import { useState } from 'react';
import { DEFAULT_SHARE_DAYS, MAX_SHARE_DAYS, MIN_SHARE_DAYS, MIN_SHARE_PASSWORD_LENGTH, sharePasswordProblem, type ShareVersion } from '../../../common/cloud/shares';
import { callCore } from '../../api/calls';
import { useShareVersionsQuery } from '../../api/detail-endpoints';
import controls from '../ui/controls.module.css';
import styles from './ShareSection.module.css';

export const SHARE_DATE = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const NO_VERSIONS: ShareVersion[] = [];

export function ShareForm({ songId, onMade }: { songId: string; onMade: (url: string) => void }) {
  const [days, setDays] = useState(DEFAULT_SHARE_DAYS);
  const [password, setPassword] = useState('');
  const [allowDownload, setAllowDownload] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The project's bounces: a link plays the latest (and follows the song), or the one chosen here, sent up for it.
  const { data: versions = NO_VERSIONS } = useShareVersionsQuery(songId);
  const [versionPath, setVersionPath] = useState('');
  const [making, setMaking] = useState(false);
  const passwordProblem = sharePasswordProblem(password);
  const make = async () => {
    if (passwordProblem) return setError(passwordProblem);
    setMaking(true);
    setError(null);
    const result = await callCore('songs:share', { id: songId, expiresInDays: days, allowDownload, ...(password ? { password } : {}), ...(versionPath ? { versionPath } : {}) });
    setMaking(false);
    if (result.ok) onMade(result.data.url);
    else setError(result.error.message);
  };
  return (
    <div className={styles.form}>
      {versions.length > 0 ? (
        <label className={styles.field}>
          Plays
          <select className={controls.input} aria-label="Version to share" value={versionPath} onChange={(event) => setVersionPath(event.target.value)}>
            <option value="">The latest bounce (follows the song)</option>
            {versions.map((version) => (
              <option key={version.path} value={version.path}>
                {version.name} · {SHARE_DATE.format(version.time)}
                {version.current ? ' (the song’s audio now)' : ''}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <label className={styles.field}>
        Expires in
        <input className={`${controls.input} ${styles.days}`} type="number" min={MIN_SHARE_DAYS} max={MAX_SHARE_DAYS} value={days} onChange={(event) => setDays(Number(event.target.value) || DEFAULT_SHARE_DAYS)} />
        days
      </label>
      <span className={styles.option}>
        <input
          className={controls.input}
          type="password"
          aria-label="Link password (optional)"
          aria-invalid={passwordProblem !== null}
          placeholder="Password (optional)"
          value={password}
          minLength={MIN_SHARE_PASSWORD_LENGTH}
          onChange={(event) => setPassword(event.target.value)}
        />
        <span className={passwordProblem ? styles.problem : styles.hint}>At least {MIN_SHARE_PASSWORD_LENGTH} characters.</span>
      </span>
      <span className={styles.option}>
        <label className={styles.field}>
          <input type="checkbox" checked={allowDownload} onChange={(event) => setAllowDownload(event.target.checked)} />
          Show a Download button
        </label>
        <span className={styles.hint}>Anyone who can listen can still record what they hear.</span>
      </span>
      <button type="button" className={controls.primary} disabled={making} onClick={() => void make()}>
        {making ? (versionPath ? 'Sending the version up…' : 'Creating…') : 'Create link'}
      </button>
      {error ? (
        <p className={controls.error} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

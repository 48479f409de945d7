import { JOBS_SHOWN, useCancelJobMutation, useJobsQuery, useRetryJobMutation } from '../../api/songshelf-api';
import controls from '../ui/controls.module.css';
import styles from './JobsPanel.module.css';

/** Background work as it runs: a progress bar per job, failed jobs with their error and a retry. */
export function JobsPanel() {
  const { data: jobs = [] } = useJobsQuery();
  const [cancelJob] = useCancelJobMutation();
  const [retryJob] = useRetryJobMutation();
  if (jobs.length === 0) return null;
  // The core lists running work first, then what waits, in the order it will run.
  const active = jobs.filter((job) => job.state !== 'failed');
  const failed = jobs.filter((job) => job.state === 'failed');
  return (
    <section className={styles.panel} aria-label="Background work">
      {active.slice(0, 4).map((job) => (
        <div key={job.id} className={styles.job} data-testid="job">
          <div className={styles.jobHeader}>
            <span className={styles.label}>{job.label}</span>
            <button type="button" className={styles.action} onClick={() => void cancelJob(job.id)} aria-label={`Cancel ${job.label}`}>
              Cancel
            </button>
          </div>
          <progress className={styles.progress} max={1} value={job.state === 'running' ? job.progress : undefined} aria-label={job.label} />
        </div>
      ))}
      {active.length > 4 ? (
        <p className={styles.more}>
          {active.length - 4}
          {jobs.length >= JOBS_SHOWN ? '+' : ''} more waiting
        </p>
      ) : null}
      {failed.slice(0, 3).map((job) => (
        <div key={job.id} className={styles.job}>
          <p className={controls.error}>
            {job.label} failed: {job.lastError}
          </p>
          <button type="button" className={styles.action} onClick={() => void retryJob(job.id)} aria-label={`Retry ${job.label}`}>
            Retry
          </button>
        </div>
      ))}
    </section>
  );
}

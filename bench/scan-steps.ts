/** Steps both modes of bench:scan take on the real core: waiting for a scan's phase one, and saying where it is. */
import type { Core } from '../main/core';

/** Resolves when the scan job (phase one) has finished, whatever phase two is doing. */
export function scanFinished(target: Core, jobId: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const row = target.db.sqlite.prepare('SELECT state, last_error FROM jobs WHERE id = ?').get(jobId) as { state: string; last_error: string | null };
      if (row.state === 'succeeded') resolve();
      else if (row.state === 'failed') reject(new Error(row.last_error ?? 'scan failed'));
      else return false;
      return true;
    };
    if (check()) return;
    const unsubscribe = target.events.on('jobs:changed', ({ jobs }) => {
      if (jobs.some((job) => job.id === jobId) && check()) unsubscribe();
    });
  });
}

export function rssMb(): number {
  return Math.round(process.memoryUsage().rss / 2 ** 20);
}

/** Progress goes to stderr: stdout carries only the JSON line. */
export function log(message: string): void {
  process.stderr.write(`${message}\n`);
}

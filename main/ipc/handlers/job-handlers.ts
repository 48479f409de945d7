/** Background jobs as the dashboard shows them: list, cancel, retry; and the user's activity they make way for. */
import { listJobs } from '../../jobs/queue';
import type { HandlerMap } from '../handler';

export const jobHandlers = {
  'jobs:list': (input, { db, runner }) => listJobs(db, input ?? {}).map((row) => runner.summary(row)),
  'jobs:cancel': (input, { runner }) => ({ cancelled: runner.cancel(input.id) }),
  'jobs:retry': (input, { runner }) => ({ retried: runner.retry(input.id) }),
  'jobs:user-active': (_input, { runner }) => {
    runner.userActivity.touch();
    return { noted: true as const };
  },
} satisfies Partial<HandlerMap>;

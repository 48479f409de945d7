/** Background jobs as the dashboard shows them: list, cancel, retry. */
import { listJobs } from '../../jobs/queue';
import type { HandlerMap } from '../handler';

export const jobHandlers = {
  'jobs:list': (input, { db, runner }) => listJobs(db, input ?? {}).map((row) => runner.summary(row)),
  'jobs:cancel': (input, { runner }) => ({ cancelled: runner.cancel(input.id) }),
  'jobs:retry': (input, { runner }) => ({ retried: runner.retry(input.id) }),
} satisfies Partial<HandlerMap>;

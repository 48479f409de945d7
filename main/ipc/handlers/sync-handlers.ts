/**
 * `sync:*`: a run now, the upgrade's queue-all, the status, the answer to held removals; and `sync:session`, a session
 * handed over by what drives the core from outside (tests, benchmarks: `DRIVER_CHANNELS`, never served to a page).
 */
import type { HandlerMap } from '../handler';

export const syncHandlers = {
  'sync:session': ({ session }, { account }) => {
    account.setSession(session);
    return { signedIn: session !== null };
  },
  'sync:run': (_input, { sync }) => sync.runNow(),
  'sync:queue-all': (_input, { sync }) => ({ queued: sync.queueAll() }),
  'sync:status': (_input, { sync }) => sync.engine.status(),
  'sync:resolve-removals': ({ choice }, { sync }) => {
    sync.engine.removals.resolve(choice);
    return sync.runNow();
  },
} satisfies Partial<HandlerMap>;

/** `sync:*`: the signed-in user's session for the core's sync, a run now, the upgrade's queue-all, the status. */
import type { HandlerMap } from '../handler';

export const syncHandlers = {
  'sync:session': ({ session }, { sync }) => {
    sync.setSession(session);
    return { signedIn: session !== null };
  },
  'sync:run': (_input, { sync }) => sync.runNow(),
  'sync:queue-all': (_input, { sync }) => ({ queued: sync.queueAll() }),
  'sync:status': (_input, { sync }) => sync.engine.status(),
} satisfies Partial<HandlerMap>;

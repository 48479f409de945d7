/** `studio:*`: the studio time the library's saves give, the focus list and the studio's settings (issue 32). */
import { focusedSongs } from '../../../db/repositories/focus';
import { readStudioSummary } from '../../../db/repositories/studio';
import { getStudioSettings, setSessionRegroupPending, setStudioSettings } from '../../../db/repositories/studio-settings';
import type { HandlerMap } from '../handler';

export const studioHandlers = {
  'studio:summary': (_input, { db }) => readStudioSummary(db, db.now()),
  'studio:focus': (_input, { db }) => focusedSongs(db),
  'studio:settings': (_input, { db }) => getStudioSettings(db),
  'studio:set-settings': (patch, { db, sessions }) => {
    const before = getStudioSettings(db);
    const after = setStudioSettings(db, patch);
    if (after.sessionGapMinutes !== before.sessionGapMinutes) {
      setSessionRegroupPending(db, true);
      void sessions.poke().catch((error: unknown) => console.error('[studio] sessions not grouped again:', error instanceof Error ? error.message : error));
    }
    return after;
  },
} satisfies Partial<HandlerMap>;

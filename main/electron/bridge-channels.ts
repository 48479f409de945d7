/** The two Electron IPC channel names that carry the whole contract (calls one way, events the other). */
export const INVOKE_CHANNEL = 'songshelf:invoke';
export const EVENT_CHANNEL = 'songshelf:event';

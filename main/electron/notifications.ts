/** Desktop notifications in the app: the core's `notify` events shown with Electron's Notification. */
import { Notification } from 'electron';
import type { Core } from '../core';

export function setupNotifications(core: Core): () => void {
  return core.events.on('notify', ({ title, body }) => {
    if (Notification.isSupported()) new Notification({ title, body, silent: false }).show();
  });
}

/**
 * Desktop notifications in the browser host: the page's Notification API (Electron's main process shows its
 * own). Permission is asked on the user's first click, as browsers require a gesture.
 */
import type { AppNotification } from '../../common/projects/library';

export function askNotificationPermissionOnFirstClick(): void {
  if (!('Notification' in window) || Notification.permission !== 'default') return;
  window.addEventListener('click', () => void Notification.requestPermission(), { once: true });
}

export function showNotification(notification: AppNotification): void {
  if (!('Notification' in window) || Notification.permission !== 'granted') return;
  new Notification(notification.title, { body: notification.body, tag: notification.kind });
}

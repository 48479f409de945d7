/**
 * Carries the core's router and events over Electron IPC. Calls are answered only for windows the app
 * created; every other sender gets a `forbidden` envelope.
 */
import { ipcMain, type BrowserWindow, type IpcMainInvokeEvent } from 'electron';
import { isEventName, type Envelope } from '../../common/bridge/ipc';
import type { Core } from '../core';
import { EVENT_CHANNEL, INVOKE_CHANNEL } from './bridge-channels';

export function setupIpc(core: Core, trustedWindows: () => BrowserWindow[]): () => void {
  const isTrusted = (event: IpcMainInvokeEvent) =>
    trustedWindows().some((window) => window.webContents.id === event.sender.id && event.senderFrame === window.webContents.mainFrame);

  ipcMain.handle(INVOKE_CHANNEL, (event, channel: unknown, input: unknown): Promise<Envelope<unknown>> | Envelope<never> => {
    if (!isTrusted(event)) {
      return { ok: false, error: { code: 'forbidden', message: 'This window may not call Songshelf.' } };
    }
    // The router answers every call with an envelope; if anything under it still throws, main logs it and lives.
    return core.router.dispatch(channel, input).catch((error: unknown): Envelope<never> => {
      console.error('[ipc] a bridge call failed', error);
      return { ok: false, error: { code: 'internal', message: 'Songshelf could not complete that call. The error was logged.' } };
    });
  });

  const unsubscribe = core.events.onAny((event, payload) => {
    if (!isEventName(event)) return;
    for (const window of trustedWindows()) {
      if (!window.isDestroyed()) window.webContents.send(EVENT_CHANNEL, event, payload);
    }
  });

  return () => {
    unsubscribe();
    ipcMain.removeHandler(INVOKE_CHANNEL);
  };
}

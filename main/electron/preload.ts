/**
 * The preload (sandboxed): exposes `window.api`, generated from the contract by `createApi`, over two IPC
 * channels, and `window.desktop.pathOfFile`: where a file or folder dropped on the window is, which a page
 * cannot learn by itself (Electron's webUtils). It holds no logic and no Node access beyond these.
 */
import { contextBridge, ipcRenderer, webUtils } from 'electron';
import { createApi, type Envelope, type EventName } from '../../common/bridge/ipc';
import { EVENT_CHANNEL, INVOKE_CHANNEL } from './bridge-channels';

const api = createApi({
  invoke: (channel, input) => ipcRenderer.invoke(INVOKE_CHANNEL, channel, input) as Promise<Envelope<unknown>>,
  subscribe: (event: EventName, listener) => {
    const forward = (_sender: unknown, name: unknown, payload: unknown) => {
      if (name === event) listener(payload);
    };
    ipcRenderer.on(EVENT_CHANNEL, forward);
    return () => ipcRenderer.off(EVENT_CHANNEL, forward);
  },
});

contextBridge.exposeInMainWorld('api', api);
contextBridge.exposeInMainWorld('desktop', { pathOfFile: (file: File) => webUtils.getPathForFile(file) });

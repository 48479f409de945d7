/**
 * The preload (sandboxed): exposes `window.api`, generated from the contract by `createApi`, over two IPC
 * channels. It holds no logic and no Node access beyond `ipcRenderer`.
 */
import { contextBridge, ipcRenderer } from 'electron';
import { createApi, type Envelope, type EventName } from '../../common/ipc';
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

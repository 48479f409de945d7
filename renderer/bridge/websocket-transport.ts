/**
 * The browser host's side of the bridge: carries the contract over a WebSocket to the core, reconnecting if
 * the host restarts. Calls made while disconnected wait for the connection; calls in flight when it drops
 * answer a `disconnected` error rather than hang.
 */
import { CHANGED_TABLES, type Channel, type Envelope, type EventName } from '../../common/bridge/ipc';

type Pending = (result: Envelope<unknown>) => void;
type Listener = (payload: unknown) => void;

const RECONNECT_MIN_MS = 500;
const RECONNECT_MAX_MS = 5000;

export function createWebSocketTransport(url: string) {
  const pending = new Map<number, Pending>();
  const listeners = new Map<EventName, Set<Listener>>();
  const outbox: string[] = [];
  let socket: WebSocket | null = null;
  let nextId = 1;
  let reconnectDelay = RECONNECT_MIN_MS;
  let connectedBefore = false;

  const emit = (event: EventName, payload: unknown) => {
    for (const listener of listeners.get(event) ?? []) listener(payload);
  };

  const connect = () => {
    const ws = new WebSocket(url);
    socket = ws;
    ws.onopen = () => {
      reconnectDelay = RECONNECT_MIN_MS;
      for (const frame of outbox.splice(0)) ws.send(frame);
      // After a reconnect, anything may have changed while we were away: refetch everything.
      if (connectedBefore) emit('db:changed', { tables: [...CHANGED_TABLES], seq: 0 });
      connectedBefore = true;
    };
    ws.onmessage = (message) => receive(String(message.data));
    ws.onclose = () => {
      socket = null;
      for (const [id, resolve] of pending) {
        pending.delete(id);
        resolve({ ok: false, error: { code: 'disconnected', message: 'Lost the connection to Songshelf. Retrying…' } });
      }
      setTimeout(connect, reconnectDelay);
      reconnectDelay = Math.min(reconnectDelay * 2, RECONNECT_MAX_MS);
    };
  };

  const receive = (raw: string) => {
    let frame: { type?: string; id?: number | null; result?: Envelope<unknown>; event?: EventName; payload?: unknown };
    try {
      frame = JSON.parse(raw) as typeof frame;
    } catch {
      return;
    }
    if (frame.type === 'result' && typeof frame.id === 'number' && frame.result) {
      pending.get(frame.id)?.(frame.result);
      pending.delete(frame.id);
    } else if (frame.type === 'event' && frame.event) {
      emit(frame.event, frame.payload);
    }
  };

  connect();

  return {
    invoke(channel: Channel, input: unknown): Promise<Envelope<unknown>> {
      const id = nextId++;
      const frame = JSON.stringify({ type: 'call', id, channel, input });
      return new Promise((resolve) => {
        pending.set(id, resolve);
        if (socket?.readyState === WebSocket.OPEN) socket.send(frame);
        else outbox.push(frame);
      });
    },
    subscribe(event: EventName, listener: Listener): () => void {
      const set = listeners.get(event) ?? new Set<Listener>();
      set.add(listener);
      listeners.set(event, set);
      return () => set.delete(listener);
    },
  };
}

/** The core's typed event bus: what happened (data changed, later jobs and files), for every transport. */
import type { EventName, Events } from '../common/ipc';

type AnyListener = (event: EventName, payload: Events[EventName]) => void;

export class EventBus {
  private readonly listeners = new Set<AnyListener>();

  emit<E extends EventName>(event: E, payload: Events[E]): void {
    for (const listener of this.listeners) {
      try {
        listener(event, payload);
      } catch (error) {
        // One broken transport must not keep the event from the others.
        console.error(`[events] a listener of ${event} failed`, error);
      }
    }
  }

  /** Listens to one event. Returns the unsubscribe function. */
  on<E extends EventName>(event: E, listener: (payload: Events[E]) => void): () => void {
    return this.onAny((name, payload) => {
      if (name === event) listener(payload as Events[E]);
    });
  }

  /** Listens to every event: transports forward them all. Returns the unsubscribe function. */
  onAny(listener: AnyListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

/**
 * The core's typed event bus: what happened (data changed, files appeared, a notification), for every transport,
 * and the core's own events, which no page is told (`isEventName` says which go out).
 */
import type { Events } from '../common/bridge/ipc';
import type { JobSummary } from '../common/bridge/jobs';

export interface CoreEvents extends Events {
  /**
   * A job moved or progressed: for the core's own followers (the tray, benchmarks). Pages follow jobs through the
   * one change stream (`db:changed` naming the `jobs` table).
   */
  'jobs:changed': { jobs: JobSummary[] };
}
export type CoreEventName = keyof CoreEvents;

type AnyListener = (event: CoreEventName, payload: CoreEvents[CoreEventName]) => void;

export class EventBus {
  private readonly listeners = new Set<AnyListener>();

  emit<E extends CoreEventName>(event: E, payload: CoreEvents[E]): void {
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
  on<E extends CoreEventName>(event: E, listener: (payload: CoreEvents[E]) => void): () => void {
    return this.onAny((name, payload) => {
      if (name === event) listener(payload as CoreEvents[E]);
    });
  }

  /** Listens to every event: transports forward those a page is told. Returns the unsubscribe function. */
  onAny(listener: AnyListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

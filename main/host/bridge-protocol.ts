/** The browser host's WebSocket messages: the contract's calls and events, as JSON frames. */
import type { Envelope, EventName } from '../../common/bridge/ipc';

export interface CallFrame {
  type: 'call';
  id: number;
  channel: unknown;
  input: unknown;
}

export type ServerFrame =
  | { type: 'result'; id: number | null; result: Envelope<unknown> }
  | { type: 'event'; event: EventName; payload: unknown };

/** A frame from the page, or null when it is not one: a hostile or broken page gets an error, not a crash. */
export function parseCallFrame(raw: string): CallFrame | null {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const frame = value as Record<string, unknown>;
  if (frame.type !== 'call' || typeof frame.id !== 'number' || !Number.isSafeInteger(frame.id)) return null;
  return { type: 'call', id: frame.id, channel: frame.channel, input: frame.input };
}

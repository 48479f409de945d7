import { describe, expect, it } from 'vitest';
import { createApi, type Envelope } from './ipc';

/** A value nested `depth` arrays deep, built with a loop. */
function nested(depth: number): unknown {
  let value: unknown = 'deep';
  for (let level = 0; level < depth; level += 1) value = [value];
  return value;
}

describe('window.api and a deep value', () => {
  // Each transport serialises the call (the browser host's JSON.stringify, Electron's structured clone): a value
  // nested thousands deep overflows the stack there, before the core's router could refuse it.
  const api = createApi({
    invoke: async (_channel, input): Promise<Envelope<unknown>> => ({ ok: true, data: JSON.stringify(input).length }),
    subscribe: () => () => undefined,
  });

  it.each([5_000, 50_000])('a custom value nested %i levels deep gets the typed refusal, not a stack overflow', async (depth) => {
    const answer = await api['db:update-song']({ id: '0190a3b4-0000-7000-8000-000000000001', patch: { custom: { mood: nested(depth) as string } } });
    expect(answer).toEqual({ ok: false, error: { code: 'invalid_input', message: 'Invalid input for db:update-song: the input is nested too deeply (more than 32 levels).' } });
  });

  it('a call within the bounds goes through the transport', async () => {
    const answer = await api['db:update-song']({ id: '0190a3b4-0000-7000-8000-000000000001', patch: { notes: 'fine' } });
    expect(answer.ok).toBe(true);
  });
});

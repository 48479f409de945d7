/**
 * The core's one entry point for every transport: it validates the input with the contract's schema, runs the
 * handler, and always answers an envelope. Nothing is thrown across the process boundary, and nothing a
 * caller sends can crash the core.
 */
import type { z } from 'zod';
import { AppError, isAppError, type ErrorShape } from '../../common/errors';
import { contract, isChannel, type Channel, type Envelope } from '../../common/ipc';
import type { CoreContext, HandlerMap } from './handler';

export interface Router {
  dispatch(channel: unknown, input: unknown): Promise<Envelope<unknown>>;
}

export function createRouter(handlers: HandlerMap, ctx: CoreContext): Router {
  return {
    async dispatch(channel, input) {
      if (!isChannel(channel)) {
        return fail({ code: 'unknown_channel', message: `Unknown channel: ${describeChannel(channel)}` });
      }
      const parsed = contract[channel].input.safeParse(input);
      if (!parsed.success) return fail({ code: 'invalid_input', message: describeIssues(channel, parsed.error) });
      try {
        const handler = handlers[channel] as (input: unknown, ctx: CoreContext) => unknown;
        return { ok: true, data: await handler(parsed.data, ctx) };
      } catch (error) {
        return fail(toErrorShape(channel, error));
      }
    },
  };
}

function fail(error: ErrorShape): Envelope<never> {
  return { ok: false, error };
}

function toErrorShape(channel: Channel, error: unknown): ErrorShape {
  if (isAppError(error)) return error.toShape();
  console.error(`[router] ${channel} failed`, error);
  return new AppError('internal', `Songshelf could not complete ${channel}. The error was logged.`).toShape();
}

/** A short, safe description: never echo a hostile payload back at length. */
function describeChannel(channel: unknown): string {
  if (typeof channel !== 'string') return `(${typeof channel})`;
  return JSON.stringify(channel.length > 60 ? `${channel.slice(0, 60)}…` : channel);
}

function describeIssues(channel: Channel, error: z.ZodError): string {
  const issues = error.issues.slice(0, 3).map((issue) => {
    const where = issue.path.length > 0 ? issue.path.map(String).join('.') : 'input';
    return `${where}: ${issue.message}`;
  });
  const more = error.issues.length > 3 ? ` (and ${error.issues.length - 3} more)` : '';
  return `Invalid input for ${channel}: ${issues.join('; ')}${more}`;
}

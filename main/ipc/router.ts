/**
 * The core's one entry point for every transport: it bounds the input's shape (depth and size, by a loop that
 * cannot overflow the stack), validates it with the contract's schema, runs the handler, and always answers an
 * envelope. `dispatch` never rejects: a validator or handler that throws becomes an `internal` envelope (or
 * `disk_full`, when the disk that holds the library is full; `io_error` naming the file, when another disk is), so
 * nothing a caller sends can crash the core.
 */
import { AppError, isAppError, type ErrorShape } from '../../common/errors';
import { callFailed } from '../../common/messages';
import { contract, inputBoundsRefusal, invalidInputRefusal, isChannel, type Channel, type Envelope } from '../../common/bridge/ipc';
import { diskFullError } from '../disk/disk-full';
import type { CoreContext, HandlerMap } from './handler';

export interface Router {
  dispatch(channel: unknown, input: unknown): Promise<Envelope<unknown>>;
}

/** `handlers`: what this core serves; a channel of the contract it does not serve is answered as unknown. */
export function createRouter(handlers: Partial<HandlerMap>, ctx: CoreContext): Router {
  return {
    async dispatch(channel, input) {
      try {
        if (!isChannel(channel) || !Object.hasOwn(handlers, channel)) {
          return fail({ code: 'unknown_channel', message: `Unknown channel: ${describeChannel(channel)}` });
        }
        const refusal = inputBoundsRefusal(channel, input);
        if (refusal) return fail(refusal);
        const parsed = contract[channel].input.safeParse(input);
        if (!parsed.success) return fail(invalidInputRefusal(channel, parsed.error));
        const handler = handlers[channel] as (input: unknown, ctx: CoreContext) => unknown;
        // What the call wrote is told once: in its reply, and to every page and the core by the same number.
        const { value, changes } = await ctx.db.changes.capture(() => handler(parsed.data, ctx));
        if (!changes) return { ok: true, data: value };
        ctx.events.emit('db:changed', changes);
        return { ok: true, data: value, changes };
      } catch (error) {
        // A full disk is told once by the watch, and answered in its own words on every call that met it.
        if (ctx.disk.report(error)) return fail(diskFullError().toShape());
        const otherDisk = ctx.disk.otherDiskFull(error);
        if (otherDisk) return fail(otherDisk.toShape());
        return fail(toErrorShape(isChannel(channel) ? channel : null, error));
      }
    },
  };
}

function fail(error: ErrorShape): Envelope<never> {
  return { ok: false, error };
}

function toErrorShape(channel: Channel | null, error: unknown): ErrorShape {
  if (isAppError(error)) return error.toShape();
  const name = channel ?? 'that call';
  console.error(`[router] ${name} failed`, error);
  return new AppError('internal', callFailed(name)).toShape();
}

/** A short, safe description: never echo a hostile payload back at length. */
function describeChannel(channel: unknown): string {
  if (typeof channel !== 'string') return `(${typeof channel})`;
  return JSON.stringify(channel.length > 60 ? `${channel.slice(0, 60)}…` : channel);
}

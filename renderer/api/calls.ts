/**
 * How a feature reaches the core, besides RTK Query's endpoints (`songshelf-api.ts`): one typed call by the
 * channel's name, its input and output inferred from the contract (`common/bridge/ipc.ts`), through the bridge the page
 * found and so through the change feed (`core-changes.ts`). Feature files import this, never `bridge/`: lint keeps it
 * so (eslint.config.js).
 *
 * Two places answer: the core on this computer (`callCore`: files, folders, the account, versions), and the library
 * (`callLibrary`: songs, views and fields), which on the website is the pro user's cloud library. Without either, a
 * call answers `no_bridge` as an envelope, like any refusal.
 */
import type { BridgeChannel, ChannelInput, ChannelOutput, Envelope, EventListener, EventName } from '../../common/bridge/ipc';
import { getBridge, getLibrary } from '../bridge/bridge';

export { installCloudLibrary, mediaUrl } from '../bridge/bridge';

export type CallArgs<C extends BridgeChannel> = undefined extends ChannelInput<C> ? [input?: ChannelInput<C>] : [input: ChannelInput<C>];

const NOT_CONNECTED: Envelope<never> = { ok: false, error: { code: 'no_bridge', message: 'This page is not connected to the Songshelf app.' } };

type Target = NonNullable<ReturnType<typeof getBridge>>;

function callOn<C extends BridgeChannel>(target: Target | null, channel: C, args: CallArgs<C>): Promise<Envelope<ChannelOutput<C>>> {
  if (!target) return Promise.resolve(NOT_CONNECTED);
  const call = target[channel] as unknown as (...input: CallArgs<C>) => Promise<Envelope<ChannelOutput<C>>>;
  return call(...args);
}

/** A call on the core of this computer (Electron, or the browser host); `no_bridge` on the website. */
export function callCore<C extends BridgeChannel>(channel: C, ...input: CallArgs<C>): Promise<Envelope<ChannelOutput<C>>> {
  return callOn(getBridge(), channel, input);
}

/** A call on the library: the core, or on the website the signed-in pro user's cloud library. */
export function callLibrary<C extends BridgeChannel>(channel: C, ...input: CallArgs<C>): Promise<Envelope<ChannelOutput<C>>> {
  return callOn(getLibrary(), channel, input);
}

/** Whether this page runs on a core of this computer (the app), or not (the website). */
export function hasCore(): boolean {
  return getBridge() !== null;
}

/** Whether this page has a library to show: the core's, or the website's cloud library. */
export function hasLibrary(): boolean {
  return getLibrary() !== null;
}

/** Follows one of the core's events; nothing on the website. Returns the function that stops following. */
export function onCoreEvent<E extends EventName>(event: E, listener: EventListener<E>): () => void {
  return getBridge()?.on(event, listener) ?? (() => undefined);
}

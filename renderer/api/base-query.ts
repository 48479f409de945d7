/**
 * The one RTK Query base query: a call on `window.api`, its envelope turned into data or an error. A call goes to the
 * library (the core, or on the website the cloud library), or with `coreCall` to this computer's core only (its links,
 * its settings, its folders), which on the website answers `no_bridge` as `callCore` does.
 */
import type { BaseQueryFn } from '@reduxjs/toolkit/query/react';
import type { ErrorShape } from '../../common/errors';
import type { BridgeChannel, ChannelInput, Envelope } from '../../common/bridge/ipc';
import { getBridge, getLibrary } from '../bridge/bridge';

export interface BridgeCall {
  channel: BridgeChannel;
  input: unknown;
  /** Only this computer's core answers it (default false: the library). */
  core?: boolean;
}

/** A typed call description for an endpoint's `query`, on the library. */
export function call<C extends BridgeChannel>(channel: C, input: ChannelInput<C>): BridgeCall {
  return { channel, input };
}

/** A typed call description for an endpoint's `query`, on this computer's core only. */
export function coreCall<C extends BridgeChannel>(channel: C, input: ChannelInput<C>): BridgeCall {
  return { channel, input, core: true };
}

export const bridgeBaseQuery: BaseQueryFn<BridgeCall, unknown, ErrorShape> = async ({ channel, input, core = false }) => {
  const api = core ? getBridge() : getLibrary();
  if (!api) {
    return { error: { code: 'no_bridge', message: 'This page is not connected to the Songshelf app.' } };
  }
  // One generic call for every channel: the endpoint's `call()` has already typed the input.
  const invoke = api[channel] as unknown as (input: unknown) => Promise<Envelope<unknown>>;
  const result = await invoke(input);
  return result.ok ? { data: result.data } : { error: result.error };
};

/** What a query's or a mutation's error says to the user (the core's message, else `fallback`). */
export function errorMessage(error: unknown, fallback: string): string {
  return typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string' ? error.message : fallback;
}

/** The one RTK Query base query: a call on `window.api`, its envelope turned into data or an error. */
import type { BaseQueryFn } from '@reduxjs/toolkit/query/react';
import type { ErrorShape } from '../../common/errors';
import type { BridgeChannel, ChannelInput, Envelope } from '../../common/ipc';
import { getLibrary } from '../bridge/bridge';

export interface BridgeCall {
  channel: BridgeChannel;
  input: unknown;
}

/** A typed call description for an endpoint's `query`. */
export function call<C extends BridgeChannel>(channel: C, input: ChannelInput<C>): BridgeCall {
  return { channel, input };
}

export const bridgeBaseQuery: BaseQueryFn<BridgeCall, unknown, ErrorShape> = async ({ channel, input }) => {
  const api = getLibrary();
  if (!api) {
    return { error: { code: 'no_bridge', message: 'This page is not connected to the Songshelf app.' } };
  }
  // One generic call for every channel: the endpoint's `call()` has already typed the input.
  const invoke = api[channel] as unknown as (input: unknown) => Promise<Envelope<unknown>>;
  const result = await invoke(input);
  return result.ok ? { data: result.data } : { error: result.error };
};

/** `account:*`: who is signed in on this computer (as last known, offline too), their tier, the library's account. */
import type { HandlerMap } from '../handler';

export const accountHandlers = {
  'account:get': (_input, { account }) => account.state(),
} satisfies Partial<HandlerMap>;

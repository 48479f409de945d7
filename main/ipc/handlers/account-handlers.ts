/** `account:*`: who is signed in on this computer (as last known, offline too), their tier, the library's account. */
import { AppError } from '../../../common/errors';
import type { HandlerMap } from '../handler';

export const accountHandlers = {
  'account:get': (_input, { account }) => account.state(),
  'account:refresh-tier': async (_input, { account }) => {
    try {
      if ((await account.refreshTier()) === null) throw new AppError('forbidden', 'Sign in to read your plan.');
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw new AppError('cloud_error', `The cloud could not be reached: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
    return account.state();
  },
} satisfies Partial<HandlerMap>;

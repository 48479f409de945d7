/**
 * `account:*`: who is signed in on this computer (as last known, offline too), their tier, the library's account;
 * signing in, up and out, Google's PKCE flow and the checkout, all with the session the core keeps.
 */
import { AppError } from '../../../common/errors';
import { MESSAGES, cloudUnreachable } from '../../../common/messages';
import type { HandlerMap } from '../handler';

export const accountHandlers = {
  'account:get': (_input, { account }) => account.state(),
  'account:refresh-tier': async (_input, { account }) => {
    try {
      if ((await account.refreshTier()) === null) throw new AppError('forbidden', MESSAGES.signInToReadPlan);
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw new AppError('cloud_error', cloudUnreachable(error instanceof Error ? error.message : String(error)), { cause: error });
    }
    return account.state();
  },
  'account:sign-in': ({ email, password }, { account }) => account.auth.signInWithPassword(email, password),
  'account:sign-up': (input, { account }) => account.auth.signUp(input),
  'account:resend-confirmation': async ({ email, redirectTo }, { account }) => ({ error: await account.auth.resendConfirmation(email, redirectTo) }),
  'account:begin-google': async ({ redirectTo }, { account }) => ({ url: await account.auth.beginGoogle(redirectTo) }),
  'account:complete-sign-in': async ({ code }, { account }) => {
    await account.auth.completeSignIn(code);
    return account.state();
  },
  'account:sign-out': async (_input, { account }) => {
    await account.auth.signOut();
    // A session handed over from outside (`sync:session`) goes too.
    account.setSession(null);
    return account.state();
  },
  'account:start-checkout': async ({ successUrl, cancelUrl }, { account }) => ({ url: await account.auth.startCheckout(successUrl, cancelUrl) }),
} satisfies Partial<HandlerMap>;

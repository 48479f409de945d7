/**
 * The tests' `test`: before each test the app of the global host is signed in as the musician (the default) or
 * signed out (`test.use({ account: 'signed-out' })`). The core keeps the session, so a browser's storage no longer
 * says who is signed in; each test says it here instead.
 */
import { test as base } from '@playwright/test';
import { hostUrl } from './host-url';
import { MUSICIAN, setHostAccount } from '../harness/signed-in';

export const test = base.extend<{ account: 'musician' | 'signed-out'; accountSet: void }>({
  account: ['musician', { option: true }],
  accountSet: [
    async ({ account, context }, use) => {
      await setHostAccount(context, hostUrl(), account === 'musician' ? MUSICIAN : null);
      await use();
    },
    { auto: true },
  ],
});

export { expect } from '@playwright/test';

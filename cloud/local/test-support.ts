/** The local cloud as the cloud tests use it: in memory, a supabase-js client per user, confirmed sign-ups. */
import path from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll } from 'vitest';
import { signedInClient } from './cloud-users';
import { startLocalCloud, type LocalCloud } from './server';

export { accessToken, cloudClient, openConfirmationLink, signedInClient, upgradeToPro } from './cloud-users';

export const TEST_JWT_SECRET = 'test-secret-at-least-32-characters-long';

export function startTestCloud(): Promise<LocalCloud> {
  return startLocalCloud({ cloudFolder: path.resolve(import.meta.dirname, '..'), jwtSecret: TEST_JWT_SECRET, siteUrl: 'http://127.0.0.1:9/app' });
}

export interface SignedIn {
  supabase: SupabaseClient;
  userId: string;
}

/**
 * A test file's cloud: started before its tests with these users signed up, confirmed and signed in (in this
 * order), closed after. Read `cloud` and `users` inside tests, once `beforeAll` has run.
 */
export function useTestCloud(emails: string[]): { readonly cloud: LocalCloud; readonly users: SignedIn[] } {
  let cloud: LocalCloud | null = null;
  const users: SignedIn[] = [];
  beforeAll(async () => {
    cloud = await startTestCloud();
    for (const email of emails) users.push(await signedInClient(cloud, email));
  }, 120_000);
  afterAll(async () => {
    await cloud?.close();
  });
  return {
    get cloud() {
      if (!cloud) throw new Error('the test cloud has not started');
      return cloud;
    },
    users,
  };
}

/** The local cloud as the cloud tests use it: in memory, a supabase-js client per user, confirmed sign-ups. */
import path from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll } from 'vitest';
import { signedInClient, upgradeToPro } from './cloud-users';
import { startFaultProxy, type FaultProxy } from './fault-proxy';
import { startLocalCloud, type LocalCloud } from './server';

export { accessToken, cloudClient, openConfirmationLink, signedInClient, upgradeToPro } from './cloud-users';

export const TEST_JWT_SECRET = 'test-secret-at-least-32-characters-long';

/** `now`: the cloud's clock (default `Date.now`), for tests of what expires. */
export function startTestCloud(options: { now?: () => number } = {}): Promise<LocalCloud> {
  return startLocalCloud({ cloudFolder: path.resolve(import.meta.dirname, '..'), jwtSecret: TEST_JWT_SECRET, siteUrl: 'http://127.0.0.1:9/app', ...options });
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

/**
 * A test file's cloud behind a fault proxy, for the app's sync and uploads: `pro` signed up and upgraded, `free`
 * signed up; the proxy heals itself after each test (call `heal` in afterEach). Read inside tests.
 */
export function useProxiedCloud(): { readonly cloud: LocalCloud; readonly proxy: FaultProxy; readonly pro: SignedIn; readonly free: SignedIn } {
  let cloud: LocalCloud | null = null;
  let proxy: FaultProxy | null = null;
  let pro: SignedIn | null = null;
  let free: SignedIn | null = null;
  beforeAll(async () => {
    cloud = await startTestCloud();
    proxy = await startFaultProxy(cloud.url);
    pro = await signedInClient(cloud, 'ana@example.com');
    await upgradeToPro(pro.supabase);
    free = await signedInClient(cloud, 'fay@example.com');
  }, 120_000);
  afterAll(async () => {
    await proxy?.close();
    await cloud?.close();
  });
  const started = <T>(value: T | null): T => {
    if (value === null) throw new Error('the test cloud has not started');
    return value;
  };
  return {
    get cloud() {
      return started(cloud);
    },
    get proxy() {
      return started(proxy);
    },
    get pro() {
      return started(pro);
    },
    get free() {
      return started(free);
    },
  };
}

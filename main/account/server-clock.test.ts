// The cloud's clock as the core reads it: this computer's clock days off, the cloud's time is still read right; asked
// once for a while, not on every read; the last offset kept while the cloud cannot be asked.
import { createClient } from '@supabase/supabase-js';
import ws from 'ws';
import { describe, expect, it } from 'vitest';
import { accessToken, useTestCloud } from '../../cloud/local/test-support';
import type { SignedInCloud } from './cloud-session';
import { ServerClock } from './server-clock';

const env = useTestCloud(['clock@example.com']);
const DAY = 86_400_000;

/** The signed-in user's cloud as the core holds it, with each request counted. */
async function countedCloud(): Promise<{ cloud: SignedInCloud; requests: () => number }> {
  let requests = 0;
  const token = await accessToken(env.users[0]!.supabase);
  const supabase = createClient(env.cloud.url, env.cloud.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: ws as never },
    global: {
      headers: { Authorization: `Bearer ${token}` },
      fetch: (input, init) => {
        requests += 1;
        return fetch(input, init);
      },
    },
  });
  return { cloud: { userId: env.users[0]!.userId, supabase }, requests: () => requests };
}

describe('the cloud’s clock', () => {
  it.each([
    ['two days behind', -2 * DAY],
    ['two days ahead', 2 * DAY],
  ])('reads the cloud’s time on a computer whose clock is %s', async (_, offset) => {
    const { cloud } = await countedCloud();
    const clock = new ServerClock(() => Date.now() + offset);
    const read = await clock.read(cloud);
    expect(Math.abs(read - Date.now())).toBeLessThan(2_000);
    expect(Math.abs((clock.offset() ?? 0) + offset)).toBeLessThan(2_000);
  });

  it('asks once within its max age, for reads that come together and after, then again', async () => {
    const { cloud, requests } = await countedCloud();
    let local = Date.now();
    const clock = new ServerClock(() => local, 60_000);
    await Promise.all([clock.read(cloud), clock.read(cloud), clock.read(cloud)]);
    expect(requests()).toBe(1);
    local += 59_000;
    await clock.read(cloud);
    expect(requests()).toBe(1);
    local += 2_000;
    await clock.read(cloud);
    expect(requests()).toBe(2);
  });

  it('keeps the last offset while the cloud cannot be asked, and is this computer’s clock before any', async () => {
    const { cloud } = await countedCloud();
    const unreachable: SignedInCloud = {
      userId: cloud.userId,
      supabase: createClient('http://127.0.0.1:9', env.cloud.anonKey, { auth: { persistSession: false }, realtime: { transport: ws as never } }),
    };
    let local = Date.now() - 3 * DAY;
    // Measured again on every read that has a cloud (max age 0).
    const clock = new ServerClock(() => local, 0);
    expect(await clock.read(unreachable)).toBe(local);
    expect(clock.offset()).toBeNull();
    await clock.read(cloud);
    local += DAY;
    for (const read of [await clock.read(unreachable), await clock.read(null)]) expect(Math.abs(read - (Date.now() + DAY))).toBeLessThan(2_000);
  });
});

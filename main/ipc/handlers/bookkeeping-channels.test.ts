/**
 * The spec's bookkeeping channels are kept, but a page cannot write the core's own books through them: what is
 * synced, the tier that drives the limits, the clock of a removal, and whose session the core syncs with.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { SyncRecord } from '../../../common/cloud/account';
import { CHANNELS, createApi } from '../../../common/bridge/ipc';
import type { Song } from '../../../common/songs/song';
import { call, createTestCore, type TestCore } from '../../test-support';

let core: TestCore | null = null;
afterEach(() => core?.close());

async function refusal(test: TestCore, channel: string, input?: unknown) {
  const answer = await test.router.dispatch(channel, input);
  if (answer.ok) throw new Error(`${channel} was served: ${JSON.stringify(answer.data)}`);
  return answer.error;
}

describe('db:mark-synced', () => {
  it('cannot mark an unpushed edit synced', async () => {
    core = createTestCore();
    const song = await call<Song>(core, 'db:add-song', { name: 'Not pushed yet' });
    const unsynced = await call<SyncRecord[]>(core, 'db:get-unsynced-changes');
    const ids = unsynced.filter((record) => record.recordId === song.id).map((record) => record.id);
    expect(ids).not.toEqual([]);

    expect(await call(core, 'db:mark-synced', { ids })).toEqual({ count: 0 });
    expect((await call<SyncRecord[]>(core, 'db:get-unsynced-changes')).map((record) => record.id)).toEqual(expect.arrayContaining(ids));
  });
});

describe('db:update-subscription', () => {
  it('cannot set the tier that drives the limits', async () => {
    core = createTestCore();
    const error = await refusal(core, 'db:update-subscription', { tier: 'pro', status: 'active' });
    expect(error.code).toBe('forbidden');
    expect(await call(core, 'db:get-subscription')).toMatchObject({ tier: 'free' });
    for (const title of ['Two', 'Three']) await call(core, 'db:add-view', { type: 'custom', title });
    expect((await refusal(core, 'db:add-view', { type: 'custom', title: 'Four' })).code).toBe('limit_reached');
  });

  it('answers the subscription the account holds when asked for that same one', async () => {
    core = createTestCore();
    expect(await call(core, 'db:update-subscription', { tier: 'free', status: 'active' })).toMatchObject({ tier: 'free', status: 'active' });
  });
});

describe('db:clean-deleted', () => {
  it("takes no clock from the caller: the core's own is used", async () => {
    core = createTestCore();
    expect((await refusal(core, 'db:clean-deleted', { table: 'songs', cloudIds: [], now: 8_000_000_000_000 })).code).toBe('invalid_input');
    expect(await call(core, 'db:clean-deleted', { table: 'songs', cloudIds: [] })).toEqual({ deleted: [] });
  });
});

describe('sync:session', () => {
  it('is not served by a core made for a shell', async () => {
    core = createTestCore(undefined, { driverChannels: false });
    expect((await refusal(core, 'sync:session', { session: null })).code).toBe('unknown_channel');
  });

  it('is served to tests and benchmarks, which drive the core from outside', async () => {
    core = createTestCore();
    expect(await call(core, 'sync:session', { session: null })).toEqual({ signedIn: false });
  });

  it('is not on the bridge a page is given', () => {
    const api = createApi({ invoke: () => Promise.reject(new Error('unused')), subscribe: () => () => undefined });
    expect(CHANNELS).toContain('sync:session');
    expect(Object.keys(api)).not.toContain('sync:session');
    expect(Object.keys(api)).toContain('sync:status');
  });
});

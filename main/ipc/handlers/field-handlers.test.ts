import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Channel, ChangedTable, ChannelInput, ChannelOutput } from '../../../common/bridge/ipc';
import { createTestCore, type TestCore } from '../../test-support';

let core: TestCore;
let changes: ChangedTable[][];
beforeEach(() => {
  core = createTestCore();
  changes = [];
  core.events.on('db:changed', ({ tables }) => changes.push([...tables].sort()));
});
afterEach(() => core.close());

/** The channel's answer, typed; a failure fails the test with its message. */
async function call<C extends Channel>(channel: C, input?: ChannelInput<C>): Promise<ChannelOutput<C>> {
  const settled = await core.router.dispatch(channel, input);
  if (!settled.ok) throw new Error(settled.error.message);
  return settled.data as ChannelOutput<C>;
}

describe('fields:* channels', () => {
  it('add, list, update and remove a field, announcing custom_fields and its sync record (and songs when their values change)', async () => {
    const mood = await call('fields:add', { name: 'Mood', type: 'singleSelect', options: ['dark', 'bright'] });
    expect(await call('fields:list')).toEqual([mood]);
    const song = await call('db:add-song', { name: 'Tune', custom: { [mood.id]: 'dark' } });
    changes = [];

    await call('fields:update', { id: mood.id, patch: { name: 'Feel' } });
    await call('fields:update', { id: mood.id, patch: { options: ['bright'] } });
    expect(changes).toEqual([['custom_fields', 'sync_records'], ['custom_fields', 'songs', 'sync_records']]);
    expect((await call('db:get-songs', { ids: [song.id] }))[0]?.custom).toEqual({});

    changes = [];
    expect(await call('fields:remove', { id: mood.id })).toEqual({ id: mood.id });
    expect(changes).toEqual([['custom_fields', 'sync_records']]);
    expect(await call('fields:list')).toEqual([]);
  });

  it('answers a clear error for a taken name and for a field that no longer exists', async () => {
    await call('fields:add', { name: 'Mood', type: 'text' });
    expect(await core.router.dispatch('fields:add', { name: 'mood', type: 'number' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', message: 'There is already a field called “mood”. Choose another name.' },
    });
    expect(await core.router.dispatch('fields:remove', { id: 'gone' })).toMatchObject({ ok: false, error: { code: 'not_found', message: 'That field no longer exists.' } });
  });
});

describe('bulk song channels and tags:list', () => {
  it('songs:bulk-update and songs:bulk-delete answer their counts and announce songs', async () => {
    const a = await call('db:add-song', { name: 'A', tags: ['demo'] });
    const b = await call('db:add-song', { name: 'B' });
    changes = [];
    expect(await call('songs:bulk-update', { ids: [a.id, b.id], patch: { status: 'Mixing', addTags: ['Demo', 'club'] } })).toEqual({ updated: 2 });
    expect(await call('tags:list')).toEqual([{ tag: 'club', count: 2 }, { tag: 'Demo', count: 2 }]);
    expect(await call('tags:list', { prefix: 'C', limit: 5 })).toEqual([{ tag: 'club', count: 2 }]);
    expect(await call('songs:bulk-delete', { ids: [a.id, b.id] })).toEqual({ hidden: 0, deleted: 2 });
    expect(changes).toEqual([['songs', 'sync_records'], ['songs', 'sync_records']]);
  });

  it('refuses an empty selection', async () => {
    expect(await core.router.dispatch('songs:bulk-update', { ids: [], patch: { status: 'Done' } })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(await core.router.dispatch('songs:bulk-delete', { ids: [] })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
  });
});

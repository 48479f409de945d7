import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_NAME_LENGTH } from '../../common/constants';
import type { Events } from '../../common/bridge/ipc';
import type { Song } from '../../common/songs/song';
import { createTestCore, type TestCore } from '../test-support';

let core: TestCore;
beforeEach(() => (core = createTestCore()));
afterEach(() => core.close());

describe('router', () => {
  it('answers { ok: true, data } for a valid call', async () => {
    const result = await core.router.dispatch('db:add-song', { name: 'Through the bridge' });
    expect(result).toMatchObject({ ok: true, data: { name: 'Through the bridge', priority: 'Medium' } });
  });

  it('tells what a write changed once: in its reply, and to every page by the same number; a read tells nothing', async () => {
    const seen: Events['db:changed'][] = [];
    core.events.on('db:changed', (payload) => seen.push(payload));
    const added = await core.router.dispatch('db:add-song', { name: 'Eventful' });
    const read = await core.router.dispatch('db:get-songs', {});
    // A new song: any of its fields, and the one row it is.
    expect(added.ok && added.changes).toEqual({ tables: ['songs', 'sync_records'], rows: { songs: [added.ok && (added.data as { id: string }).id] }, seq: expect.any(Number) });
    expect(read.ok && read.changes).toBeUndefined();
    expect(seen).toEqual([added.ok && added.changes]);
  });

  it('a call refused before it writes tells no change of what it would have written', async () => {
    const seen: Events['db:changed'][] = [];
    core.events.on('db:changed', (payload) => seen.push(payload));
    const refused = await core.router.dispatch('db:update-song', { id: 'no-such-song', patch: { name: 'x' } });
    expect(refused.ok).toBe(false);
    // A write outside any call, told to the pages with every background change still waiting (coalesced, in order):
    // once its event has come, anything the refused call left to be told has been told too.
    const sentinel = new Promise<void>((resolve) => core.events.on('db:changed', (change) => change.tables.includes('kv') && resolve()));
    core.db.sqlite.prepare("INSERT OR REPLACE INTO kv (key, value) VALUES ('router-test-sentinel', '1')").run();
    await sentinel;
    expect(seen.flatMap((change) => change.tables)).not.toContain('songs');
  });

  it.each([
    ['wrong type', 'db:add-song', { name: 42 }, 'invalid_input', /name/],
    ['missing field', 'db:update-song', { patch: { name: 'x' } }, 'invalid_input', /id/],
    ['unknown key', 'db:add-song', { name: 'x', isAdmin: true }, 'invalid_input', /isAdmin/],
    ['oversized string', 'db:add-song', { name: 'x'.repeat(MAX_NAME_LENGTH + 1) }, 'invalid_input', /name/],
    ['not an object', 'db:add-view', 'DROP TABLE songs', 'invalid_input', /Invalid input/],
    ['bad enum', 'db:update-song', { id: 'a', patch: { priority: 'Whenever' } }, 'invalid_input', /priority/],
    ['prototype pollution', 'db:add-song', JSON.parse('{"name":"x","__proto__":{"polluted":true}}'), 'invalid_input', /Invalid input|__proto__/],
    ['unknown channel', 'db:drop-everything', {}, 'unknown_channel', /db:drop-everything/],
    ['inherited name as channel', 'constructor', {}, 'unknown_channel', /constructor/],
    ['non-string channel', { evil: true }, {}, 'unknown_channel', /object/],
  ] as const)('answers a typed error for a %s without crashing', async (_case, channel, input, code, message) => {
    const result = await core.router.dispatch(channel, input);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe(code);
    expect(result.error.message).toMatch(message);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    // The core is still answering.
    expect((await core.router.dispatch('db:get-views', undefined)).ok).toBe(true);
  });

  it('keeps a huge unknown channel name out of the error message', async () => {
    const result = await core.router.dispatch('x'.repeat(100_000), {});
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.message.length).toBeLessThan(200);
  });

  it('answers a domain error as its code and message', async () => {
    for (const title of ['Two', 'Three']) await core.router.dispatch('db:add-view', { type: 'custom', title });
    const result = await core.router.dispatch('db:add-view', { type: 'custom', title: 'Four' });
    expect(result).toEqual({
      ok: false,
      error: {
        code: 'limit_reached',
        message: "You've reached the limit of 3 custom views on the Free tier. Upgrade to Pro for unlimited custom views!",
      },
    });
  });

  it('serves every db:* channel of the spec end to end', async () => {
    const call = async (channel: string, input?: unknown) => {
      const result = await core.router.dispatch(channel, input);
      if (!result.ok) throw new Error(`${channel}: ${result.error.message}`);
      return result.data as Record<string, unknown> & Song;
    };
    const song = await call('db:add-song', { name: 'Spec' });
    await call('db:update-song', { id: song.id, patch: { tempo: '99' } });
    expect(await call('db:get-songs', { ids: [song.id] })).toEqual([expect.objectContaining({ tempo: '99' })]);
    expect(await call('db:delete-song', { id: song.id })).toEqual({ id: song.id, outcome: 'deleted' });
    const view = await call('db:add-view', { type: 'custom', title: 'Mine' });
    await call('db:update-view', { id: view.id, patch: { title: 'Ours' } });
    expect(await call('db:get-views')).toEqual(expect.arrayContaining([expect.objectContaining({ title: 'Ours' })]));
    expect(await call('db:delete-view', { id: view.id })).toMatchObject({ id: view.id, nextPath: expect.stringMatching(/^\//) });
    expect(await call('db:update-subscription', { tier: 'free', status: 'active' })).toMatchObject({ tier: 'free' });
    expect(await call('db:get-subscription')).toMatchObject({ tier: 'free', status: 'active' });
    expect(await call('db:update-last-sync', { timestamp: 5 })).toEqual({ timestamp: 5 });
    expect(await call('db:get-last-sync')).toEqual({ timestamp: 5 });
    expect(await call('db:update-user-settings', { projectDirectories: ['/music'] })).toMatchObject({ projectDirectories: ['/music'] });
    expect(await call('db:get-user-settings')).toMatchObject({ projectDirectories: ['/music'] });
    expect(await call('db:update-storage-usage', { bytesToAdd: 10 })).toEqual({ bytes: 10 });
    expect(await call('db:get-storage-usage')).toEqual({ bytes: 10 });
    const record = await call('db:add-sync-record', { type: 'update', table: 'songs', recordId: 'r', data: { a: 1 } });
    const unsynced = (await call('db:get-unsynced-changes', {})) as unknown as { id: number }[];
    expect(unsynced.map((row) => row.id)).toContain(record.id);
    // Only the core's sync marks records synced, as it pushes them (bookkeeping-channels.test.ts).
    expect(await call('db:mark-synced', { ids: unsynced.map((row) => row.id) })).toEqual({ count: 0 });
    expect(await call('db:clean-deleted', { table: 'songs', cloudIds: [] })).toEqual({ deleted: [] });
  });

  describe('bounds every input before validating it', () => {
    const nested = (depth: number, leaf: unknown = 'deep') => {
      let value: unknown = leaf;
      for (let level = 0; level < depth; level += 1) value = [value];
      return value;
    };

    it.each([
      ['a custom value nested 1,000 arrays deep', 'db:add-song', { name: 'Deep', custom: { mood: nested(1000) } }, /nested too deeply/],
      ['an input nested 5,000 objects deep', 'db:update-song', { id: 'x', patch: JSON.parse(`${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`) }, /nested too deeply/],
      ['a list of a million values', 'songs:bulk-delete', { ids: Array.from({ length: 1_000_000 }, (_, i) => String(i)) }, /too large/],
    ])('%s gets a typed refusal, not a crash', async (_case, channel, input, message) => {
      const result = await core.router.dispatch(channel, input);
      expect(result).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
      expect(result.ok ? '' : result.error.message).toMatch(message);
    });

    it('a custom value 32 levels deep is data, one level more is refused, and reserved keys never pass', async () => {
      const field = await core.router.dispatch('fields:add', { name: 'Blob', type: 'text' });
      expect(field.ok).toBe(true);
      const tooDeep = await core.router.dispatch('db:add-sync-record', { type: 'update', table: 'songs', recordId: 'a', data: nested(40) });
      expect(tooDeep).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
      const deepEnough = await core.router.dispatch('db:add-sync-record', { type: 'update', table: 'songs', recordId: 'a', data: nested(20) });
      expect(deepEnough.ok).toBe(true);
      const reserved = await core.router.dispatch('db:add-sync-record', { type: 'update', table: 'songs', recordId: 'a', data: JSON.parse('{"ok":{"__proto__":{"admin":true}}}') });
      expect(reserved).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
      expect(({} as Record<string, unknown>).admin).toBeUndefined();
    });

    it('never rejects: a handler that throws something odd becomes an internal envelope', async () => {
      const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const original = core.db.sqlite.prepare.bind(core.db.sqlite);
      core.db.sqlite.prepare = (() => {
        throw new RangeError('Maximum call stack size exceeded');
      }) as typeof core.db.sqlite.prepare;
      try {
        await expect(core.router.dispatch('db:get-views', undefined)).resolves.toMatchObject({ ok: false, error: { code: 'internal' } });
      } finally {
        core.db.sqlite.prepare = original;
        spy.mockRestore();
      }
    });
  });
});

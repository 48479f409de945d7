// The table calls of spec section 7, through @supabase/supabase-js against the local cloud: each user reaches
// only their own songs, views, settings and subscription, and no client can make itself pro.
import { describe, expect, it } from 'vitest';
import { cloudClient, useTestCloud } from './test-support';

const env = useTestCloud(['ana@example.com', 'ben@example.com']);
const ana = () => env.users[0]!;
const ben = () => env.users[1]!;

describe('the app’s table calls', () => {
  it('songs and views: insert, select by user, update data by id and user, delete by data id', async () => {
    const { supabase, userId } = ana();
    const inserted = await supabase.from('songs').insert({ user_id: userId, data: { id: 'song-1', name: 'First light' }, created_at: new Date().toISOString() }).select().single();
    expect(inserted.error).toBeNull();
    expect(inserted.data).toMatchObject({ user_id: userId, data: { id: 'song-1', name: 'First light' } });

    const updated = await supabase.from('songs').update({ data: { id: 'song-1', name: 'First light (mix 2)' } }).eq('id', inserted.data!.id).eq('user_id', userId).select();
    expect(updated.data).toHaveLength(1);

    await supabase.from('views').insert([{ user_id: userId, data: { id: 'view-1', title: 'Mixing' } }, { user_id: userId, data: { id: 'view-2', title: 'Demos' } }]);
    const views = await supabase.from('views').select('*').eq('user_id', userId).order('created_at', { ascending: true });
    expect(views.data?.map((row) => (row.data as { title: string }).title)).toEqual(['Mixing', 'Demos']);

    const removed = await supabase.from('views').delete().eq('data->>id', 'view-2').select();
    expect(removed.data).toHaveLength(1);
    const songs = await supabase.from('songs').select('data').eq('user_id', userId);
    expect(songs.data).toEqual([{ data: { id: 'song-1', name: 'First light (mix 2)' } }]);
  });

  it('user_settings: select, then upsert on id', async () => {
    const { supabase, userId } = ana();
    const before = await supabase.from('user_settings').select('project_directories').maybeSingle();
    expect(before.data).toEqual({ project_directories: [] });
    const upsert = await supabase.from('user_settings').upsert({ id: userId, project_directories: ['/Users/ana/Music'] }, { onConflict: 'id' }).select('project_directories');
    expect(upsert.error).toBeNull();
    expect(upsert.data).toEqual([{ project_directories: ['/Users/ana/Music'] }]);
  });

  it('subscriptions: the active one, newest first, limit 1, is free for a new user; the user may cancel it', async () => {
    const { supabase, userId } = ben();
    const active = await supabase.from('subscriptions').select('*').eq('user_id', userId).eq('status', 'active').order('created_at', { ascending: false }).limit(1).maybeSingle();
    expect(active.data).toMatchObject({ tier: 'free', status: 'active', user_id: userId });
  });
});

describe('one user cannot reach another user’s data', () => {
  it.each(['songs', 'views', 'user_settings', 'subscriptions'])('%s: nothing to read', async (table) => {
    const { data, error } = await ben().supabase.from(table).select('*').eq(table === 'user_settings' ? 'id' : 'user_id', ana().userId);
    expect(error).toBeNull();
    expect(data).toEqual([]);
  });

  it.each(['songs', 'views'])('%s: updates and deletes touch nothing, inserts in her name are refused', async (table) => {
    const update = await ben().supabase.from(table).update({ data: { id: 'x', name: 'taken' } }).eq('user_id', ana().userId).select();
    expect(update.data).toEqual([]);
    const remove = await ben().supabase.from(table).delete().eq('user_id', ana().userId).select();
    expect(remove.data).toEqual([]);
    const insert = await ben().supabase.from(table).insert({ user_id: ana().userId, data: { id: 'planted' } });
    expect(insert.error?.code).toBe('42501');
    const hers = await ana().supabase.from(table).select('data').eq('user_id', ana().userId);
    expect(hers.data?.length).toBeGreaterThan(0);
    expect(hers.data?.some((row) => JSON.stringify(row.data).includes('taken') || JSON.stringify(row.data).includes('planted'))).toBe(false);
  });

  it('user_settings: an upsert on her id is refused, and her folders stay', async () => {
    const upsert = await ben().supabase.from('user_settings').upsert({ id: ana().userId, project_directories: ['/tmp/evil'] }, { onConflict: 'id' });
    expect(upsert.error?.code).toBe('42501');
    const remove = await ben().supabase.from('user_settings').delete().eq('id', ana().userId).select();
    expect(remove.data).toEqual([]);
    const hers = await ana().supabase.from('user_settings').select('project_directories').single();
    expect(hers.data).toEqual({ project_directories: ['/Users/ana/Music'] });
  });

  it('a visitor with only the public key sees nothing and writes nothing', async () => {
    const visitor = cloudClient(env.cloud);
    const read = await visitor.from('songs').select('*');
    expect(read.data ?? []).toEqual([]);
    const write = await visitor.from('songs').insert({ user_id: ana().userId, data: {} });
    expect(write.error).not.toBeNull();
  });
});

describe('no client can make itself pro', () => {
  it('not by inserting a pro subscription, not by changing its tier', async () => {
    const { supabase, userId } = ben();
    const insert = await supabase.from('subscriptions').insert({ user_id: userId, tier: 'pro', status: 'active' });
    expect(insert.error?.code).toBe('42501');
    const update = await supabase.from('subscriptions').update({ tier: 'pro' }).eq('user_id', userId);
    expect(update.error).not.toBeNull();
    const rows = await supabase.from('subscriptions').select('tier').eq('user_id', userId);
    expect(rows.data).toEqual([{ tier: 'free' }]);
  });

  it('not by calling the checkout confirmation: the table API exposes no functions (rls.test.ts: nor does the database)', async () => {
    const { error } = await ben().supabase.rpc('confirm_checkout', { target_user: ben().userId });
    expect(error?.code).toBe('PGRST205');
    const rows = await ben().supabase.from('subscriptions').select('tier').eq('user_id', ben().userId);
    expect(rows.data).toEqual([{ tier: 'free' }]);
  });
});

describe('bad requests get clear errors', () => {
  it('an unknown table, a column that is no identifier, a filter it cannot parse', async () => {
    const unknown = await ana().supabase.from('secrets').select('*');
    expect(unknown.error?.code).toBe('PGRST205');
    const injected = await ana().supabase.from('songs').select('data; drop table songs');
    expect(injected.error?.code).toBe('PGRST100');
    const filter = await ana().supabase.from('songs').select('*').filter('user_id', 'like', '%');
    expect(filter.error?.code).toBe('PGRST100');
    const stillThere = await ana().supabase.from('songs').select('data');
    expect(stillThere.data).toHaveLength(1);
  });
});

// The table calls of spec section 7, through @supabase/supabase-js against the local cloud: each user reaches
// only their own songs, views, settings and subscription, and no client can make itself pro.
import { beforeAll, describe, expect, it } from 'vitest';
import { cloudClient, upgradeToPro, useTestCloud } from './test-support';

const env = useTestCloud(['ana@example.com', 'ben@example.com', 'cy@example.com']);
// Ana and Cy are pro (only pro users write: plan.test.ts); Ben stays free.
const ana = () => env.users[0]!;
const ben = () => env.users[1]!;
const cy = () => env.users[2]!;
beforeAll(async () => {
  for (const user of [ana(), cy()]) await upgradeToPro(user.supabase);
});

describe('the app’s table calls', () => {
  it('songs, views and custom fields: insert, select by user, update data by id and user, delete by data id', async () => {
    const { supabase, userId } = ana();
    const inserted = await supabase.from('songs').insert({ user_id: userId, data: { id: 'song-1', name: 'First light' }, created_at: new Date().toISOString() }).select().single();
    expect(inserted.error).toBeNull();
    expect(inserted.data).toMatchObject({ user_id: userId, data: { id: 'song-1', name: 'First light' } });

    const updated = await supabase.from('songs').update({ data: { id: 'song-1', name: 'First light (mix 2)' } }).eq('id', inserted.data!.id).eq('user_id', userId).select();
    expect(updated.data).toHaveLength(1);

    await supabase.from('views').insert([{ user_id: userId, data: { id: 'view-1', title: 'Mixing' } }, { user_id: userId, data: { id: 'view-2', title: 'Demos' } }]);
    const views = await supabase.from('views').select('*').eq('user_id', userId).order('created_at', { ascending: true });
    expect(views.data?.map((row) => (row.data as { title: string }).title)).toEqual(['Mixing', 'Demos']);

    const field = await supabase.from('custom_fields').insert({ user_id: userId, data: { id: 'field-1', name: 'Mood', type: 'text' } }).select('data').single();
    expect(field.data).toEqual({ data: { id: 'field-1', name: 'Mood', type: 'text' } });

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
  it.each(['songs', 'views', 'custom_fields', 'user_settings', 'subscriptions'])('%s: nothing to read', async (table) => {
    const { data, error } = await ben().supabase.from(table).select('*').eq(table === 'user_settings' ? 'id' : 'user_id', ana().userId);
    expect(error).toBeNull();
    expect(data).toEqual([]);
  });

  it.each(['songs', 'views', 'custom_fields'])('%s: updates and deletes touch nothing, inserts in her name are refused', async (table) => {
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
    // Ana has a song (whichever tests ran before) that the visitor could read or add to.
    const { supabase, userId } = ana();
    const mine = await supabase.from('songs').insert({ user_id: userId, data: { id: 'visitor-proof', name: 'Hers' } }).select('id').single();
    expect(mine.error).toBeNull();
    const hersBefore = await supabase.from('songs').select('id, data').eq('user_id', userId).order('id');
    const visitor = cloudClient(env.cloud);
    const refused = { status: 403, error: { code: '42501', message: 'permission denied for table songs', details: null, hint: null } };
    const read = await visitor.from('songs').select('*');
    expect({ status: read.status, error: read.error, data: read.data }).toEqual({ ...refused, data: null });
    const write = await visitor.from('songs').insert({ user_id: userId, data: { id: 'planted' } });
    expect({ status: write.status, error: write.error }).toEqual(refused);
    expect(await supabase.from('songs').select('id, data').eq('user_id', userId).order('id')).toMatchObject({ error: null, data: hersBefore.data });
    await supabase.from('songs').delete().eq('id', mine.data!.id);
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

  it('not by calling the checkout confirmation: the API exposes it as a hosted project does, and the database refuses the caller', async () => {
    const { error } = await ben().supabase.rpc('confirm_checkout', { target_user: ben().userId });
    expect(error?.code).toBe('42501');
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

describe('what sync relies on', () => {
  const song = (id: string, name: string, modifiedAt: number) => ({ id, data: { id, name, modifiedAt }, origin: 'device-a' });

  it('last writer wins: an older copy pushed late leaves the newer one, and does not look changed', async () => {
    const { supabase } = ana();
    const id = '0190a3b4-0000-7000-8000-000000000001';
    await supabase.from('songs').upsert([song(id, 'Newer', 2000)], { onConflict: 'id' });
    const before = await supabase.from('songs').select('data, modified_at').eq('id', id).single();
    const late = await supabase.from('songs').upsert([song(id, 'Older', 1000)], { onConflict: 'id' });
    expect(late.error).toBeNull();
    const after = await supabase.from('songs').select('data, modified_at').eq('id', id).single();
    expect(after.data).toEqual(before.data);
    await supabase.from('songs').upsert([song(id, 'Newest', 3000)], { onConflict: 'id' });
    const newest = await supabase.from('songs').select('data').eq('id', id).single();
    expect(newest.data).toEqual({ data: { id, name: 'Newest', modifiedAt: 3000 } });
  });

  it('pages by (modified_at, id) with an or-filter, and a pull can skip its own device', async () => {
    const { supabase } = ana();
    const rows = Array.from({ length: 50 }, (_, i) => song(`0190a3b4-0000-7000-8000-1000000000${String(i).padStart(2, '0')}`, `Batch ${i}`, 5000));
    await supabase.from('songs').upsert(rows, { onConflict: 'id' });
    const ids = rows.map((row) => row.id);
    const seen: string[] = [];
    let after: { modified_at: string; id: string } | null = null;
    for (let page = 0; page < 20; page += 1) {
      let query = supabase.from('songs').select('id, modified_at').in('id', ids).order('modified_at').order('id').limit(7);
      if (after) query = query.or(`modified_at.gt."${after.modified_at}",and(modified_at.eq."${after.modified_at}",id.gt.${after.id})`);
      const { data, error } = await query;
      expect(error).toBeNull();
      if (!data || data.length === 0) break;
      seen.push(...data.map((row) => row.id as string));
      after = data.at(-1) as { modified_at: string; id: string };
    }
    expect(seen.sort()).toEqual([...ids].sort());
    const others = await supabase.from('songs').select('id').neq('origin', 'device-a').in('id', ids);
    expect(others.data).toEqual([]);
    const broken = await supabase.from('songs').select('id').or('modified_at,and(id)');
    expect(broken.error?.code).toBe('PGRST100');
  });

  it('sync_ids answers every id the caller holds, and only theirs', async () => {
    const mine = await ana().supabase.rpc('sync_ids');
    expect(mine.error).toBeNull();
    const all = await ana().supabase.from('songs').select('id');
    expect((mine.data as { songs: string[] }).songs.sort()).toEqual(all.data!.map((row) => row.id).sort());
    const his = await ben().supabase.rpc('sync_ids');
    expect(his.data).toEqual({ songs: [], views: [], custom_fields: [] });
  });

  it('a select answers at most 1000 rows, whatever its limit asks', async () => {
    const { supabase } = cy();
    const rows = Array.from({ length: 1005 }, (_, i) => ({ data: { id: `bulk-${i}`, modifiedAt: i } }));
    expect((await supabase.from('songs').insert(rows)).error).toBeNull();
    const page = await supabase.from('songs').select('id').limit(5000);
    expect(page.data).toHaveLength(1000);
    const rest = await supabase.from('songs').select('id').range(1000, 1999);
    expect(rest.data).toHaveLength(5);
    await supabase.from('songs').delete().eq('user_id', cy().userId);
  });
});

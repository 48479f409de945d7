// The server-side plan through @supabase/supabase-js, as a client that skips the app and calls the API itself:
// a free user writes no rows and stores no files, a pro user at the 1 GiB cap stores no more, a file over 50 MB is
// refused, and a token the project did not sign (forged, `alg: none`, expired) gets 401 and writes nothing.
import { createClient } from '@supabase/supabase-js';
import ws from 'ws';
import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES, PRO_STORAGE_CAP_BYTES } from '../../common/constants';
import { signJwt, type TokenClaims } from './jwt';
import { TEST_JWT_SECRET, upgradeToPro, useTestCloud } from './test-support';

const env = useTestCloud(['fay@example.com', 'pia@example.com', 'vic@example.com']);
const fay = () => env.users[0]!;
const pia = () => env.users[1]!;
const vic = () => env.users[2]!;

const song = (id: string) => ({ id, data: { id, name: 'Night Drive', modifiedAt: Date.now() }, origin: 'direct' });

async function storeAsServer(name: string, size: number): Promise<void> {
  await env.cloud.db.asOwner((tx) => tx.query(`insert into storage.objects (bucket_id, name, metadata) values ('audio-files', $1, $2)`, [name, { size }]));
}

describe('a free user calling the API directly', () => {
  it('server-side plan over HTTP: a free user cannot write songs, views, custom fields or settings (403), and still reads and deletes', async () => {
    const { supabase, userId } = fay();
    await env.cloud.db.asOwner((tx) => tx.query(`insert into public.songs (user_id, data) values ($1, '{"id":"from-when-pro","modifiedAt":1}')`, [userId]));
    for (const [index, table] of ['songs', 'views', 'custom_fields'].entries()) {
      const insert = await supabase.from(table).insert(song(`0190a3b4-0000-7000-8000-0000000000f${index}`));
      expect(insert.status, table).toBe(403);
      const upsert = await supabase.from(table).upsert([song('0190a3b4-0000-7000-8000-0000000000fa')], { onConflict: 'id' });
      expect(upsert.status, table).toBe(403);
    }
    const update = await supabase.from('songs').update({ data: { id: 'from-when-pro', name: 'changed', modifiedAt: 2 } }).eq('user_id', userId);
    expect(update.status).toBe(403);
    const settings = await supabase.from('user_settings').upsert({ id: userId, project_directories: ['/Music'] }, { onConflict: 'id' });
    expect(settings.status).toBe(403);

    const read = await supabase.from('songs').select('data');
    expect(read.data).toEqual([{ data: { id: 'from-when-pro', modifiedAt: 1 } }]);
    const removed = await supabase.from('songs').delete().eq('user_id', userId).select('id');
    expect(removed.data).toHaveLength(1);
  });

  it('server-side plan over HTTP: a free user cannot upload to either bucket, and still reads and removes their files', async () => {
    const { supabase, userId } = fay();
    for (const bucket of ['audio-files', 'session-files']) {
      const upload = await supabase.storage.from(bucket).upload(`${userId}/take.mp3`, Buffer.from('take'), { upsert: true });
      expect(upload.error?.message, bucket).toMatch(/row-level security/);
    }
    await storeAsServer(`${userId}/paid-for.mp3`, 4);
    expect((await supabase.storage.from('audio-files').list(userId)).data?.map((file) => file.name)).toEqual(['paid-for.mp3']);
    expect((await supabase.storage.from('audio-files').remove([`${userId}/paid-for.mp3`])).data).toHaveLength(1);
  });
});

describe('a pro user at the limits', () => {
  it('server-side plan over HTTP: a pro user at the 1 GiB cap cannot upload more; a smaller replacement and an upload after a removal work', async () => {
    const { supabase, userId } = pia();
    await upgradeToPro(supabase);
    const files = supabase.storage.from('audio-files');
    for (let index = 0, left = PRO_STORAGE_CAP_BYTES - 8; left > 0; index += 1, left -= MAX_UPLOAD_BYTES) await storeAsServer(`${userId}/filler-${index}.mp3`, Math.min(left, MAX_UPLOAD_BYTES));

    expect((await files.upload(`${userId}/last.mp3`, Buffer.from('8 bytes!'))).error).toBeNull();
    const over = await files.upload(`${userId}/one-more.mp3`, Buffer.from('x'));
    expect(over.error?.message).toMatch(/past 1 GiB/);
    expect((await files.upload(`${userId}/last.mp3`, Buffer.from('4 by'), { upsert: true })).error).toBeNull();
    expect((await files.upload(`${userId}/last.mp3`, Buffer.from('nine byte'), { upsert: true })).error?.message).toMatch(/past 1 GiB/);

    expect((await files.remove([`${userId}/filler-0.mp3`])).error).toBeNull();
    expect((await files.upload(`${userId}/one-more.mp3`, Buffer.from('x'))).error).toBeNull();
  });

  it('server-side plan over HTTP: a file over 50 MB is refused with 413, and nothing is stored', async () => {
    const { supabase, userId } = vic();
    await upgradeToPro(supabase);
    const upload = await supabase.storage.from('audio-files').upload(`${userId}/huge.wav`, Buffer.alloc(MAX_UPLOAD_BYTES + 1), { upsert: true });
    expect(upload.error).toMatchObject({ status: 413 });
    expect((await supabase.storage.from('audio-files').list(userId)).data).toEqual([]);
  });
});

describe('a token the project did not sign', () => {
  const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const claims = (): TokenClaims => ({ sub: vic().userId, role: 'authenticated', aud: 'authenticated', exp: Math.floor(Date.now() / 1000) + 3600 });
  const tokens: [string, () => string][] = [
    ['forged with another secret', () => signJwt(claims(), 'not-the-project-secret-but-32-characters-long')],
    ['a forged service role', () => signJwt({ role: 'service_role' }, 'not-the-project-secret-but-32-characters-long')],
    ['alg: none', () => `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(claims())}.`],
    ['alg: none with the signature kept from a real token', () => `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(claims())}.${signJwt(claims(), TEST_JWT_SECRET).split('.')[2]}`],
    ['expired', () => signJwt({ ...claims(), exp: Math.floor(Date.now() / 1000) - 60 }, TEST_JWT_SECRET)],
  ];

  it.each(tokens)('server-side plan: a token %s gets 401 from the table and storage APIs, and writes nothing', async (_name, token) => {
    const client = createClient(env.cloud.url, env.cloud.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      global: { headers: { Authorization: `Bearer ${token()}` } },
      realtime: { transport: ws as never },
    });
    const insert = await client.from('songs').insert(song('0190a3b4-0000-7000-8000-0000000000aa'));
    expect(insert.status).toBe(401);
    const read = await client.from('songs').select('id');
    expect(read.status).toBe(401);
    const upload = await client.storage.from('audio-files').upload(`${vic().userId}/planted.mp3`, Buffer.from('planted'));
    expect(upload.error).toMatchObject({ status: 401 });

    const written = await env.cloud.db.asOwner((tx) =>
      tx.query<{ n: number }>(`select (select count(*) from public.songs where user_id = $1) + (select count(*) from storage.objects where name like $2) as n`, [vic().userId, `${vic().userId}/planted%`]),
    );
    expect(Number(written.rows[0]!.n)).toBe(0);
  });
});

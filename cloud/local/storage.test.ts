// Storage calls of spec section 7 through @supabase/supabase-js against the local cloud: upload to
// {userId}/{name} with upsert, list (by folder, and flat for the songs' folders), signed URLs, public URLs, remove;
// another user reaches none of it.
import { beforeAll, describe, expect, it } from 'vitest';
import { accessToken, cloudClient, upgradeToPro, useTestCloud } from './test-support';

const take = Buffer.from('ID3 fake mp3 bytes: take one');

const env = useTestCloud(['ana@example.com', 'ben@example.com']);
const ana = () => env.users[0]!;
const ben = () => env.users[1]!;
// Only pro users store files (plan.test.ts): both are, so what keeps Ben out of Ana's files is ownership.
beforeAll(async () => {
  for (const user of env.users) await upgradeToPro(user.supabase);
});

describe('a user’s own files', () => {
  it('uploads with upsert, replaces, lists, downloads and signs a URL that works for an hour', async () => {
    const files = ana().supabase.storage.from('audio-files');
    const path = `${ana().userId}/Night_Drive.mp3`;
    const first = await files.upload(path, take, { contentType: 'audio/mpeg', upsert: true });
    expect(first.error).toBeNull();
    expect(first.data?.fullPath).toBe(`audio-files/${path}`);

    const again = await files.upload(path, Buffer.from('mix two'), { contentType: 'audio/mpeg', upsert: false });
    expect(again.error?.message).toBe('The resource already exists');
    const replaced = await files.upload(path, Buffer.from('mix two'), { contentType: 'audio/mpeg', upsert: true });
    expect(replaced.error).toBeNull();

    const listed = await files.list(ana().userId, { limit: 1000 });
    expect(listed.data?.map((entry) => entry.name)).toEqual(['Night_Drive.mp3']);
    const root = await files.list('', { limit: 1000 });
    expect(root.data).toEqual([expect.objectContaining({ name: ana().userId, id: null })]);

    const downloaded = await files.download(path);
    expect(Buffer.from(await downloaded.data!.arrayBuffer()).toString()).toBe('mix two');

    const signed = await files.createSignedUrl(path, 3600);
    expect(signed.error).toBeNull();
    const fetched = await fetch(signed.data!.signedUrl);
    expect(fetched.status).toBe(200);
    expect(fetched.headers.get('content-type')).toBe('audio/mpeg');
    expect(Buffer.from(await fetched.arrayBuffer()).toString()).toBe('mix two');
  });

  it('builds the spec’s public URL path; the private buckets do not serve it', async () => {
    const { data } = ana().supabase.storage.from('audio-files').getPublicUrl(`${ana().userId}/Night_Drive.mp3`);
    expect(new URL(data.publicUrl).pathname).toBe(`/storage/v1/object/public/audio-files/${ana().userId}/Night_Drive.mp3`);
    expect((await fetch(data.publicUrl)).status).toBe(400);
  });

  it('uploads a Blob (sent as a form) to the session bucket and removes it', async () => {
    const sessions = ana().supabase.storage.from('session-files');
    const path = `${ana().userId}/Night Drive.zip`;
    const upload = await sessions.upload(path, new Blob([Buffer.from('PK zip')], { type: 'application/zip' }), { upsert: true });
    expect(upload.error).toBeNull();
    const removed = await sessions.remove([path]);
    expect(removed.data?.map((entry) => entry.name)).toEqual([path]);
    expect((await sessions.list(ana().userId)).data).toEqual([]);
  });
});

describe('a flat listing (list-v2) of nested folders', () => {
  it('lists every object under a prefix by its full name, folders and all, a page at a time from a cursor; another user sees none', async () => {
    const files = ana().supabase.storage.from('audio-files');
    const names = ['song-a/mix.wav', 'song-b/mix.wav', 'song-c/take 1.wav', 'loose.wav'].map((name) => `${ana().userId}/${name}`);
    for (const name of names) expect((await files.upload(name, take, { contentType: 'audio/wav', upsert: true })).error).toBeNull();
    try {
      const seen: [string, unknown][] = [];
      let cursor: string | undefined;
      let pages = 0;
      do {
        const { data, error } = await files.listV2({ prefix: `${ana().userId}/`, limit: 2, ...(cursor ? { cursor } : {}) });
        expect(error).toBeNull();
        expect(data!.folders).toEqual([]);
        seen.push(...data!.objects.map((object): [string, unknown] => [object.name, object.metadata?.size]));
        cursor = data!.hasNext ? data!.nextCursor : undefined;
        pages += 1;
      } while (cursor);
      // Night_Drive.mp3 ('mix two') from the first test is there too.
      const expected: [string, unknown][] = [...names.map((name): [string, unknown] => [name, take.length]), [`${ana().userId}/Night_Drive.mp3`, 7]];
      expect(seen).toEqual(expected.sort(([a], [b]) => (a < b ? -1 : 1)));
      expect(pages).toBe(3);
      expect((await ben().supabase.storage.from('audio-files').listV2({ prefix: `${ana().userId}/` })).data?.objects).toEqual([]);
      expect((await files.listV2({ prefix: `${ana().userId}/`, with_delimiter: true })).error).not.toBeNull();
    } finally {
      await files.remove(names);
    }
  });
});

describe('another user’s files are out of reach', () => {
  const path = () => `${ana().userId}/Night_Drive.mp3`;

  it('cannot list, download, sign, replace or remove them', async () => {
    const files = ben().supabase.storage.from('audio-files');
    expect((await files.list(ana().userId)).data).toEqual([]);
    expect((await files.download(path())).error).not.toBeNull();
    expect((await files.createSignedUrl(path(), 3600)).error?.message).toBe('Object not found');
    const overwrite = await files.upload(path(), Buffer.from('stolen'), { upsert: true });
    expect(overwrite.error?.message).toMatch(/row-level security/);
    expect((await files.remove([path()])).data).toEqual([]);
    const still = await ana().supabase.storage.from('audio-files').download(path());
    expect(Buffer.from(await still.data!.arrayBuffer()).toString()).toBe('mix two');
  });

  it('cannot write into her folder or outside any folder', async () => {
    const files = ben().supabase.storage.from('audio-files');
    expect((await files.upload(`${ana().userId}/planted.mp3`, take)).error?.message).toMatch(/row-level security/);
    expect((await files.upload('loose.mp3', take)).error?.message).toMatch(/row-level security/);
    const planted = await env.cloud.db.asOwner((tx) => tx.query(`select name from storage.objects where bucket_id = 'audio-files' and name in ($1, 'loose.mp3')`, [`${ana().userId}/planted.mp3`]));
    expect(planted.rows).toEqual([]);
  });

  it('a signed URL names one object: its token does not open another', async () => {
    // Her object exists (whichever tests ran before), so only the token's check stands between Ben and its bytes.
    const hers = `${ana().userId}/Signed_Elsewhere.mp3`;
    expect((await ana().supabase.storage.from('audio-files').upload(hers, Buffer.from('hers alone'), { upsert: true })).error).toBeNull();
    await ben().supabase.storage.from('audio-files').upload(`${ben().userId}/mine.mp3`, take, { upsert: true });
    const signed = await ben().supabase.storage.from('audio-files').createSignedUrl(`${ben().userId}/mine.mp3`, 60);
    const token = new URL(signed.data!.signedUrl).searchParams.get('token')!;
    const forged = await fetch(`${env.cloud.url}/storage/v1/object/sign/audio-files/${hers}?token=${token}`);
    expect({ status: forged.status, body: await forged.text() }).toEqual({
      status: 400,
      body: JSON.stringify({ statusCode: '400', error: 'InvalidSignature', message: 'The signature is invalid or has expired' }),
    });
    const still = await ana().supabase.storage.from('audio-files').download(hers);
    expect(Buffer.from(await still.data!.arrayBuffer()).toString()).toBe('hers alone');
    await ana().supabase.storage.from('audio-files').remove([hers]);
  });

  it('a signed URL’s token is no API key: rest, storage and auth refuse it', async () => {
    const signed = await ana().supabase.storage.from('audio-files').createSignedUrl(path(), 60);
    const token = new URL(signed.data!.signedUrl).searchParams.get('token')!;
    const calls: [string, string, string?][] = [
      ['GET', '/rest/v1/songs'],
      ['POST', '/storage/v1/object/list/audio-files', JSON.stringify({ prefix: ana().userId })],
      ['GET', `/storage/v1/object/audio-files/${path()}`],
      ['DELETE', '/storage/v1/object/audio-files', JSON.stringify({ prefixes: [path()] })],
      ['POST', '/auth/v1/signup', JSON.stringify({ email: 'token@example.com', password: 'long enough' })],
    ];
    for (const [method, route, body] of calls) {
      const answer = await fetch(`${env.cloud.url}${route}`, { method, headers: { apikey: token, authorization: `Bearer ${token}`, 'content-type': 'application/json' }, ...(body ? { body } : {}) });
      expect(answer.status, `${method} ${route}`).toBe(401);
    }
    // It still opens its one object, served so that a browser never runs it as a page of the cloud's origin.
    const file = await fetch(signed.data!.signedUrl);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-security-policy')).toBe('sandbox');
  });

  it('a visitor with the public key alone gets nothing', async () => {
    const visitor = cloudClient(env.cloud).storage.from('audio-files');
    expect((await visitor.list(ana().userId)).data ?? []).toEqual([]);
    expect((await visitor.upload(`${ana().userId}/x.mp3`, take)).error).not.toBeNull();
  });

  it('refuses names that climb out of a folder, by their code, and writes nothing', async () => {
    const climbed = `${ben().userId}/x.mp3`;
    const objects = async () => (await env.cloud.db.asOwner((tx) => tx.query<{ name: string }>(`select name from storage.objects order by name`))).rows.map((row) => row.name);
    const before = await objects();
    // supabase-js puts the name in the URL, whose parser folds the `..` away: the cloud is asked for Ben's folder.
    const folded = await ana().supabase.storage.from('audio-files').upload(`${ana().userId}/../${climbed}`, take);
    expect(folded.error).toMatchObject({ status: 403, statusCode: '42501', message: expect.stringMatching(/row-level security/) });
    // Sent with its slashes encoded, the `..` reaches the cloud, which refuses the name before any policy is asked.
    const token = await accessToken(ana().supabase);
    for (const name of [`${ana().userId}%2F..%2F${ben().userId}%2Fx.mp3`, `${ana().userId}/..%2F${climbed}`]) {
      const answer = await fetch(`${env.cloud.url}/storage/v1/object/audio-files/${name}`, {
        method: 'POST',
        headers: { apikey: env.cloud.anonKey, authorization: `Bearer ${token}`, 'content-type': 'audio/mpeg' },
        body: take,
      });
      expect({ status: answer.status, body: await answer.json() }, name).toEqual({
        status: 400,
        body: { statusCode: '400', error: 'InvalidKey', message: `Invalid key: ${ana().userId}/../${climbed}` },
      });
    }
    expect(await objects()).toEqual(before);
    expect(before).not.toContain(climbed);
  });
});

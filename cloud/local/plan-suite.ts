// The plan, enforced by the database (cloud/migrations/0005_plan.sql; DESIGN.md "Trust rules"): only an active pro
// user writes rows and files, a file is at most 50 MB, a user's files at most 1 GiB, a row's data at most
// CLOUD_DATA_MAX_BYTES; a user who stopped paying still reads and deletes. Each request as PostgREST runs it
// (role `authenticated` with the user's claims). Run on PGlite (rls.test.ts) and on PostgreSQL (postgres.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { songToCloud } from '../../common/cloud/cloud-records';
import { cloudDataBytes } from '../../common/cloud/cloud-data-size';
import { CLOUD_DATA_MAX_BYTES, MAX_UPLOAD_BYTES, PRO_STORAGE_CAP_BYTES } from '../../common/constants';
import type { Song } from '../../common/songs/song';
import type { CloudDatabase, JwtClaims, Queryable } from './database';

const WRITTEN_TABLES = ['songs', 'views', 'custom_fields'] as const;

export function describeServerPlan(open: () => Promise<CloudDatabase>): void {
  let cloud: CloudDatabase;
  let users = 0;

  async function createUser(tier: 'free' | 'pro'): Promise<JwtClaims> {
    users += 1;
    const email = `plan-${tier}-${users}@example.com`;
    const { rows } = await cloud.asOwner((tx) => tx.query<{ id: string }>('insert into auth.users (email) values ($1) returning id', [email]));
    const sub = rows[0]!.id;
    if (tier === 'pro') await cloud.asService((tx) => tx.query('select public.confirm_checkout($1)', [sub]));
    return { sub, role: 'authenticated', email };
  }

  /** A stored object as the storage service writes it: its size in `metadata`, as on a hosted project. */
  const putObject = (tx: Queryable, name: string, size: number, bucket = 'audio-files') =>
    tx.query(
      `insert into storage.objects (bucket_id, name, metadata) values ($1, $2, $3)
       on conflict (bucket_id, name) do update set metadata = excluded.metadata`,
      [bucket, name, { size, mimetype: 'audio/mpeg' }],
    );
  /** Fills a user's folder with files up to `total` bytes, none over 50 MB, written by the server itself. */
  async function fillStorage(user: JwtClaims, total: number): Promise<void> {
    await cloud.asOwner(async (tx) => {
      for (let index = 0, left = total; left > 0; index += 1, left -= MAX_UPLOAD_BYTES) await putObject(tx, `${user.sub}/filler-${index}.mp3`, Math.min(left, MAX_UPLOAD_BYTES));
    });
  }
  const count = async (tx: Queryable, sql: string, params: unknown[] = []) => (await tx.query(sql, params)).affectedRows ?? 0;

  beforeAll(async () => {
    cloud = await open();
  }, 120_000);
  afterAll(async () => {
    await cloud?.close();
  });

  describe('the cloud owns time', () => {
    const year2100 = Date.UTC(2100, 0, 1);
    const huge = Number.MAX_SAFE_INTEGER;
    const dated = (id: string, at: number, notes: string) => ({ id, name: 'Night Drive', notes, modifiedAt: at, editedAt: { notes: at, name: huge, status: 5 } });

    it.each(WRITTEN_TABLES)('clamps the client times of a %s row (2100, 2^53) to its own clock, so a later edit still wins', async (table) => {
      const pro = await createUser('pro');
      const before = Date.now();
      await cloud.asUser(pro, (tx) => tx.query(`insert into public.${table} (data) values ($1)`, [dated('frozen', year2100, 'from 2100')]));
      const stored = await cloud.asUser(pro, (tx) => tx.query<{ data: { modifiedAt: number; editedAt: Record<string, number> } }>(`select data from public.${table}`));
      const { modifiedAt, editedAt } = stored.rows[0]!.data;
      expect(modifiedAt).toBeGreaterThanOrEqual(before);
      expect(modifiedAt).toBeLessThan(before + 10 * 60_000);
      expect(editedAt.notes).toBe(modifiedAt);
      expect(editedAt.name).toBeLessThan(before + 10 * 60_000);
      expect(editedAt.status).toBe(5);

      // A device's edit made after it, by a clock a few seconds ahead, wins at once.
      const honest = { id: 'frozen', name: 'Night Drive', notes: 'edited today', modifiedAt: Date.now() + 5000, editedAt: { notes: Date.now() + 5000 } };
      await cloud.asUser(pro, (tx) => tx.query(`update public.${table} set data = $1`, [honest]));
      const after = await cloud.asUser(pro, (tx) => tx.query<{ notes: string }>(`select data ->> 'notes' as notes from public.${table}`));
      expect(after.rows).toEqual([{ notes: 'edited today' }]);
    });

    it('a row stored dated 2100 before the clamp existed no longer beats a newer edit', async () => {
      const pro = await createUser('pro');
      await cloud.asOwner((tx) => tx.query(`alter table public.songs disable trigger songs_clamp_times`));
      try {
        await cloud.asOwner((tx) => tx.query(`insert into public.songs (user_id, data) values ($1, $2)`, [pro.sub, dated('old-frozen', year2100, 'from 2100')]));
      } finally {
        await cloud.asOwner((tx) => tx.query(`alter table public.songs enable trigger songs_clamp_times`));
      }
      await cloud.asUser(pro, (tx) => tx.query(`update public.songs set data = $1`, [{ id: 'old-frozen', notes: 'edited today', modifiedAt: Date.now() + 5000 }]));
      const after = await cloud.asUser(pro, (tx) => tx.query<{ notes: string }>(`select data ->> 'notes' as notes from public.songs`));
      expect(after.rows).toEqual([{ notes: 'edited today' }]);
    });

    it('clamps the settings time', async () => {
      const pro = await createUser('pro');
      await cloud.asUser(pro, (tx) => tx.query('update public.user_settings set changed_at = $1', [year2100]));
      const stored = await cloud.asUser(pro, (tx) => tx.query<{ changed_at: string }>('select changed_at from public.user_settings'));
      expect(Number(stored.rows[0]!.changed_at)).toBeLessThan(Date.now() + 10 * 60_000);
    });
  });

  describe('the server-side plan: rows', () => {
    it.each(WRITTEN_TABLES)('server-side plan: a free user cannot insert or update %s, but reads and deletes their own rows', async (table) => {
      const free = await createUser('free');
      await cloud.asOwner((tx) => tx.query(`insert into public.${table} (user_id, data) values ($1, '{"id":"kept","modifiedAt":1}')`, [free.sub]));
      await expect(cloud.asUser(free, (tx) => tx.query(`insert into public.${table} (data) values ('{"id":"new"}')`))).rejects.toThrow(/row-level security/);
      await expect(cloud.asUser(free, (tx) => tx.query(`update public.${table} set data = '{"id":"kept","modifiedAt":2}'`))).rejects.toThrow(/row-level security/);
      await cloud.asUser(free, async (tx) => {
        expect((await tx.query(`select data ->> 'id' as id from public.${table}`)).rows).toEqual([{ id: 'kept' }]);
        expect(await count(tx, `delete from public.${table}`)).toBe(1);
      });
    });

    it('server-side plan: a free user cannot change their settings, and still reads them', async () => {
      const free = await createUser('free');
      await expect(cloud.asUser(free, (tx) => tx.query(`update public.user_settings set project_directories = '["/Music"]'`))).rejects.toThrow(/row-level security/);
      const settings = await cloud.asUser(free, (tx) => tx.query('select project_directories from public.user_settings'));
      expect(settings.rows).toEqual([{ project_directories: [] }]);
    });

    it('server-side plan: a pro user writes; after cancelling, reads and deletes but writes no more', async () => {
      const pro = await createUser('pro');
      await cloud.asUser(pro, async (tx) => {
        await tx.query(`insert into public.songs (data) values ('{"id":"while-pro","modifiedAt":1}')`);
        await tx.query(`update public.user_settings set project_directories = '["/Music"]'`);
        await tx.query(`update public.subscriptions set status = 'cancelled' where status = 'active'`);
      });
      await expect(cloud.asUser(pro, (tx) => tx.query(`insert into public.songs (data) values ('{"id":"after"}')`))).rejects.toThrow(/row-level security/);
      await expect(cloud.asUser(pro, (tx) => tx.query(`update public.user_settings set project_directories = '[]'`))).rejects.toThrow(/row-level security/);
      await cloud.asUser(pro, async (tx) => {
        expect((await tx.query(`select data ->> 'id' as id from public.songs`)).rows).toEqual([{ id: 'while-pro' }]);
        expect(await count(tx, 'delete from public.songs')).toBe(1);
      });
    });

    it.each(WRITTEN_TABLES)('server-side plan: %s.data is at most CLOUD_DATA_MAX_BYTES, as the database prints it', async (table) => {
      const pro = await createUser('pro');
      const padded = (bytes: number) => {
        const data = { id: 'big', pad: '' };
        data.pad = 'a'.repeat(bytes - cloudDataBytes(data));
        return data;
      };
      await cloud.asUser(pro, (tx) => tx.query(`insert into public.${table} (data) values ($1)`, [padded(CLOUD_DATA_MAX_BYTES)]));
      const stored = await cloud.asUser(pro, (tx) => tx.query<{ bytes: number }>(`select octet_length(data::text) as bytes from public.${table}`));
      expect(stored.rows).toEqual([{ bytes: CLOUD_DATA_MAX_BYTES }]);
      await expect(cloud.asUser(pro, (tx) => tx.query(`insert into public.${table} (data) values ($1)`, [padded(CLOUD_DATA_MAX_BYTES + 1)]))).rejects.toThrow(/data_size/);
      await expect(cloud.asUser(pro, (tx) => tx.query(`update public.${table} set data = $1`, [{ ...padded(CLOUD_DATA_MAX_BYTES + 1), modifiedAt: 1 }]))).rejects.toThrow(/data_size/);
    });

    it('server-side plan: settings and a row’s origin are bounded too', async () => {
      const pro = await createUser('pro');
      const folders = Array.from({ length: CLOUD_DATA_MAX_BYTES / 1000 }, (_, index) => `/Music/${String(index).padStart(990, '0')}`);
      await expect(cloud.asUser(pro, (tx) => tx.query('update public.user_settings set project_directories = $1', [JSON.stringify(folders)]))).rejects.toThrow(/project_directories_size/);
      await expect(cloud.asUser(pro, (tx) => tx.query(`insert into public.songs (data, origin) values ('{"id":"o"}', $1)`, ['x'.repeat(101)]))).rejects.toThrow(/origin_size/);
    });

    it('the largest song a user can type fits, in any script; a song with a huge sample list is shortened to fit', async () => {
      const pro = await createUser('pro');
      const path = (name: string) => `/${'音'.repeat(4094 - name.length)}/${name}`;
      const largest: Song = {
        id: '0190a3b4-0000-7000-8000-0000000000aa',
        name: '曲'.repeat(500),
        file: { value: path('a.wav'), localPath: path('b.wav'), fileName: '名'.repeat(500), modifiedTime: 1 },
        priority: 'Medium',
        tier: 'C',
        status: 'Backlog',
        tags: Array.from({ length: 200 }, (_, index) => `${index}`.padEnd(100, '标')),
        notes: '音'.repeat(100_000),
        focus: 1,
        nextStep: '音'.repeat(200),
        tempo: '1'.repeat(20),
        key: 'k'.repeat(40),
        timeSignature: 't'.repeat(20),
        recordingSession: { value: path('c.als'), fileName: '名'.repeat(500), sessionModifiedTime: 1, isPackage: false },
        projectPath: path('d'),
        source: 'directory',
        hidden: false,
        needsUploadRetry: false,
        isBeingProcessedByHandleNewProject: false,
        custom: {},
        meta: { daw: 'ableton', samples: [], tracks: [], missingSamples: [] },
        editedAt: { name: 1, notes: 1, tags: 1, tempo: 1, key: 1, timeSignature: 1, priority: 1, tier: 1, status: 1, file: 1, recordingSession: 1 },
        createdAt: 1,
        modifiedAt: 1,
        supabaseId: null,
      };
      const data = songToCloud(largest);
      expect(cloudDataBytes(data)).toBeLessThanOrEqual(CLOUD_DATA_MAX_BYTES);
      await cloud.asUser(pro, (tx) => tx.query('insert into public.songs (data) values ($1)', [data]));

      const samples = Array.from({ length: 20_000 }, (_, index) => `/Volumes/Samples/Orchestra/Strings/Violins ${index}.wav`);
      const sampled = songToCloud({ ...largest, id: '0190a3b4-0000-7000-8000-0000000000ab', notes: '', meta: { daw: 'ableton', samples, missingSamples: samples.slice(0, 10) } });
      expect(cloudDataBytes(sampled)).toBeLessThanOrEqual(CLOUD_DATA_MAX_BYTES);
      expect((sampled.meta as { missingSamples: string[] }).missingSamples).toHaveLength(10);
      await cloud.asUser(pro, (tx) => tx.query('insert into public.songs (data) values ($1)', [sampled]));
    });

    it.each([
      ['an object with nested lists', { a: [1, 2, { b: null }], c: true, d: false, e: {} }],
      ['escapes and every UTF-8 width', { text: 'quote " backslash \\ tab \t newline \n bell \u0007 é 音 🎸' }],
      ['numbers printed in full', { big: 1e21, bigger: 1.25e30, small: 1.5e-7, tiny: 5e-324, negative: -2.5e-9, plain: 119.999992, integer: -42 }],
      ['empty things', { list: [], object: {}, text: '' }],
    ])('cloudDataBytes counts %s as the database prints it', async (_name, value) => {
      const printed = await cloud.asOwner((tx) => tx.query<{ bytes: number }>('select octet_length($1::jsonb::text) as bytes', [JSON.stringify(value)]));
      expect(cloudDataBytes(value)).toBe(printed.rows[0]!.bytes);
    });
  });

  describe('the server-side plan: files', () => {
    it('server-side plan: a free user stores no file, in either bucket, but reads and removes their own', async () => {
      const free = await createUser('free');
      for (const bucket of ['audio-files', 'session-files']) {
        await expect(cloud.asUser(free, (tx) => putObject(tx, `${free.sub}/take.mp3`, 10, bucket))).rejects.toThrow(/row-level security/);
      }
      await cloud.asOwner((tx) => putObject(tx, `${free.sub}/paid-for.mp3`, 10));
      await cloud.asUser(free, async (tx) => {
        expect((await tx.query('select name from storage.objects')).rows).toEqual([{ name: `${free.sub}/paid-for.mp3` }]);
        expect(await count(tx, 'delete from storage.objects')).toBe(1);
      });
    });

    it('server-side plan: a file is at most 50 MB, whoever writes it, and the buckets say so', async () => {
      const pro = await createUser('pro');
      await cloud.asUser(pro, (tx) => putObject(tx, `${pro.sub}/exactly.mp3`, MAX_UPLOAD_BYTES));
      await expect(cloud.asUser(pro, (tx) => putObject(tx, `${pro.sub}/over.mp3`, MAX_UPLOAD_BYTES + 1))).rejects.toThrow(/at most 50 MB/);
      // On a hosted project the storage service writes the size itself, as the database owner: the rule holds for it too.
      await expect(cloud.asOwner((tx) => putObject(tx, `${pro.sub}/over.mp3`, MAX_UPLOAD_BYTES + 1))).rejects.toThrow(/at most 50 MB/);
      const buckets = await cloud.asOwner((tx) => tx.query('select id, file_size_limit from storage.buckets order by id'));
      expect(buckets.rows).toEqual([
        { id: 'audio-files', file_size_limit: MAX_UPLOAD_BYTES },
        { id: 'session-files', file_size_limit: MAX_UPLOAD_BYTES },
      ]);
    });

    it("server-side plan: the files in a user's song folders ({userId}/{songId}/…) count toward their 1 GiB, a replaced one once", async () => {
      const pro = await createUser('pro');
      await fillStorage(pro, PRO_STORAGE_CAP_BYTES - 10);
      await cloud.asUser(pro, (tx) => putObject(tx, `${pro.sub}/song-a/mix.mp3`, 10));
      await cloud.asUser(pro, (tx) => putObject(tx, `${pro.sub}/song-a/mix.mp3`, 10));
      await expect(cloud.asUser(pro, (tx) => putObject(tx, `${pro.sub}/song-b/mix.mp3`, 1))).rejects.toThrow(/past 1 GiB/);
    });

    it('server-side plan: a pro user at the cap: their files total at most 1 GiB after the write, in both buckets', async () => {
      const pro = await createUser('pro');
      await fillStorage(pro, PRO_STORAGE_CAP_BYTES - 10);
      await cloud.asUser(pro, (tx) => putObject(tx, `${pro.sub}/last.mp3`, 10));
      await expect(cloud.asUser(pro, (tx) => putObject(tx, `${pro.sub}/one-more.mp3`, 1))).rejects.toThrow(/past 1 GiB/);
      await expect(cloud.asUser(pro, (tx) => putObject(tx, `${pro.sub}/one-more.ptx`, 1, 'session-files'))).rejects.toThrow(/past 1 GiB/);
      // A replacement counts instead of the file it replaces: smaller fits, larger does not.
      await cloud.asUser(pro, (tx) => putObject(tx, `${pro.sub}/last.mp3`, 4));
      await expect(cloud.asUser(pro, (tx) => putObject(tx, `${pro.sub}/last.mp3`, 11))).rejects.toThrow(/past 1 GiB/);
      await expect(cloud.asOwner((tx) => putObject(tx, `${pro.sub}/by-the-server.mp3`, 7))).rejects.toThrow(/past 1 GiB/);
      // Removing a file makes room.
      await cloud.asUser(pro, (tx) => tx.query('delete from storage.objects where name = $1', [`${pro.sub}/filler-0.mp3`]));
      await cloud.asUser(pro, (tx) => putObject(tx, `${pro.sub}/one-more.mp3`, MAX_UPLOAD_BYTES));
      // Another user's files are not counted against this one.
      const other = await createUser('pro');
      await cloud.asUser(other, (tx) => putObject(tx, `${other.sub}/first.mp3`, MAX_UPLOAD_BYTES));
    });

    it('server-side plan: two uploads at once cannot both pass the cap', async () => {
      const pro = await createUser('pro');
      await fillStorage(pro, PRO_STORAGE_CAP_BYTES - MAX_UPLOAD_BYTES);
      let firstWrote: () => void = () => undefined;
      const wrote = new Promise<void>((resolve) => (firstWrote = resolve));
      const first = cloud.asUser(pro, async (tx) => {
        await putObject(tx, `${pro.sub}/first.mp3`, 30_000_000);
        firstWrote();
        // Held open while the second upload runs: it must wait for this one and then count it.
        await new Promise((resolve) => setTimeout(resolve, 300));
      });
      await wrote;
      const second = cloud.asUser(pro, (tx) => putObject(tx, `${pro.sub}/second.mp3`, 30_000_000));
      const outcomes = await Promise.allSettled([first, second]);
      expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected']);
      const total = await cloud.asOwner((tx) =>
        tx.query<{ bytes: number }>(`select sum((metadata ->> 'size')::bigint) as bytes from storage.objects where starts_with(name, $1)`, [`${pro.sub}/`]),
      );
      expect(Number(total.rows[0]!.bytes)).toBeLessThanOrEqual(PRO_STORAGE_CAP_BYTES);
    });
  });
}

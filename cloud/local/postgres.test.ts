// The local cloud on a PostgreSQL server (DATABASE_URL), on a fresh database of a throwaway server
// (postgres-server.ts): the same row level security as on PGlite, the migrations applied once, and the HTTP API
// through supabase-js.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCloudDatabase } from './database';
import { describeFreeUserRpcs } from './free-user-rpc-suite';
import { describeGrants } from './grants-suite';
import { describeServerPlan } from './plan-suite';
import { describeShareLimits } from './share-limits-suite';
import { describeShares } from './share-suite';
import { describeRowLevelSecurity } from './rls-suite';
import { startLocalCloud, type LocalCloud } from './server';
import { postgresAvailable, startTestPostgres, type TestPostgres } from './postgres-server';
import { signedInClient, TEST_JWT_SECRET, upgradeToPro } from './test-support';

const CLOUD_FOLDER = path.resolve(import.meta.dirname, '..');

// Where PostgreSQL is neither installed nor named, vitest reports these tests as skipped, by name.
describe.skipIf(!postgresAvailable())('the local cloud on PostgreSQL', () => {
  let server: TestPostgres;
  const made: string[] = [];
  beforeAll(async () => {
    server = await startTestPostgres();
  }, 60_000);
  /** A new, empty database on the server, dropped after the file's tests. */
  async function freshDatabase(): Promise<string> {
    const name = `songshelf_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: server.url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    made.push(name);
    const url = new URL(server.url);
    url.pathname = `/${name}`;
    return url.toString();
  }
  afterAll(async () => {
    if (!server) return;
    const admin = new pg.Client({ connectionString: server.url });
    await admin.connect();
    for (const name of made) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    server.stop();
    // A database a suite made is dropped here, one after another, and the server stopped: longer than a hook's default.
  }, 60_000);

  describe('the API roles’ privileges on PostgreSQL', () => {
    describeGrants(async () => openCloudDatabase({ cloudFolder: CLOUD_FOLDER, databaseUrl: await freshDatabase() }));
  });

  describe('every exposed RPC on PostgreSQL', () => {
    describeFreeUserRpcs(async () => startLocalCloud({ cloudFolder: CLOUD_FOLDER, jwtSecret: TEST_JWT_SECRET, databaseUrl: await freshDatabase() }));
  });

  describe('row level security on PostgreSQL', () => {
    describeRowLevelSecurity(async () => openCloudDatabase({ cloudFolder: CLOUD_FOLDER, databaseUrl: await freshDatabase() }));
  });

  describe('the server-side plan on PostgreSQL', () => {
    describeServerPlan(async () => openCloudDatabase({ cloudFolder: CLOUD_FOLDER, databaseUrl: await freshDatabase() }));
  });

  describe('listening links on PostgreSQL', () => {
    describeShares(async () => openCloudDatabase({ cloudFolder: CLOUD_FOLDER, databaseUrl: await freshDatabase() }));
  });

  describe('listening links that hold on PostgreSQL', () => {
    describeShareLimits(async () => openCloudDatabase({ cloudFolder: CLOUD_FOLDER, databaseUrl: await freshDatabase() }));
  });

  describe('the local cloud over HTTP on PostgreSQL', () => {
    let cloud: LocalCloud;
    let databaseUrl: string;
    beforeAll(async () => {
      databaseUrl = await freshDatabase();
      cloud = await startLocalCloud({ cloudFolder: CLOUD_FOLDER, jwtSecret: TEST_JWT_SECRET, databaseUrl });
    }, 60_000);
    afterAll(async () => {
      await cloud?.close();
    });

    it('signs users up and keeps their songs apart', async () => {
      const ana = await signedInClient(cloud, 'ana@example.com');
      await upgradeToPro(ana.supabase);
      const ben = await signedInClient(cloud, 'ben@example.com');
      expect((await ana.supabase.from('songs').insert({ data: { id: 'song-1', name: 'Night Drive' } })).error).toBeNull();
      expect((await ana.supabase.from('songs').select('data')).data).toEqual([{ data: { id: 'song-1', name: 'Night Drive' } }]);
      expect((await ben.supabase.from('songs').select('data')).data).toEqual([]);
      const { data: subscription } = await ben.supabase.from('subscriptions').select('tier, status');
      expect(subscription).toEqual([{ tier: 'free', status: 'active' }]);
      expect((await ben.supabase.from('subscriptions').update({ tier: 'pro' }).eq('user_id', ben.userId)).error).not.toBeNull();
    });

    it('applies each migration once: a second start on the same database changes nothing', async () => {
      const again = await openCloudDatabase({ cloudFolder: CLOUD_FOLDER, databaseUrl });
      const { rows } = await again.asOwner((tx) => tx.query<{ count: number }>('select count(*) as count from public.songshelf_migrations'));
      expect(rows[0]?.count).toBeGreaterThan(0);
      const songs = await again.asOwner((tx) => tx.query('select id from public.songs'));
      expect(songs.rows).toHaveLength(1);
      await again.close();
    });
  });
});

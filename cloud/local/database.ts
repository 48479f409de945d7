/**
 * The local cloud's Postgres: PGlite (file-backed in the data folder, or in memory), or a PostgreSQL server when
 * `DATABASE_URL` names one (cloud/local/postgres.ts), with the Supabase platform
 * pieces (`platform.sql`) and then every `cloud/migrations/*.sql` applied once, in name order, each in its own
 * transaction. Requests run as the `authenticated` role with the caller's JWT claims set, exactly as PostgREST
 * runs them on a hosted project, so the RLS policies of the migrations decide what a user may touch.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { openPostgres } from './postgres';

/** The claims a request carries (a Supabase access token's payload). */
export interface JwtClaims {
  sub: string;
  role: 'authenticated';
  email?: string;
  [claim: string]: unknown;
}

/** What a query answers: its rows, and how many rows it changed. */
export interface QueryResult<T> {
  rows: T[];
  affectedRows?: number;
}

/** What a request's work may do: parameterised queries. */
export interface Queryable {
  query<T>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
}

/** A database the migrations can be applied to and transactions run on: PGlite or a PostgreSQL server. */
export interface SqlEngine {
  exec(sql: string): Promise<void>;
  query<T>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
  transaction<T>(work: (tx: Queryable & { exec(sql: string): Promise<void> }) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface CloudDatabase {
  /** One transaction as the signed-in user: `authenticated` with their claims; RLS applies. */
  asUser<T>(claims: JwtClaims, work: (tx: Queryable) => Promise<T>): Promise<T>;
  /** One transaction as the service role (the server's own key): RLS is bypassed, grants still apply. */
  asService<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /** One transaction as whoever a request's token names: `anon`, `authenticated` or `service_role`. */
  asClaims<T>(claims: { role: string; [claim: string]: unknown }, work: (tx: Queryable) => Promise<T>): Promise<T>;
  /** The database owner, for the auth and storage internals the server itself keeps. */
  asOwner<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface CloudDatabaseOptions {
  /** A folder for the database files; in memory when absent (tests). */
  dataDir?: string;
  /** A PostgreSQL server instead of PGlite (`DATABASE_URL`); `dataDir` is then unused. */
  databaseUrl?: string;
  /** The project's `cloud/` folder: `local/platform.sql` and `migrations/` are read from it. */
  cloudFolder: string;
}

export async function openCloudDatabase(options: CloudDatabaseOptions): Promise<CloudDatabase> {
  const pg = options.databaseUrl ? await openPostgres(options.databaseUrl) : await openPglite(options.dataDir);
  try {
    await applyMigrations(pg, options.cloudFolder);
  } catch (error) {
    await pg.close();
    throw error;
  }

  const as = <T>(role: 'anon' | 'authenticated' | 'service_role' | null, claims: Record<string, unknown>, work: (tx: Queryable) => Promise<T>) =>
    pg.transaction(async (tx) => {
      if (role) {
        await tx.query(`select set_config('request.jwt.claims', $1, true), set_config('role', $2, true)`, [JSON.stringify(claims), role]);
      }
      return work(tx);
    });

  return {
    asUser: (claims, work) => as('authenticated', claims, work),
    asService: (work) => as('service_role', { role: 'service_role' }, work),
    asClaims: (claims, work) => {
      if (claims.role !== 'anon' && claims.role !== 'authenticated' && claims.role !== 'service_role') throw new Error(`Unknown role ${claims.role}`);
      return as(claims.role, claims, work);
    },
    asOwner: (work) => as(null, {}, work),
    close: () => pg.close(),
  };
}

async function openPglite(dataDir: string | undefined): Promise<SqlEngine> {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  // pgcrypto, as a hosted project has it in `extensions` (link passwords: cloud/migrations/0009_hosted_grants.sql).
  const pg = await PGlite.create(dataDir, { extensions: { pgcrypto } });
  return {
    exec: async (sql) => void (await pg.exec(sql)),
    query: (sql, params) => pg.query(sql, params),
    transaction: (work) => pg.transaction((tx: Transaction) => work({ query: (sql, params) => tx.query(sql, params), exec: async (sql) => void (await tx.exec(sql)) })),
    close: () => pg.close(),
  };
}

/** Platform first (idempotent), then each migration not yet applied; a changed applied migration is refused. */
async function applyMigrations(pg: SqlEngine, cloudFolder: string): Promise<void> {
  await pg.exec(fs.readFileSync(path.join(cloudFolder, 'local', 'platform.sql'), 'utf8'));
  const folder = path.join(cloudFolder, 'migrations');
  await pg.exec(`create table if not exists public.songshelf_migrations (name text primary key, hash text not null, applied_at timestamptz not null default now());
    revoke all on public.songshelf_migrations from anon, authenticated;`);
  const applied = new Map(
    (await pg.query<{ name: string; hash: string }>('select name, hash from public.songshelf_migrations')).rows.map((row) => [row.name, row.hash]),
  );
  const files = fs.readdirSync(folder).filter((name) => name.endsWith('.sql')).sort();
  for (const name of files) {
    const sql = fs.readFileSync(path.join(folder, name), 'utf8');
    const hash = createHash('sha256').update(sql).digest('hex');
    const known = applied.get(name);
    if (known === hash) continue;
    if (known !== undefined) throw new Error(`The cloud migration ${name} changed after it was applied; add a new migration instead.`);
    await pg.transaction(async (tx) => {
      await tx.exec(sql);
      await tx.query('insert into public.songshelf_migrations (name, hash) values ($1, $2)', [name, hash]);
    });
  }
}

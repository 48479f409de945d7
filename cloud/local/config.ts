/**
 * Which cloud the app talks to. `SUPABASE_URL` (with `SUPABASE_ANON_KEY`) names a hosted project; without it,
 * the local cloud runs on the data folder (`<data>/cloud`), its JWT secret made once and kept there, on
 * `SONGSHELF_CLOUD_PORT` (default 54321, Supabase's own local port), with its database in PGlite there or on the
 * PostgreSQL server `DATABASE_URL` names.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { apiKeys } from './api-keys';

const DEFAULT_CLOUD_PORT = 54_321;
const JWT_SECRET_FILE = 'jwt-secret';

export type CloudConfig =
  | { kind: 'hosted'; url: string; anonKey: string }
  | { kind: 'local'; dataDir: string; jwtSecret: string; port: number; databaseUrl?: string };

export function resolveCloudConfig(env: NodeJS.ProcessEnv, appDataDir: string): CloudConfig {
  if (env.SUPABASE_URL) {
    if (!env.SUPABASE_ANON_KEY) throw new Error('SUPABASE_URL is set but SUPABASE_ANON_KEY is not: both name the hosted project.');
    return { kind: 'hosted', url: env.SUPABASE_URL, anonKey: env.SUPABASE_ANON_KEY };
  }
  const port = env.SONGSHELF_CLOUD_PORT ? Number(env.SONGSHELF_CLOUD_PORT) : DEFAULT_CLOUD_PORT;
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new Error(`SONGSHELF_CLOUD_PORT must be a port number, not ${JSON.stringify(env.SONGSHELF_CLOUD_PORT)}.`);
  const dataDir = path.join(appDataDir, 'cloud');
  // PostgreSQL instead of PGlite when the developer names a server.
  return { kind: 'local', dataDir, jwtSecret: jwtSecretIn(dataDir), port, ...(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : {}) };
}

/**
 * The service key of the local cloud kept in the app's data folder `appDataDir` (its secret read, never made), for
 * tools on this computer that read its mail: the end-to-end helpers. Whoever reads the data folder holds the
 * project anyway.
 */
export function localServiceKey(appDataDir: string): string {
  return apiKeys(fs.readFileSync(path.join(appDataDir, 'cloud', JWT_SECRET_FILE), 'utf8').trim()).serviceKey;
}

/** The local project's secret: made on first start, then the same, so issued sessions survive a restart. */
function jwtSecretIn(dataDir: string): string {
  const file = path.join(dataDir, JWT_SECRET_FILE);
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    const secret = randomBytes(32).toString('base64url');
    fs.writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
    return fs.readFileSync(file, 'utf8').trim();
  }
}

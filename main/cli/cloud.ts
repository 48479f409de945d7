/**
 * `npm run cloud`: the local cloud on its own, on the app's data folder (or `SONGSHELF_DATA_DIR`), for working on
 * the website or pointing a second app at it. Prints its address, its public key, and the service key that reads
 * `/mail` from a script (it bypasses every policy: keep it out of pages). It lives in main/, not cloud/local/, because
 * the app's data folder is main's to know (`paths.ts`) and cloud/ imports nothing of main/.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { resolveCloudConfig } from '../../cloud/local/config';
import { startLocalCloud } from '../../cloud/local/server';
import { appRootFrom, defaultDataDir } from '../paths';

const config = resolveCloudConfig({ ...process.env, SUPABASE_URL: '' }, defaultDataDir(process.env));
if (config.kind !== 'local') throw new Error('unreachable');
const cloud = await startLocalCloud({
  cloudFolder: path.join(appRootFrom(path.dirname(fileURLToPath(import.meta.url))), 'cloud'),
  dataDir: config.dataDir,
  jwtSecret: config.jwtSecret,
  port: config.port,
  ...(config.databaseUrl ? { databaseUrl: config.databaseUrl } : {}),
});
console.log('The Songshelf local cloud is running.');
console.log(`  url:       ${cloud.url}`);
console.log(`  anon key:  ${cloud.anonKey}`);
console.log(`  service key (scripts only, never a page): ${cloud.serviceKey}`);
console.log(`  mail:      ${cloud.url}/mail in your browser, or with the service key as apikey (and ${path.join(config.dataDir, 'mail.log')})`);
console.log(`  data:      ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : config.dataDir}`);
const stop = () => void cloud.close().then(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);

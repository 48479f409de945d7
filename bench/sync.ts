/**
 * `npm run bench:sync -- --songs 10000 --json`: a pro user on the local cloud (in-process, PGlite), two data
 * folders. Device A has N songs queued for sync (the upgrade's "queue everything"), and syncs: push_s and
 * requests are that run's (the tier read, the batched upserts, the pulls, the id list). Device B, fresh, then
 * syncs and receives them all: pull_s. Prints one JSON line: { songs, push_s, pull_s, requests }.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SyncReport } from '../common/cloud/sync';
import { accessToken, signedInClient, upgradeToPro } from '../cloud/local/cloud-users';
import { startLocalCloud } from '../cloud/local/server';
import { appRootFrom } from '../main/paths';
import { createBenchCore } from './bench-core';
import { writeSongs } from '../fixtures/generators/songs';
import { argValue, round, seconds } from './measure';

const argv = process.argv.slice(2);
const count = Number(argValue(argv, '--songs', '10000'));
const json = argv.includes('--json');

const appRoot = appRootFrom(path.dirname(fileURLToPath(import.meta.url)));
process.stderr.write('starting the local cloud…\n');
const cloud = await startLocalCloud({ cloudFolder: path.join(appRoot, 'cloud'), jwtSecret: 'bench-secret-at-least-32-characters-long', siteUrl: 'http://127.0.0.1:9' });
const user = await signedInClient(cloud, 'bench@example.com');
await upgradeToPro(user.supabase);
const session = { userId: user.userId, accessToken: await accessToken(user.supabase) };
const endpoint = { url: cloud.url, anonKey: cloud.anonKey, local: true };

const a = createBenchCore({ watch: false, cloud: () => ({ endpoint, starting: false }) });
const b = createBenchCore({ watch: false, cloud: () => ({ endpoint, starting: false }) });
for (const core of [a, b]) await core.router.dispatch('sync:session', { session });

process.stderr.write(`writing ${count} songs on device A…\n`);
writeSongs(a.db, count);
await a.router.dispatch('sync:queue-all', undefined);

const push = await seconds(() => run(a));
if (push.value.pushed < count) throw new Error(`pushed ${push.value.pushed} of ${count} songs`);
const pull = await seconds(() => run(b));
if (pull.value.pulled < count) throw new Error(`pulled ${pull.value.pulled} of ${count} songs`);

await Promise.all([a.close(), b.close()]);
await cloud.close();

const result = { songs: count, push_s: round(push.s), pull_s: round(pull.s), requests: push.value.requests };
if (json) console.log(JSON.stringify(result));
else console.log(`${count} songs: push ${result.push_s} s in ${result.requests} requests, pull on a second device ${result.pull_s} s in ${pull.value.requests} requests`);
process.stderr.write(`device B's pull took ${pull.value.requests} requests\n`);

async function run(core: typeof a): Promise<SyncReport> {
  const result = await core.router.dispatch('sync:run', undefined);
  if (!result.ok) throw new Error(result.error.message);
  return result.data as SyncReport;
}

/**
 * `npm run bench:crash -- --kills 20 --json`: the crash campaign (fixtures/crash-campaign.ts) against the built browser
 * host: killed with SIGKILL at random moments while it scans, saves edits and syncs, started again each time. Prints
 * one JSON line: { kills, edits_acknowledged, edits_lost, duplicate_songs, songs, expected_songs, jobs_left, integrity }.
 * Goal (issue 16): edits_lost 0, duplicate_songs 0, songs = expected_songs, jobs_left 0, integrity "ok".
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { appRootFrom } from '../main/paths';
import { runCrashCampaign } from '../fixtures/crash-campaign';
import { argValue } from './measure';

const argv = process.argv.slice(2);
const bundleDir = path.dirname(fileURLToPath(import.meta.url));
const report = await runCrashCampaign({
  kills: Number(argValue(argv, '--kills', '20')),
  projects: Number(argValue(argv, '--projects', '400')),
  seed: Number(argValue(argv, '--seed', '1')),
  hostEntry: path.join(bundleDir, '..', 'node', 'host-main.mjs'),
  appRoot: appRootFrom(bundleDir),
  log: (line) => process.stderr.write(`${line}\n`),
});
console.log(argv.includes('--json') ? JSON.stringify(report) : report);

// The crash campaign (fixtures/crash-campaign.ts) in the tests, at 5 kills on a small library: the real host, killed
// with SIGKILL while it scans, saves edits and syncs, then started again, loses no acknowledged edit, makes no
// duplicate song, leaves no job behind and keeps its database whole. `npm run bench:crash` runs it at 20.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCrashCampaign } from '../../fixtures/crash-campaign';

const APP_ROOT = path.resolve(import.meta.dirname, '..', '..');

describe('the host killed at random moments', () => {
  it('five SIGKILLs during scan, edits and sync lose nothing, duplicate nothing and leave a whole database', async () => {
    const report = await runCrashCampaign({ kills: 5, projects: 60, seed: 7, hostEntry: path.join(APP_ROOT, 'dist', 'test', 'host-main.mjs'), appRoot: APP_ROOT });
    expect(report.kills).toBe(5);
    expect(report.edits_acknowledged).toBeGreaterThan(0);
    expect(report).toMatchObject({ edits_lost: 0, duplicate_songs: 0, jobs_left: 0, integrity: 'ok' });
    expect(report.songs).toBe(report.expected_songs);
  }, 300_000);
});

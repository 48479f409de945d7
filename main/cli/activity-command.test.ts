// `npm run cli -- activity <folder> --json` (issue 32), run as a user runs it: the built CLI in its own process, on
// generated Live projects whose save times are known (the backups' names carry them; the set's file time is set).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { songActivity } from '../../common/studio/studio-time';
import { tempDir } from '../../db/test-support';
import { writeAbletonHistory } from '../../fixtures/generators/project-versions';
import type { ActivityReport } from './activity-command';

const CLI = path.resolve(import.meta.dirname, '..', '..', 'dist', 'test', 'cli.mjs');
const at = (day: number, hour: number, minute = 0) => new Date(2026, 4, day, hour, minute).getTime();
const iso = (time: number) => new Date(time).toISOString();
const state = (time: number) => ({ tempo: 120, tracks: ['Drums'], samples: [], time });

describe('cli activity', () => {
  it('prints each song’s work sessions from its saves: across midnight one session, a long pause two, two projects in one evening each their own', () => {
    const folder = tempDir();
    const night = [at(10, 22, 30), at(10, 23, 40), at(11, 0, 50), at(12, 19), at(12, 19, 45)];
    const other = [at(10, 22, 45), at(10, 23, 30)];
    writeAbletonHistory(folder, 'Night Drive', night.map(state));
    writeAbletonHistory(folder, 'Other Tune', other.map(state));

    const result = spawnSync(process.execPath, [CLI, 'activity', folder, '--json'], { encoding: 'utf8' });
    expect(result.status, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout.trim().split('\n').at(-1) ?? '{}') as ActivityReport;

    expect(report.errors).toEqual([]);
    const byName = Object.fromEntries(report.songs.map((song) => [song.name, song]));
    expect(byName['Night Drive']).toMatchObject({
      projectPath: path.join(folder, 'Night Drive Project'),
      sessions: [
        { start: iso(at(10, 22, 30)), end: iso(at(11, 0, 50)) },
        { start: iso(at(12, 19)), end: iso(at(12, 19, 45)) },
      ],
      hours: 3.08,
      lastWorked: iso(at(12, 19, 45)),
      streakDays: 3,
    });
    expect(byName['Other Tune']?.sessions).toEqual([{ start: iso(at(10, 22, 45)), end: iso(at(10, 23, 30)) }]);
    // The app's rule and the CLI's are one.
    expect(byName['Night Drive']?.hours).toBe(songActivity(night).hours);
  });
});

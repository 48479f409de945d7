/**
 * `activity <folder>` (issue 32): the folder scanned as `scan` does, then each song's work sessions as the app keeps
 * them (`meta.activity`, from the saves its project's versions list when the scan reads it: the DAW's backups, Save
 * As copies, the project itself, Songshelf's snapshots; their names and file times). The CLI and the app read one
 * record, so they cannot disagree.
 */
import { activityOf } from '../../common/studio/studio-time';
import type { Core } from '../core';
import { scanFolder } from './scan-command';

export interface ActivityReport {
  songs: {
    name: string;
    projectPath: string | null;
    /** ISO 8601, UTC. */
    sessions: { start: string; end: string }[];
    hours: number;
    lastWorked: string | null;
    streakDays: number;
  }[];
  errors: { path: string; reason: string }[];
}

export async function runActivityCommand(core: Core, folder: string): Promise<ActivityReport> {
  const scan = await scanFolder(core, folder);
  const songs: ActivityReport['songs'] = scan.songs.map((song) => {
    const activity = activityOf(song.meta);
    return {
      name: song.name,
      projectPath: song.projectPath,
      sessions: (activity?.sessions ?? []).map(([start, end]) => ({ start: iso(start), end: iso(end) })),
      hours: activity?.hours ?? 0,
      lastWorked: activity?.lastWorked == null ? null : iso(activity.lastWorked),
      streakDays: activity?.streakDays ?? 0,
    };
  });
  songs.sort((a, b) => (a.projectPath ?? '').localeCompare(b.projectPath ?? ''));
  return { songs, errors: scan.errors };
}

function iso(time: number): string {
  return new Date(time).toISOString();
}

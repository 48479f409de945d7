/**
 * `activity <folder>` (issue 32): the folder scanned as `scan` does, then each song's work sessions from the saves its
 * project keeps (the DAW's backups, Save As copies, the project itself: their names and file times, no file read).
 */
import { songActivity } from '../../common/studio-time';
import type { Core } from '../core';
import { findVersionFiles } from '../versions/version-files';
import { runScanCommand } from './scan-command';

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
  const scan = await runScanCommand(core, folder);
  const songs: ActivityReport['songs'] = [];
  for (const song of scan.songs) {
    const saves = song.sessionFile && song.daw ? await findVersionFiles(song.sessionFile, song.daw) : [];
    const activity = songActivity(saves.map((save) => save.time));
    songs.push({
      name: song.name,
      projectPath: song.projectPath,
      sessions: activity.sessions.map((session) => ({ start: iso(session.start), end: iso(session.end) })),
      hours: activity.hours,
      lastWorked: activity.lastWorked === null ? null : iso(activity.lastWorked),
      streakDays: activity.streakDays,
    });
  }
  return { songs, errors: scan.errors };
}

function iso(time: number): string {
  return new Date(time).toISOString();
}

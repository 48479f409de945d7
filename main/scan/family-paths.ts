/**
 * Which family of a project folder keeps the folder's path, and so the song already there (its id, every field the
 * user set, its snapshots, its links): the regroup of a folder that was one song before families, and what keeps
 * every later scan answering the same.
 *
 * - The song at the folder keeps the family of its recording session, the one its fields were set for: the scan's
 *   choice (the newest set when it last looked) or the user's own choice of session, edited.
 * - Without one (a new folder, or that session is gone), the first family that is not already a song of its own
 *   (the main one first): a set renamed in a folder of several stays the folder's song, and a family that was given
 *   its own path keeps it when the folder's other sets go.
 * - Every other family goes by its own path (`<folder>/<family name><extension>`, see `project-structure.ts`).
 *
 * Grouping alone cannot say this: "the newest set" changes with every save, and the folder's song must not.
 */
import path from 'node:path';
import type { RecordingSession } from '../../common/songs/song';
import type { ProjectGroup } from './project-structure';

/** The little a song already found needs to be here: where it is and the session it records. */
export interface PlacedSong {
  recordingSession: RecordingSession | null;
}

/** `groups` with each shared folder's path given to the family that keeps the song already there. */
export function settleFamilyPaths(groups: readonly ProjectGroup[], existing: ReadonlyMap<string, PlacedSong>): ProjectGroup[] {
  const byFolder = new Map<string, ProjectGroup[]>();
  for (const group of groups) {
    if (group.family) byFolder.set(group.family.folder, [...(byFolder.get(group.family.folder) ?? []), group]);
  }
  const settled = new Map<ProjectGroup, string>();
  for (const [folder, families] of byFolder) {
    const keeper = keeperOf(folder, families, existing);
    for (const group of families) settled.set(group, group === keeper ? folder : (group.family?.ownPath ?? group.projectPath));
  }
  return groups.map((group) => {
    const projectPath = settled.get(group);
    return projectPath === undefined || projectPath === group.projectPath ? group : { ...group, projectPath };
  });
}

function keeperOf(folder: string, families: ProjectGroup[], existing: ReadonlyMap<string, PlacedSong>): ProjectGroup | null {
  const session = existing.get(folder)?.recordingSession ?? null;
  if (session) {
    const recorded = families.find((group) => group.sessions.some((entry) => entry.path === session.value)) ??
      // A session value that is no path here (a song pulled from another computer): the same file name in this folder.
      families.find((group) => group.sessions.some((entry) => path.basename(entry.path) === session.fileName && path.dirname(entry.path) === folder));
    if (recorded) return recorded;
  }
  return families.find((group) => !existing.has(group.family?.ownPath ?? '')) ?? null;
}

/**
 * A song's timeline for its panel (issue 19): the versions of its project and its bounce placed among them by time,
 * with "older than the last save" when the project was saved after the audio was written (the bounce may be stale).
 * Both paths come from the song, which may have come from the cloud: only paths inside the library's folders are
 * looked at (`resolveLibraryPath`), so a hostile row cannot make the core list or read folders elsewhere.
 */
import fs from 'node:fs/promises';
import { extensionOf, PACKAGE_EXTENSIONS, SESSION_EXTENSIONS } from '../../common/projects/file-kinds';
import { MESSAGES } from '../../common/messages';
import type { SongTimeline } from '../../common/projects/project-versions';
import type { Song } from '../../common/songs/song';
import type { Db } from '../../db/handle';
import type { WorkerPool } from '../jobs/pool';
import { resolveLibraryPath } from '../security/library-roots';
import { readProjectVersions } from './project-versions';

export async function songTimeline(db: Db, dataDir: string, pool: WorkerPool, song: Song): Promise<SongTimeline> {
  const timeline: SongTimeline = { project: null, versions: [], errors: [], bounce: null };
  const session = song.recordingSession?.value ?? null;
  const daw = session ? (SESSION_EXTENSIONS[extensionOf(session)] ?? PACKAGE_EXTENSIONS[extensionOf(session)]) : undefined;
  if (session && daw) {
    const project = await resolveLibraryPath(session, db, dataDir).catch(() => null);
    if (project) {
      const read = await readProjectVersions(pool, project, daw, { snapshotsOf: { dataDir, songId: song.id } });
      Object.assign(timeline, { project, versions: read.versions, errors: read.errors });
    } else {
      timeline.errors.push({ path: session, reason: MESSAGES.projectNotInLibrary });
    }
  }
  const audio = song.file?.localPath ?? null;
  const bounce = audio ? await resolveLibraryPath(audio, db, dataDir).catch(() => null) : null;
  const written = bounce ? await fs.stat(bounce).catch(() => null) : null;
  if (bounce && written) {
    const lastSave = Math.max(...timeline.versions.filter((version) => version.source === 'save').map((version) => version.time), Number.NEGATIVE_INFINITY);
    timeline.bounce = { path: bounce, time: Math.round(written.mtimeMs), olderThanLastSave: written.mtimeMs < lastSave };
  }
  return timeline;
}

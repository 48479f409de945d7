/**
 * Phase two of a scan: read the project and audio files of new or changed songs (in workers) and fill their
 * values. A file that cannot be read is recorded on its song with the reason; the job goes on with the rest.
 *
 * A job's reads are written together, in one transaction when the job ends (or stops): one commit for 20 songs
 * instead of 20, and only the columns a read changes (never the name, so no full-text reindex). The core's thread
 * then spends its time handing the pool its next read rather than writing, and the UI still hears of every 20.
 */
import { inArray, sql } from 'drizzle-orm';
import { capProjectMeta } from '../../common/projects/project-meta';
import { asJson } from '../../common/bridge/schema-parts';
import { storedActivity } from '../../common/studio/studio-time';
import type { Song } from '../../common/songs/song';
import { inTransaction, type Db } from '../../db/handle';
import { setContentHashes } from '../../db/repositories/files-index';
import { getStudioSettings } from '../../db/repositories/studio-settings';
import { mergeProjectMeta } from '../../db/repositories/scanned-songs';
import { writeSongChanges } from '../../db/repositories/song-writer';
import { getSongs } from '../../db/repositories/songs';
import { songs } from '../../db/schema';
import type { WorkerPool } from '../jobs/pool';
import type { JobContext } from '../jobs/runner';
import { contentHash } from '../analysis/content-hash';
import { summariseVersions } from '../versions/project-versions';
import type { SnapshotKeeper } from '../versions/snapshot-keeper';
import type { ProjectReadRequest, ReadRequest } from './plan-scan';

export interface ReadDeps {
  db: Db;
  pool: WorkerPool;
  /** The app's data folder, where the projects' snapshots are read from (`snapshots.ts`). Default: none read. */
  dataDir?: string;
  /** Takes the snapshots of sessions saved again, within the budget and the free-space floor. Default: none taken. */
  snapshots?: SnapshotKeeper;
}

export interface ReadSummary {
  read: number;
  unreadable: { path: string; reason: string }[];
}

/** A read's change to its song, applied when the job's reads are written, to the song as it is then. */
interface SongUpdate {
  songId: string;
  change: (song: Song, now: number) => Song | null;
}

export async function runProjectReads(deps: ReadDeps, payload: { reads: ProjectReadRequest[] }, ctx: JobContext): Promise<ReadSummary> {
  const summary: ReadSummary = { read: 0, unreadable: [] };
  const updates: SongUpdate[] = [];
  const hashes: { path: string; contentHash: string | null }[] = [];
  // Asked before any of this job's reads is written: a project read before was saved again (issue 19).
  const readBefore = deps.snapshots ? projectsReadBefore(deps.db, payload.reads) : new Set<string>();
  const gapMs = getStudioSettings(deps.db).sessionGapMinutes * 60_000;
  try {
    for (const [position, request] of payload.reads.entries()) {
      ctx.signal.throwIfAborted();
      const read = await deps.pool.run({ kind: 'read-project', path: request.path, daw: request.daw }, ctx.signal);
      // Taken into the song with its lists cut to their caps, whichever reader answered (common/projects/project-meta.ts).
      const outcome = read.ok ? { ok: true as const, value: capProjectMeta(read.value) } : read;
      hashes.push({ path: request.path, contentHash: await contentHash(request.path) });
      const snapshotsOf = deps.dataDir ? { dataDir: deps.dataDir, songId: request.songId } : undefined;
      // Issue 19: a session read again was saved again; a copy outlives the DAW's own backups.
      if (outcome.ok && deps.snapshots && readBefore.has(request.songId)) {
        await deps.snapshots.take(request.songId, request.path).catch((error: unknown) => console.error('[library] no snapshot of', request.path, error instanceof Error ? error.message : error));
      }
      // How many versions the project keeps and what its last save changed (one more read, of the one before).
      const versions = outcome.ok ? await summariseVersions(deps.pool, request.path, request.daw, outcome.value, { signal: ctx.signal, ...(snapshotsOf ? { snapshotsOf } : {}) }) : null;
      updates.push({
        songId: request.songId,
        change: (song, now) => {
          if (song.recordingSession?.value !== request.path) return null;
          if (outcome.ok) {
            const merged = mergeProjectMeta(song, outcome.value, now);
            if (!versions) return { ...merged, meta: { ...merged.meta, versions: null } };
            const { saveTimes, ...summary } = versions;
            // Issue 32: the saves the versions list are the song's studio time (no read beyond theirs).
            return { ...merged, meta: { ...merged.meta, versions: asJson(summary), activity: asJson(storedActivity(saveTimes, gapMs)) } };
          }
          return { ...song, meta: { ...song.meta, daw: request.daw, readError: outcome.reason }, modifiedAt: now };
        },
      });
      if (outcome.ok) summary.read += 1;
      else summary.unreadable.push({ path: request.path, reason: outcome.reason });
      ctx.progress((position + 1) / payload.reads.length);
    }
  } finally {
    // A job stopped halfway still keeps what it read.
    writeReads(deps.db, updates, hashes);
  }
  return summary;
}

export async function runAudioReads(deps: ReadDeps, payload: { reads: ReadRequest[] }, ctx: JobContext): Promise<ReadSummary> {
  const summary: ReadSummary = { read: 0, unreadable: [] };
  const updates: SongUpdate[] = [];
  try {
    for (const [position, request] of payload.reads.entries()) {
      ctx.signal.throwIfAborted();
      const outcome = await deps.pool.run({ kind: 'read-audio', path: request.path }, ctx.signal);
      updates.push({
        songId: request.songId,
        change: (song, now) => {
          if (song.file?.localPath !== request.path) return null;
          const audio = outcome.ok ? asJson(outcome.value) : { readError: outcome.reason };
          return { ...song, meta: { ...song.meta, audio }, modifiedAt: now };
        },
      });
      if (outcome.ok) summary.read += 1;
      else summary.unreadable.push({ path: request.path, reason: outcome.reason });
      ctx.progress((position + 1) / payload.reads.length);
    }
  } finally {
    writeReads(deps.db, updates);
  }
  return summary;
}

/**
 * Applies each change to its song as it is now (it may have been edited, re-linked or removed since the job was
 * queued), in one transaction with the fingerprints of the files read. Two reads of one song make one change.
 */
function writeReads(db: Db, updates: SongUpdate[], hashes: { path: string; contentHash: string | null }[] = []): void {
  if (updates.length === 0 && hashes.length === 0) return;
  inTransaction(db, () => {
    const ids = [...new Set(updates.map((update) => update.songId))];
    const changes = new Map(getSongs(db, { ids }).map((song) => [song.id, { before: song, after: song }]));
    const now = db.now();
    for (const { songId, change } of updates) {
      const song = changes.get(songId);
      const after = song ? change(song.after, now) : null;
      if (song && after) song.after = after;
    }
    writeSongChanges(db, [...changes.values()].filter(({ before, after }) => before !== after));
    setContentHashes(db, hashes);
  });
}

/** The songs among `reads` whose project was read before, without an error: a read now means it was saved again. */
function projectsReadBefore(db: Db, reads: readonly ReadRequest[]): Set<string> {
  if (reads.length === 0) return new Set();
  const rows = db.orm
    .select({ id: songs.id })
    .from(songs)
    .where(sql`${inArray(songs.id, reads.map((read) => read.songId))} AND json_type(${songs.meta}, '$.daw') = 'text' AND json_extract(${songs.meta}, '$.readError') IS NULL`)
    .all();
  return new Set(rows.map((row) => row.id));
}

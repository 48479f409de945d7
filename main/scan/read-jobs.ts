/**
 * Phase two of a scan: read the project and audio files of new or changed songs (in workers) and fill their
 * values. A file that cannot be read is recorded on its song with the reason; the job goes on with the rest.
 */
import { eq } from 'drizzle-orm';
import { asJson } from '../../common/schema-parts';
import type { Song } from '../../common/song';
import { inTransaction, type Db } from '../../db/handle';
import { mergeProjectMeta } from '../../db/repositories/scanned-songs';
import { rewriteSongs } from '../../db/repositories/song-writer';
import { getSong } from '../../db/repositories/songs';
import { files } from '../../db/schema';
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

/** Whether the song's project was read before: a read now means the session was saved again. */
function wasReadBefore(db: Db, request: ProjectReadRequest): boolean {
  const meta = getSong(db, request.songId)?.meta;
  return meta !== undefined && typeof meta['daw'] === 'string' && meta['readError'] == null;
}

export interface ReadSummary {
  read: number;
  unreadable: { path: string; reason: string }[];
}

export async function runProjectReads(deps: ReadDeps, payload: { reads: ProjectReadRequest[] }, ctx: JobContext): Promise<ReadSummary> {
  const summary: ReadSummary = { read: 0, unreadable: [] };
  for (const [position, request] of payload.reads.entries()) {
    ctx.signal.throwIfAborted();
    const outcome = await deps.pool.run({ kind: 'read-project', path: request.path, daw: request.daw }, ctx.signal);
    const hash = await contentHash(request.path);
    const snapshotsOf = deps.dataDir ? { dataDir: deps.dataDir, songId: request.songId } : undefined;
    // Issue 19: a session read again was saved again; a copy outlives the DAW's own backups.
    if (outcome.ok && deps.snapshots && wasReadBefore(deps.db, request)) {
      await deps.snapshots.take(request.songId, request.path).catch((error: unknown) => console.error('[library] no snapshot of', request.path, error instanceof Error ? error.message : error));
    }
    // How many versions the project keeps and what its last save changed (one more read, of the one before).
    const versions = outcome.ok ? await summariseVersions(deps.pool, request.path, request.daw, outcome.value, { signal: ctx.signal, ...(snapshotsOf ? { snapshotsOf } : {}) }) : null;
    applyToSong(deps, request, (song, now) => {
      if (song.recordingSession?.value !== request.path) return null;
      if (outcome.ok) {
        const merged = mergeProjectMeta(song, outcome.value, now);
        return { ...merged, meta: { ...merged.meta, versions: versions ? asJson(versions) : null } };
      }
      return { ...song, meta: { ...song.meta, daw: request.daw, readError: outcome.reason }, modifiedAt: now };
    });
    deps.db.orm.update(files).set({ contentHash: hash }).where(eq(files.path, request.path)).run();
    if (outcome.ok) summary.read += 1;
    else summary.unreadable.push({ path: request.path, reason: outcome.reason });
    ctx.progress((position + 1) / payload.reads.length);
  }
  return summary;
}

export async function runAudioReads(deps: ReadDeps, payload: { reads: ReadRequest[] }, ctx: JobContext): Promise<ReadSummary> {
  const summary: ReadSummary = { read: 0, unreadable: [] };
  for (const [position, request] of payload.reads.entries()) {
    ctx.signal.throwIfAborted();
    const outcome = await deps.pool.run({ kind: 'read-audio', path: request.path }, ctx.signal);
    applyToSong(deps, request, (song, now) => {
      if (song.file?.localPath !== request.path) return null;
      const audio = outcome.ok ? asJson(outcome.value) : { readError: outcome.reason };
      return { ...song, meta: { ...song.meta, audio }, modifiedAt: now };
    });
    if (outcome.ok) summary.read += 1;
    else summary.unreadable.push({ path: request.path, reason: outcome.reason });
    ctx.progress((position + 1) / payload.reads.length);
  }
  return summary;
}

/** Applies a change to the song as it is now (it may have been edited or re-linked since the job was queued). */
function applyToSong(deps: ReadDeps, request: ReadRequest, change: (song: Song, now: number) => Song | null): void {
  inTransaction(deps.db, () => {
    const song = getSong(deps.db, request.songId);
    if (!song) return;
    const next = change(song, deps.db.now());
    if (next) rewriteSongs(deps.db, [next]);
  });
}

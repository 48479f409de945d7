/**
 * When audio goes up: `upload` jobs, 3 at once (spec section 9), each compressing and uploading one song's file;
 * and the repair pass, which finds songs left with needsUploadRetry (new songs from a scan, failed uploads), and songs
 * that play an object not their own (one the spec's keys shared by name: `playsAnotherObject`), and queues them, at
 * most once per 10 s, skipping the last 100 songs it already handled so one stubborn file does
 * not crowd out the rest. Pro users only: nothing is queued on the free tier or signed out.
 */
import fs from 'node:fs';
import { and, eq, isNotNull, like, notInArray, or, sql } from 'drizzle-orm';
import { UPLOAD_REPAIR_INTERVAL_MS, UPLOAD_REPAIR_MEMORY } from '../../common/constants';
import { MESSAGES } from '../../common/messages';
import { playsAnotherObject } from '../../common/cloud/upload-rules';
import type { Db } from '../../db/handle';
import { getSong } from '../../db/repositories/songs';
import { songs } from '../../db/schema';
import { enqueue } from '../jobs/queue';
import { PermanentJobError } from '../jobs/permanent-error';
import type { EventBus } from '../events';
import type { JobRunner, TaskHandler } from '../jobs/runner';
import type { AccountService } from '../account/account-service';
import type { AudioUploader } from './audio-uploader';

/** Songs one repair pass queues: enough to keep 3 uploads busy until the next pass. */
const REPAIR_BATCH = 30;

/**
 * Uploaded audio whose address does not name the song's folder: wider than `playsAnotherObject` (a song whose id
 * is spelled otherwise in its folder's name passes here), which the pass applies to what this finds.
 */
const mayPlayAnotherObject = and(like(songs.fileValue, '%/storage/v1/object/%'), sql`instr(${songs.fileValue}, '/' || ${songs.id} || '/') = 0`);

export interface UploadQueueOptions {
  repairIntervalMs?: number;
  /** Default true; tests call `repair()` themselves. */
  timers?: boolean;
}

export class UploadQueue {
  private timer: NodeJS.Timeout | null = null;
  private runner: JobRunner | null = null;
  private lastRepairAt = Number.NEGATIVE_INFINITY;
  /** The ids the repair pass handled last, oldest first. */
  private readonly handled: string[] = [];

  constructor(
    private readonly db: Db,
    private readonly uploader: AudioUploader,
    private readonly account: AccountService,
    private readonly events: EventBus,
    private readonly options: UploadQueueOptions = {},
  ) {}

  jobHandler(): TaskHandler<'upload'> {
    return {
      label: (payload) => {
        const song = getSong(this.db, payload.songId);
        return song ? `Uploading ${song.name}` : 'Uploading audio';
      },
      run: async (payload, ctx) => {
        try {
          return await this.uploader.uploadSong(payload.songId, ctx.signal);
        } catch (error) {
          // A song deleted before (or while) its upload ran is gone for good: another attempt cannot help.
          if (!getSong(this.db, payload.songId)) throw new PermanentJobError(MESSAGES.songNotFound, { cause: error });
          throw error;
        }
      },
      onFailed: (payload, error) => {
        const song = payload ? getSong(this.db, payload.songId) : null;
        // The user deleted the song: there is nothing left to upload, nor to tell them.
        if (payload && !song) return;
        this.events.emit('notify', { kind: 'error', title: song ? `Uploading ${song.name} failed` : 'An upload failed', body: `${error} It will be tried again later.` });
      },
    };
  }

  start(runner: JobRunner): void {
    this.runner = runner;
    if (this.options.timers === false) return;
    const interval = this.options.repairIntervalMs ?? UPLOAD_REPAIR_INTERVAL_MS;
    this.timer = setInterval(() => runner.disk.guard(() => this.repair()), interval);
    this.timer.unref?.();
  }

  /** Queues uploads for songs that still need one; returns how many were queued (0 within 10 s of the last pass). */
  repair(): number {
    const interval = this.options.repairIntervalMs ?? UPLOAD_REPAIR_INTERVAL_MS;
    const now = Date.now();
    if (now - this.lastRepairAt < interval) return 0;
    this.lastRepairAt = now;
    if (!this.runner || !this.account.syncsThisLibrary() || this.account.tier() !== 'pro') return 0;
    const conditions = [or(eq(songs.needsUploadRetry, true), mayPlayAnotherObject), isNotNull(songs.fileLocalPath)];
    if (this.handled.length > 0) conditions.push(notInArray(songs.id, this.handled));
    const candidates = this.db.orm
      .select({ id: songs.id, localPath: songs.fileLocalPath, fileValue: songs.fileValue, needsUploadRetry: songs.needsUploadRetry })
      .from(songs)
      .where(and(...conditions))
      .limit(REPAIR_BATCH)
      .all();
    for (const { id } of candidates) this.handled.push(id);
    // A file gone since it was found waits for a scan to find it again. (A pulled song carries no path or flag of
    // the computer it came from, and the uploader reads only audio inside the library's folders: resolveAudioFile.)
    // A song on an object shared by name goes up from the computer that has its bounce; the others keep playing it.
    const due = candidates.filter(
      (candidate) =>
        (candidate.needsUploadRetry || playsAnotherObject(candidate.id, candidate.fileValue ?? '')) && candidate.localPath !== null && fs.existsSync(candidate.localPath),
    );
    for (const { id } of due) {
      enqueue(this.db, { kind: 'upload', payload: { songId: id }, dedupeKey: `upload:${id}` });
    }
    this.handled.splice(0, Math.max(0, this.handled.length - UPLOAD_REPAIR_MEMORY));
    if (due.length > 0) this.runner.wake();
    return due.length;
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }
}

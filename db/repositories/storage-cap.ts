/**
 * What the pro storage cap stops in the database (spec section 6: "At or above that storage, uploads and new sync
 * records are skipped"): at or above 1 GiB, a song waiting for its audio to go up (`needsUploadRetry`) gets no sync
 * record; it goes to the cloud with its audio, whose upload writes the song again once there is room. The skip is
 * noted, and when room is made (`queueSongsSkippedAtCap`, asked by each push) every song still waiting for its upload
 * is queued, so a song whose audio never goes up (its file gone since) is not left out of the cloud for good.
 * Uploads stop at the cap in the uploader (main/uploads/audio-uploader.ts); the user is told once by sync
 * (main/sync/storage-cap.ts). Edits of the songs the cloud has, and deletions, go on.
 */
import { PRO_STORAGE_CAP_BYTES } from '../../common/constants';
import type { Song } from '../../common/songs/song';
import { inTransaction, type Db } from '../handle';
import { getKv, getStorageUsage, setKv } from './account';
import { queueAllRows } from './sync-records';

const KV_SKIPPED_AT_CAP = 'storage.sync_skipped_at_cap';

/** The account's audio in the cloud is at or above the cap (the figure kept here: `updateStorageUsage`). */
export function storageFull(db: Db): boolean {
  return getStorageUsage(db) >= PRO_STORAGE_CAP_BYTES;
}

/** The songs of a write whose sync record is written: all of them, but those waiting for an upload at the cap. */
export function songsSyncedAtCap(db: Db, written: readonly Song[]): readonly Song[] {
  if (!written.some((song) => song.needsUploadRetry) || !storageFull(db)) return written;
  if (!getKv(db, KV_SKIPPED_AT_CAP, false)) setKv(db, KV_SKIPPED_AT_CAP, true);
  return written.filter((song) => !song.needsUploadRetry);
}

/** Below the cap again after songs were kept from sync: each song still waiting for its upload queued. How many. */
export function queueSongsSkippedAtCap(db: Db): number {
  if (!getKv(db, KV_SKIPPED_AT_CAP, false) || storageFull(db)) return 0;
  return inTransaction(db, () => {
    const queued = queueAllRows(db, 'songs', 'row.needs_upload_retry = 1');
    setKv(db, KV_SKIPPED_AT_CAP, false);
    return queued;
  });
}

/**
 * A song's audio to the cloud (spec sections 3, 4, 5, 8 and 9), for pro users. In order: our own compressed
 * copies are never uploaded; the tier and the storage in use are checked (at or above 1 GiB nothing goes up);
 * the file is compressed by the spec's plan; over 50 MB after that it is not uploaded; it goes to the song's own
 * object, `audio-files/{userId}/{songId}/{sanitized name}` (`songObjectPath`), with upsert, within the smaller of 300 s
 * and 60 s plus 6 s per MB; the compressed copy is deleted. Every "did not upload" is an upload result with one of the
 * nine skip reasons; a network failure throws (the job retries it). The song's flags follow (section 4): uploaded, its
 * file value is the cloud address and the flags clear; too large, the retry flag clears and the file value is
 * emptied; anything else leaves needsUploadRetry set for the repair pass. An object the song no longer plays (an old
 * one shared by name, its own under an earlier bounce's name) is removed once no song plays it.
 *
 * Over 300 lines: the spec's upload steps run in their order in one place, each refusal told to the user once.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { MAX_UPLOAD_BYTES, PRO_STORAGE_CAP_BYTES, SIGNED_URL_SECONDS, STORAGE_LIST_LIMIT, UPLOAD_RESULT_CACHE_SIZE } from '../../common/constants';
import { AUDIO_BUCKET, cloudFileUrl, parseCloudFileUrl, type CloudBucket } from '../../common/cloud/cloud-files';
import { AppError, isAppError } from '../../common/errors';
import { MESSAGES, cloudDidNotRemove, cloudDidNotSign, fileNotFound, noLocalAudioToUpload } from '../../common/messages';
import { AUDIO_CONTENT_TYPES, fileExtension } from '../../common/audio/media';
import { versionNotUploaded } from '../../common/cloud/shares';
import type { Song } from '../../common/songs/song';
import {
  isCompressedCopy,
  sanitizeUploadName,
  songObjectPath,
  songVersionObjectPath,
  songVersionsFolder,
  uploadTimedOut,
  uploadTimeoutSeconds,
  type UploadResult,
  type UploadSkipReason,
} from '../../common/cloud/upload-rules';
import { getStorageUsage, updateStorageUsage } from '../../db/repositories/account';
import { inTransaction, type Db } from '../../db/handle';
import { getSong } from '../../db/repositories/songs';
import { writeSongColumns } from '../../db/repositories/song-writer';
import type { AudioCompressor } from '../media/compression';
import { resolveAudioFile } from '../security/audio-file';
import { libraryRoots } from '../security/library-roots';
import { readRegularFile } from '../security/regular-file';
import type { AccountService } from '../account/account-service';
import type { SignedInCloud } from '../account/cloud-session';
import { unplayedObjects } from './played-objects';

export interface AudioUploaderOptions {
  /** Default: the spec's 1 GiB. */
  storageCapBytes?: number;
  /** Default: the spec's rule (`uploadTimeoutSeconds`). */
  uploadTimeoutSeconds?: (bytes: number) => number;
}

/**
 * How long the cloud's answers about the signed-in user's plan (when pro) and audio folder are trusted between
 * uploads: a first upload of 2,000 bounces would otherwise read the plan and list the whole folder before each
 * file (thousands of requests, the listing growing with every upload). The folder is kept up to date here with
 * what this device uploads and removes; a downgrade is noticed within this time.
 */
const CLOUD_ANSWERS_MS = 30_000;

interface StoredObjects {
  userId: string;
  readAt: number;
  /** Every object under the user's folder, nested folders too: its path in the bucket -> size in bytes. */
  sizes: Map<string, number>;
}

export class AudioUploader {
  /** The last results by file (path, size, modified time): the same bounce is not uploaded twice. */
  private readonly results = new Map<string, UploadResult>();
  private stored: StoredObjects | null = null;
  private listing: { userId: string; folder: Promise<StoredObjects> } | null = null;

  constructor(
    private readonly db: Db,
    private readonly account: AccountService,
    private readonly compressor: AudioCompressor,
    /** The app's own data folder: with the watched folders, the only place audio is read from for an upload. */
    private readonly dataDir: string,
    private readonly options: AudioUploaderOptions = {},
  ) {}

  private get cap(): number {
    return this.options.storageCapBytes ?? PRO_STORAGE_CAP_BYTES;
  }

  /** Uploads a song's audio and sets its flags by the outcome. */
  async uploadSong(songId: string, signal?: AbortSignal): Promise<UploadResult> {
    const song = getSong(this.db, songId);
    if (!song) throw new AppError('not_found', MESSAGES.songNotFound);
    const localPath = song.file?.localPath ?? null;
    if (!song.file || !localPath) {
      this.setFlags(song, { needsUploadRetry: false, isBeingProcessedByHandleNewProject: false });
      throw new AppError('not_found', noLocalAudioToUpload(song.name));
    }
    let result: UploadResult;
    try {
      result = await this.uploadFile(song.id, localPath, signal);
    } catch (error) {
      // Network, timeout, a file that vanished: the flag stays for the repair pass and the job's retry. A file that
      // may not be read for an upload (`resolveAudioFile`) never will be: the flag clears.
      const refused = isAppError(error) && error.code === 'forbidden';
      this.setFlags(song, { needsUploadRetry: !refused, isBeingProcessedByHandleNewProject: false });
      throw error;
    }
    const played = song.file.value;
    if (result.uploadSuccess && result.url) {
      this.setFlags(song, { file: { ...song.file, value: result.url }, needsUploadRetry: false, isBeingProcessedByHandleNewProject: false });
    } else if (result.skipReason === 'size_exceeds_limit') {
      this.setFlags(song, { file: { ...song.file, value: '' }, needsUploadRetry: false, isBeingProcessedByHandleNewProject: false });
    } else {
      this.setFlags(song, { needsUploadRetry: true, isBeingProcessedByHandleNewProject: false });
    }
    // The object the song played before, if it moved off it: gone once no other song plays it.
    if (getSong(this.db, song.id)?.file?.value !== played) await this.releaseUnplayed([played]);
    return result;
  }

  /**
   * A bounce of the song shared on its own (issue 33): to its version object (`songVersionObjectPath`), by the same
   * checks, compression and limits as the song's audio. The song's fields do not change. Answers the object's path;
   * a skip is an error the user reads.
   */
  async uploadVersion(songId: string, localPath: string, signal?: AbortSignal): Promise<{ objectPath: string }> {
    const result = await this.uploadFile(songId, localPath, signal, 'version');
    if (!result.uploadSuccess || !result.url) throw new AppError(result.skipReason === 'free_tier_no_storage' ? 'forbidden' : 'cloud_error', versionNotUploaded(result.skipReason));
    return { objectPath: parseCloudFileUrl(result.url).path };
  }

  /**
   * One song's file to its object in the signed-in user's audio folder; a skip is a result, a failure throws. Only
   * audio inside the watched folders or the app's data is read (`resolveAudioFile`), and then by its checked real path.
   */
  private async uploadFile(songId: string, localPath: string, signal?: AbortSignal, place: 'song' | 'version' = 'song'): Promise<UploadResult> {
    const fileName = path.basename(localPath);
    // Our own copies are refused by name before anything is read.
    const target = isCompressedCopy(fileName) ? localPath : await resolveAudioFile(localPath, libraryRoots(this.db, this.dataDir));
    const stats = await fs.stat(target).catch(() => null);
    if (!stats?.isFile()) throw new AppError('not_found', fileNotFound(localPath));
    const result: UploadResult = {
      url: null,
      fileName,
      sanitizedFileName: sanitizeUploadName(fileName),
      uploadSuccess: false,
      skipReason: null,
      fileSize: stats.size,
      originalFileSize: stats.size,
      compressed: false,
      compressionRatio: null,
      format: fileExtension(fileName),
    };
    const skip = (skipReason: UploadSkipReason): UploadResult => ({ ...result, skipReason });
    if (isCompressedCopy(fileName)) return skip('compressed_path_provided');

    const cacheKey = `${place}\0${songId}\0${localPath}\0${stats.size}\0${Math.round(stats.mtimeMs)}`;
    const cached = this.results.get(cacheKey);
    if (cached?.uploadSuccess) return cached;

    if (!this.account.session.current()) return skip('subscription_check_failed');
    const tier = await this.account.freshTier(CLOUD_ANSWERS_MS);
    if (tier === null) return skip('subscription_check_failed');
    if (tier !== 'pro') return skip('free_tier_no_storage');
    // The library's audio goes only to the account the library belongs to (it becomes this one's if it has none).
    const cloud = this.account.libraryCloud({ claim: true });
    if (!cloud) return skip('subscription_check_failed');

    const objectPath = place === 'song' ? songObjectPath(cloud.userId, songId, fileName) : songVersionObjectPath(cloud.userId, songId, fileName, stats.mtimeMs);
    let folder: StoredObjects;
    try {
      folder = await this.storedObjects(cloud);
    } catch (error) {
      // The cloud answered with an error, or it could not be reached (or said something we cannot read).
      return skip(error instanceof StorageRefused ? 'storage_check_failed' : 'storage_check_error');
    }
    const usage = { total: sumOf(folder.sizes), replaced: folder.sizes.get(objectPath) ?? 0 };
    if (usage.total >= this.cap) return skip('storage_limit_exceeded');

    let compression;
    try {
      compression = await this.compressor.compress(target, signal ? { signal } : {});
    } catch {
      return skip('compression_failed');
    }
    const sized: UploadResult = {
      ...result,
      fileSize: compression.size,
      compressed: compression.compressed,
      compressionRatio: compression.compressionRatio,
      format: compression.format,
    };
    try {
      if (compression.size > MAX_UPLOAD_BYTES) return { ...sized, skipReason: 'size_exceeds_limit' };
      if (usage.total - usage.replaced + compression.size > this.cap) return { ...sized, skipReason: 'storage_limit_exceeded' };
      // The user's own file when it needed no compression: a regular file only, never a FIFO waited on.
      const bytes = await readRegularFile(compression.path);
      if (bytes.length === 0) throw new AppError('io_error', MESSAGES.noFileData);
      const seconds = (this.options.uploadTimeoutSeconds ?? uploadTimeoutSeconds)(bytes.length);
      try {
        await this.account.session.uploadObject(AUDIO_BUCKET, objectPath, bytes, AUDIO_CONTENT_TYPES[compression.format] ?? 'application/octet-stream', seconds * 1000);
      } catch (error) {
        if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) throw new AppError('io_error', uploadTimedOut(seconds), { cause: error });
        throw error;
      }
      // The cloud's list is the truth; between its readings the folder and the figure follow what this device added.
      folder.sizes.set(objectPath, bytes.length);
      this.keepStorageFigure(folder);
      const uploaded: UploadResult = { ...sized, url: cloudFileUrl(this.account.session.endpointUrl() ?? '', AUDIO_BUCKET, objectPath), uploadSuccess: true };
      this.remember(cacheKey, uploaded);
      return uploaded;
    } finally {
      if (compression.compressed) await this.compressor.deleteCopy(compression.path).catch(() => undefined);
    }
  }

  /**
   * Removes an uploaded file, after checking its address is one of the app's buckets ("Invalid file URL",
   * "Invalid bucket in URL"); only the signed-in user's own folder can be touched (the cloud's policies).
   */
  async removeCloudFile(url: string): Promise<{ removed: boolean }> {
    const { bucket, path: objectPath } = parseCloudFileUrl(url);
    const cloud = this.account.session.current();
    if (!cloud) throw new AppError('forbidden', MESSAGES.signInToRemoveCloudFiles);
    const removed = await this.removeObjects(cloud, bucket, [objectPath]);
    return { removed: removed > 0 };
  }

  /**
   * Songs deleted for good (one, or a bulk selection) take their uploaded audio with them: each song's own object,
   * and an object another song still plays stays (`unplayedObjects`). Best effort: the songs are gone whatever the
   * cloud answers.
   */
  async releaseCloudFiles(deleted: readonly Song[]): Promise<void> {
    await this.releaseUnplayed(deleted.map((song) => song.file?.value ?? ''));
    await this.releaseVersions(deleted);
  }

  /**
   * Shared versions no link plays any more: those still stored, in a versions folder of the library's account (links
   * name objects long removed, which are not asked for again).
   */
  async removeVersions(objectPaths: readonly string[]): Promise<void> {
    const cloud = this.account.libraryCloud({ claim: false });
    if (!cloud) return;
    const folder = await this.storedObjects(cloud);
    const stored = objectPaths.filter((objectPath) => folder.sizes.has(objectPath) && objectPath.startsWith(`${cloud.userId}/`) && objectPath.split('/')[2] === 'versions');
    for (let at = 0; at < stored.length; at += STORAGE_LIST_LIMIT) await this.removeObjects(cloud, AUDIO_BUCKET, stored.slice(at, at + STORAGE_LIST_LIMIT));
  }

  /** The versions shared of songs gone for good (their links then say the audio is not there). */
  private async releaseVersions(deleted: readonly Song[]): Promise<void> {
    const cloud = this.account.libraryCloud({ claim: false });
    if (!cloud || deleted.length === 0) return;
    const folder = await this.storedObjects(cloud).catch(() => null);
    if (!folder) return;
    const prefixes = deleted.map((song) => songVersionsFolder(cloud.userId, song.id));
    const versions = [...folder.sizes.keys()].filter((name) => prefixes.some((prefix) => name.startsWith(prefix)));
    for (let at = 0; at < versions.length; at += STORAGE_LIST_LIMIT) {
      const batch = versions.slice(at, at + STORAGE_LIST_LIMIT);
      await this.removeObjects(cloud, AUDIO_BUCKET, batch).catch((error: unknown) =>
        console.error(`[uploads] ${batch.length} shared versions stay: ${error instanceof Error ? error.message : String(error)}`),
      );
    }
  }

  /** Removes the objects these file values name that no song plays any more: one request per 1,000 a bucket. */
  private async releaseUnplayed(fileValues: readonly string[]): Promise<void> {
    // Only the library's own account: another account signed in here never touches its files.
    const cloud = this.account.libraryCloud({ claim: false });
    if (!cloud) return;
    const byBucket = new Map<CloudBucket, string[]>();
    for (const { bucket, path: objectPath } of unplayedObjects(this.db, fileValues)) {
      byBucket.set(bucket, [...(byBucket.get(bucket) ?? []), objectPath]);
    }
    for (const [bucket, paths] of byBucket) {
      for (let at = 0; at < paths.length; at += STORAGE_LIST_LIMIT) {
        const batch = paths.slice(at, at + STORAGE_LIST_LIMIT);
        await this.removeObjects(cloud, bucket, batch).catch((error: unknown) =>
          console.error(`[uploads] ${batch.length} cloud files stay: ${error instanceof Error ? error.message : String(error)}`),
        );
      }
    }
  }

  /** Removes objects from one bucket; the storage figure kept here follows. */
  private async removeObjects(cloud: SignedInCloud, bucket: CloudBucket, paths: string[]): Promise<number> {
    const { data, error } = await cloud.supabase.storage.from(bucket).remove(paths);
    if (error) throw new AppError('cloud_error', cloudDidNotRemove(error.message));
    if (bucket === AUDIO_BUCKET && this.stored?.userId === cloud.userId) {
      for (const objectPath of paths) this.stored.sizes.delete(objectPath);
    }
    // A file uploaded to a removed object goes up again when asked, not answered from what was remembered.
    const removed = new Set(paths);
    for (const [key, result] of this.results) {
      if (result.url && removed.has(parseCloudFileUrl(result.url).path)) this.results.delete(key);
    }
    // If the folder cannot be read now, the next upload reads it.
    const folder = await this.storedObjects(cloud).catch(() => null);
    if (folder) this.keepStorageFigure(folder);
    return (data ?? []).length;
  }

  /** A playable address for a cloud file: signed for an hour (spec section 7). */
  async signedUrl(url: string): Promise<string> {
    const { bucket, path: objectPath } = parseCloudFileUrl(url);
    const cloud = this.account.session.current();
    if (!cloud) throw new AppError('forbidden', MESSAGES.signInToPlayCloudAudio);
    const { data, error } = await cloud.supabase.storage.from(bucket).createSignedUrl(objectPath, SIGNED_URL_SECONDS);
    if (error || !data) throw new AppError('cloud_error', cloudDidNotSign(error?.message));
    return data.signedUrl;
  }

  /** The user's audio folder, listed 1,000 objects a request, at most once per `CLOUD_ANSWERS_MS` (one listing shared). */
  private async storedObjects(cloud: SignedInCloud): Promise<StoredObjects> {
    if (this.stored?.userId === cloud.userId && Date.now() - this.stored.readAt < CLOUD_ANSWERS_MS) return this.stored;
    if (this.listing?.userId !== cloud.userId) {
      const listing = { userId: cloud.userId, folder: this.listFolder(cloud).finally(() => this.listing === listing && (this.listing = null)) };
      this.listing = listing;
    }
    const listed = await this.listing.folder;
    this.stored = listed;
    return listed;
  }

  /**
   * Every object under the user's folder, each once: a flat listing (`listV2` without a delimiter names each object by
   * its full path), where a listing by folder would show each song's folder as an entry without a size.
   */
  private async listFolder(cloud: SignedInCloud): Promise<StoredObjects> {
    const sizes = new Map<string, number>();
    const readAt = Date.now();
    let cursor: string | undefined;
    do {
      const { data, error } = await cloud.supabase.storage
        .from(AUDIO_BUCKET)
        .listV2({ prefix: `${cloud.userId}/`, limit: STORAGE_LIST_LIMIT, ...(cursor ? { cursor } : {}) });
      if (error && isStorageApiError(error)) throw new StorageRefused(error.message);
      if (error) throw error;
      for (const object of data.objects) sizes.set(object.name, Number((object.metadata as { size?: unknown } | null)?.size ?? 0));
      cursor = data.hasNext ? data.nextCursor : undefined;
    } while (cursor);
    return { userId: cloud.userId, readAt, sizes };
  }

  private keepStorageFigure(folder: StoredObjects): void {
    updateStorageUsage(this.db, sumOf(folder.sizes) - getStorageUsage(this.db));
  }

  /** The app's own bookkeeping, not a user's edit: the fields stay the scan's to update. */
  private setFlags(song: Song, patch: Pick<Partial<Song>, 'file' | 'needsUploadRetry' | 'isBeingProcessedByHandleNewProject'>): void {
    const current = getSong(this.db, song.id);
    if (!current) return;
    const next: Song = { ...current, ...patch, modifiedAt: this.db.now() };
    inTransaction(this.db, () => writeSongColumns(this.db, [next], ['fileValue', 'needsUploadRetry', 'isBeingProcessed', 'modifiedAt']));
  }

  private remember(key: string, result: UploadResult): void {
    this.results.delete(key);
    this.results.set(key, result);
    while (this.results.size > UPLOAD_RESULT_CACHE_SIZE) this.results.delete(this.results.keys().next().value!);
  }
}

/** The storage service answered, with an error status. */
class StorageRefused extends Error {}

/** supabase-js names an error the service sent `StorageApiError`; one it could not get an answer for differs. */
function isStorageApiError(error: Error): boolean {
  return error.name === 'StorageApiError';
}

function sumOf(sizes: Map<string, number>): number {
  let total = 0;
  for (const size of sizes.values()) total += size;
  return total;
}

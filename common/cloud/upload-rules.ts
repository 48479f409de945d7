/**
 * The rules of compressing and uploading a song's audio (spec sections 5 and 9), pure so the workers, the core and
 * the upload queue share one copy: when to compress and at which bitrate, which output formats exist, the
 * uploaded name and the song's object it goes to, the copies never uploaded, the size limit, the timeout and the skip
 * reasons of an upload result.
 */
import {
  COMPRESSION_LOW_BITRATE_ABOVE_BYTES,
  COMPRESSION_MEDIUM_BITRATE_ABOVE_BYTES,
  COMPRESSION_MIN_BYTES,
  UPLOAD_TIMEOUT_BASE_SECONDS,
  UPLOAD_TIMEOUT_MAX_SECONDS,
  UPLOAD_TIMEOUT_SECONDS_PER_MB,
} from '../constants';
import { AUDIO_BUCKET, cloudObjectOf } from './cloud-files';
import { AppError } from '../errors';
import { fileExtension } from '../audio/media';

const MB = 1024 * 1024;

/** Read by main/jobs/tasks.ts through this module; the value's home is common/constants.ts. */
export { MAX_CONCURRENT_UPLOADS } from '../constants';

/** Our own compressed copies: never uploaded, never anyone's bounce. */
export const COMPRESSED_COPY_SUFFIX = '_compressed.mp3';

const COMPRESSION_FORMATS = ['mp3', 'aac', 'ogg'] as const;
export type CompressionFormat = (typeof COMPRESSION_FORMATS)[number];
export type Bitrate = '96k' | '128k' | '192k';

export type CompressionPlan = { compress: false; reason: 'small' | 'already_compressed' } | { compress: true; bitrate: Bitrate; format: 'mp3' };

/** Skipped under 5 MB or when already mp3, aac or ogg; over 50 MB 96k, over 20 MB 128k, otherwise 192k; mp3 out. */
export function compressionPlan(fileName: string, sizeBytes: number): CompressionPlan {
  if ((COMPRESSION_FORMATS as readonly string[]).includes(fileExtension(fileName))) return { compress: false, reason: 'already_compressed' };
  if (sizeBytes < COMPRESSION_MIN_BYTES) return { compress: false, reason: 'small' };
  const bitrate: Bitrate = sizeBytes > COMPRESSION_LOW_BITRATE_ABOVE_BYTES ? '96k' : sizeBytes > COMPRESSION_MEDIUM_BITRATE_ABOVE_BYTES ? '128k' : '192k';
  return { compress: true, bitrate, format: 'mp3' };
}

/** The output formats compression offers; any other is refused with the spec's "Unsupported format". */
export function compressionFormat(format: string): CompressionFormat {
  if ((COMPRESSION_FORMATS as readonly string[]).includes(format)) return format as CompressionFormat;
  throw new AppError('invalid_input', COMPRESSION_ERRORS.unsupportedFormat);
}

export function isCompressedCopy(fileName: string): boolean {
  return fileName.toLowerCase().endsWith(COMPRESSED_COPY_SUFFIX);
}

/** Lowercased; whitespace and colons become underscores; anything but letters, digits, dot, underscore, hyphen goes. */
export function sanitizeUploadName(fileName: string): string {
  return fileName
    .toLowerCase()
    .replace(/[\s:]/g, '_')
    .replace(/[^a-z0-9._-]/g, '');
}

/**
 * Where a song's audio goes in the audio bucket: `{userId}/{songId}/{sanitized name}`. The spec's
 * `{userId}/{sanitizedName}` let every project's `Mix.wav` replace the others' (the last upload won, and the other
 * songs played its bytes); a folder per song gives each song its own object, and the storage policies still find the
 * user in the first folder.
 */
export function songObjectPath(userId: string, songId: string, fileName: string): string {
  return `${userId}/${songFolder(songId)}/${sanitizeUploadName(fileName)}`;
}

/**
 * Where a version of a song shared on its own goes (issue 33): `{userId}/{songId}/versions/{modified ms}-{name}`. The
 * file's time keeps a version bounced again under its name from replacing the one a listener was sent; the subfolder
 * keeps versions out of what the song plays (`isSongsOwnObject`) and out of what its link to the latest bounce plays.
 */
export function songVersionObjectPath(userId: string, songId: string, fileName: string, modifiedMs: number): string {
  return `${songVersionsFolder(userId, songId)}${Math.round(modifiedMs)}-${sanitizeUploadName(fileName)}`;
}

/** The folder of a song's shared versions, with its trailing slash. */
export function songVersionsFolder(userId: string, songId: string): string {
  return `${userId}/${songFolder(songId)}/versions/`;
}

/** Whether an object path is in this song's own folder (`{userId}/{songId}/{name}`). */
export function isSongsOwnObject(objectPath: string, songId: string): boolean {
  const parts = objectPath.split('/');
  return parts.length === 3 && parts[1] === songFolder(songId);
}

/**
 * Whether a song's file value plays uploaded audio outside the song's own folder (an object the spec's keys shared
 * by name, `{userId}/{name}`): the song goes up again, to its own.
 */
export function playsAnotherObject(songId: string, fileValue: string): boolean {
  const object = cloudObjectOf(fileValue);
  return object !== null && object.bucket === AUDIO_BUCKET && !isSongsOwnObject(object.path, songId);
}

/**
 * A song's folder: its id, which the app makes of hex digits and hyphens (UUIDs). Any other id (one a key could
 * not hold as it is: a slash, a space) is spelled as its code points in hex after a dot, which no plain id starts
 * with, so two songs never share a folder.
 */
function songFolder(songId: string): string {
  if (/^[A-Za-z0-9_-]+$/.test(songId)) return songId;
  return `.${Array.from(songId, (char) => char.codePointAt(0)!.toString(16)).join('.')}`;
}

/** The smaller of 300 s and 60 s plus 6 s per MB, in whole seconds. */
export function uploadTimeoutSeconds(sizeBytes: number): number {
  return Math.min(UPLOAD_TIMEOUT_MAX_SECONDS, Math.ceil(UPLOAD_TIMEOUT_BASE_SECONDS + (UPLOAD_TIMEOUT_SECONDS_PER_MB * sizeBytes) / MB));
}

export function uploadTimedOut(seconds: number): string {
  return `Upload timed out after ${seconds} seconds.`;
}

/**
 * Why an upload result says it did not upload (spec section 8), exactly as named there. Each is given by the core's
 * uploader (main/uploads/audio-uploader.ts) but `browser_environment`: the website, which has no files and no core,
 * uploads nothing, and its core answers `songs:upload` with it (`uploadSkippedInBrowser`, used by
 * renderer/features/web-library/cloud-core.ts).
 */
export const UPLOAD_SKIP_REASONS = [
  'compressed_path_provided',
  'browser_environment',
  'subscription_check_failed',
  'free_tier_no_storage',
  'storage_check_failed',
  'storage_limit_exceeded',
  'storage_check_error',
  'compression_failed',
  'size_exceeds_limit',
] as const;
export type UploadSkipReason = (typeof UPLOAD_SKIP_REASONS)[number];

/** What compressing a file gave (`compressAudio` on the bridge, the upload job). */
export interface CompressionResult {
  /** The file to upload: the compressed copy, or the original when compression was skipped. */
  path: string;
  size: number;
  originalSize: number;
  compressed: boolean;
  /** Compressed size over original size; null when not compressed. */
  compressionRatio: number | null;
  format: string;
  bitrate: Bitrate | null;
}

/** Spec section 3: what an upload answers. */
export interface UploadResult {
  url: string | null;
  fileName: string;
  sanitizedFileName: string;
  uploadSuccess: boolean;
  skipReason: UploadSkipReason | null;
  fileSize: number;
  originalFileSize: number;
  compressed: boolean;
  compressionRatio: number | null;
  format: string;
}

/**
 * The website's answer to an upload (spec section 8, `browser_environment`): a browser holds no file of the song's to
 * send, so nothing is read or sent; the song's audio goes up from the computer that found it.
 */
export function uploadSkippedInBrowser(fileName: string): UploadResult {
  return {
    url: null,
    fileName,
    sanitizedFileName: sanitizeUploadName(fileName),
    uploadSuccess: false,
    skipReason: 'browser_environment',
    fileSize: 0,
    originalFileSize: 0,
    compressed: false,
    compressionRatio: null,
    format: fileExtension(fileName),
  };
}

/** Spec section 8: the compression step's failures, word for word. */
export const COMPRESSION_ERRORS = {
  inputNotAccessible: 'Input file not accessible',
  outputMissing: 'Output file was not created or is empty',
  outputUnverified: 'Output file verification failed',
  failed: 'Audio compression failed',
  allAttemptsFailed: 'All compression attempts failed',
  unsupportedFormat: 'Unsupported format',
} as const;

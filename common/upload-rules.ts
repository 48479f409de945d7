/**
 * The rules of compressing and uploading a song's audio (spec sections 5 and 9), pure so the workers, the core and
 * the upload queue share one copy: when to compress and at which bitrate, which output formats exist, the
 * uploaded name, the copies never uploaded, the size limit, the timeout and the skip reasons of an upload result.
 */
import {
  COMPRESSION_LOW_BITRATE_ABOVE_BYTES,
  COMPRESSION_MEDIUM_BITRATE_ABOVE_BYTES,
  COMPRESSION_MIN_BYTES,
  UPLOAD_TIMEOUT_BASE_SECONDS,
  UPLOAD_TIMEOUT_MAX_SECONDS,
  UPLOAD_TIMEOUT_SECONDS_PER_MB,
} from './constants';
import { AppError } from './errors';
import { fileExtension } from './media';

const MB = 1024 * 1024;

/** Read by main/jobs/tasks.ts through this module; the value's home is common/constants.ts. */
export { MAX_CONCURRENT_UPLOADS } from './constants';

/** Our own compressed copies: never uploaded, never anyone's bounce. */
export const COMPRESSED_COPY_SUFFIX = '_compressed.mp3';

export const COMPRESSION_FORMATS = ['mp3', 'aac', 'ogg'] as const;
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

/** The smaller of 300 s and 60 s plus 6 s per MB, in whole seconds. */
export function uploadTimeoutSeconds(sizeBytes: number): number {
  return Math.min(UPLOAD_TIMEOUT_MAX_SECONDS, Math.ceil(UPLOAD_TIMEOUT_BASE_SECONDS + (UPLOAD_TIMEOUT_SECONDS_PER_MB * sizeBytes) / MB));
}

export function uploadTimedOut(seconds: number): string {
  return `Upload timed out after ${seconds} seconds.`;
}

/** Why an upload result says it did not upload (spec section 8), exactly as named there. */
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

/** Spec section 8: the compression step's failures, word for word. */
export const COMPRESSION_ERRORS = {
  inputNotAccessible: 'Input file not accessible',
  outputMissing: 'Output file was not created or is empty',
  outputUnverified: 'Output file verification failed',
  failed: 'Audio compression failed',
  allAttemptsFailed: 'All compression attempts failed',
  unsupportedFormat: 'Unsupported format',
} as const;

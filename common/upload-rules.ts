/**
 * The rules of compressing and uploading a song's audio (spec sections 5 and 9), pure so the workers, the core and
 * the upload queue share one copy: when to compress and at which bitrate, which output formats exist, the
 * uploaded name, the copies never uploaded, the size limit, the timeout and the skip reasons of an upload result.
 */
import { AppError } from './errors';
import { fileExtension } from './media';

const MB = 1024 * 1024;

/** Audio above this, after any compression, is not uploaded (spec: 50 MB, 52428800 bytes). */
export const MAX_UPLOAD_BYTES = 50 * MB;
/** Below this a file is uploaded as it is. */
export const COMPRESSION_MIN_BYTES = 5 * MB;
export const MAX_CONCURRENT_UPLOADS = 3;
export const UPLOAD_RESULT_CACHE_SIZE = 100;
export const COMPRESSION_ATTEMPTS = 2;
export const COMPRESSION_RETRY_DELAY_MS = 1000;

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
  const bitrate: Bitrate = sizeBytes > 50 * MB ? '96k' : sizeBytes > 20 * MB ? '128k' : '192k';
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
  return Math.min(300, Math.ceil(60 + (6 * sizeBytes) / MB));
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

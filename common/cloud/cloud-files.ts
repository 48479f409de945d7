/**
 * Audio and sessions in the cloud's storage (spec section 7): the buckets, the address a song's file value takes
 * once uploaded (`{cloud}/storage/v1/object/public/{bucket}/{userId}/{songId}/{name}`: `common/cloud/upload-rules.ts`
 * `songObjectPath`; `{userId}/{name}` before songs had folders), and reading one back, which is how a removal or a
 * signed URL knows what it touches. An address that is not such a file is refused with the spec's texts, so no
 * removal can reach beyond the app's two buckets.
 */
import { AppError, isAppError } from '../errors';

export const AUDIO_BUCKET = 'audio-files';
const SESSION_BUCKET = 'session-files';
const CLOUD_BUCKETS = [AUDIO_BUCKET, SESSION_BUCKET] as const;
export type CloudBucket = (typeof CLOUD_BUCKETS)[number];

export const CLOUD_FILE_ERRORS = {
  invalidUrl: 'Invalid file URL',
  invalidBucket: 'Invalid bucket in URL',
} as const;

const OBJECT_PATH = /^\/storage\/v1\/object\/(?:public|sign|authenticated)\/([^/]+)\/(.+)$/;

export function cloudFileUrl(cloudUrl: string, bucket: CloudBucket, objectPath: string): string {
  const encoded = objectPath.split('/').map(encodeURIComponent).join('/');
  return `${cloudUrl.replace(/\/+$/, '')}/storage/v1/object/public/${bucket}/${encoded}`;
}

/** Whether a song's file value is an uploaded copy in the cloud rather than a path on this computer. */
export function isCloudFileUrl(value: string): boolean {
  return /^https?:\/\//i.test(value) && value.includes('/storage/v1/object/');
}

/** The object a song's file value plays; null when it is no uploaded file (a local path, an address we cannot read). */
export function cloudObjectOf(value: string): { bucket: CloudBucket; path: string } | null {
  if (!isCloudFileUrl(value)) return null;
  try {
    return parseCloudFileUrl(value);
  } catch (error) {
    if (isAppError(error)) return null;
    throw error;
  }
}

/** The bucket and object path of a cloud file address; "Invalid file URL" / "Invalid bucket in URL" otherwise. */
export function parseCloudFileUrl(value: string): { bucket: CloudBucket; path: string } {
  // The path of an http(s) address (no URL class here: common/ runs in the page and in Node alike).
  const pathname = /^https?:\/\/[^/?#\s]+(\/[^?#\s]*)(?:[?#]\S*)?$/i.exec(value)?.[1];
  const match = pathname ? OBJECT_PATH.exec(pathname) : null;
  if (!match) throw new AppError('invalid_input', CLOUD_FILE_ERRORS.invalidUrl);
  const bucket = safeDecode(match[1]!);
  if (!(CLOUD_BUCKETS as readonly string[]).includes(bucket)) throw new AppError('invalid_input', CLOUD_FILE_ERRORS.invalidBucket);
  const objectPath = match[2]!.split('/').map(safeDecode).join('/');
  if (objectPath.split('/').some((part) => part === '' || part === '.' || part === '..')) throw new AppError('invalid_input', CLOUD_FILE_ERRORS.invalidUrl);
  return { bucket: bucket as CloudBucket, path: objectPath };
}

function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    throw new AppError('invalid_input', CLOUD_FILE_ERRORS.invalidUrl);
  }
}

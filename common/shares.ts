/** Listening links and their comments (issue 33), as the bridge carries them. */
import { z } from 'zod';
import { idSchema, pathSchema } from './schema-parts';
import type { UploadSkipReason } from './upload-rules';

/** A link lasts 30 days unless the owner chooses (1 to 365). */
export const DEFAULT_SHARE_DAYS = 30;
/** What a listener may write (the cloud refuses more: cloud/migrations/0007_shares.sql). */
export const MAX_COMMENT_LENGTH = 2000;
export const MAX_LISTENER_NAME_LENGTH = 80;
/** One plain answer for a revoked, expired or unknown link: the page reveals nothing else. */
export const LINK_NOT_AVAILABLE = 'This link is not available';

export const shareSongSchema = z.strictObject({
  id: idSchema,
  expiresInDays: z.number().int().min(1).max(365).optional(),
  password: z.string().min(1).max(200).optional(),
  versionPath: pathSchema.optional(),
  allowDownload: z.boolean().optional(),
});
export type ShareSongInput = z.infer<typeof shareSongSchema>;

/** A bounce of the song's project a link may play instead of its latest (`songs:share-versions`), newest first. */
export interface ShareVersion {
  path: string;
  name: string;
  /** The file's modified time: the version's date on the listening page. */
  time: number;
  sizeBytes: number;
  /** The song's audio now (its latest bounce). */
  current: boolean;
}

/** At most this many of a project's bounces are offered. */
export const MAX_SHARE_VERSIONS = 200;

/** Why a chosen version did not go up to be shared, as the user reads it (by the upload's skip reason). */
export function versionNotUploaded(reason: UploadSkipReason | null): string {
  switch (reason) {
    case 'free_tier_no_storage':
      return 'Sharing a song is a Pro feature.';
    case 'storage_limit_exceeded':
      return 'This version does not fit in your 1 GiB of cloud storage: remove some audio first.';
    case 'size_exceeds_limit':
      return 'This version is over 50 MB even compressed: too large to share.';
    case 'compression_failed':
      return 'This version could not be compressed to share.';
    default:
      return 'The cloud could not be checked: try again.';
  }
}

export interface SongShare {
  url: string;
  token: string;
  expiresAt: number;
  createdAt: number;
  hasPassword: boolean;
  allowDownload: boolean;
  versionPath: string | null;
  /** Revoked here or in the cloud, or past its expiry: the link no longer opens. */
  active: boolean;
}

export interface ShareComment {
  id: string;
  atS: number;
  name: string;
  body: string;
  createdAt: number;
  resolved: boolean;
  fromOwner: boolean;
  verdict: 'approved' | 'changes' | null;
}

/** A listener's link token: 64 hex characters (244 random bits), checked before anything asks the cloud. */
export const shareTokenSchema = z.string().regex(/^[0-9a-f]{64}$/, 'is not a link');

/** The listening page's address on the website for a token. */
export function shareUrl(websiteOrigin: string, token: string): string {
  return `${websiteOrigin.replace(/\/+$/, '')}/s/${token}`;
}

/** The song's comments not yet resolved, as pulled here (`meta.openComments`); null when it has none to count. */
export function openCommentsOf(meta: Record<string, unknown>): number | null {
  const value = meta['openComments'];
  return typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= 100_000 ? value : null;
}

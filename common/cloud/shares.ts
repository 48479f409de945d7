/** Listening links and their comments (issue 33), as the bridge carries them. */
import { z } from 'zod';
import { idSchema, pathSchema } from '../bridge/schema-parts';
import type { UploadSkipReason } from './upload-rules';

/** A link lasts 30 days unless the owner chooses (`MIN_SHARE_DAYS` to `MAX_SHARE_DAYS`). */
export const DEFAULT_SHARE_DAYS = 30;
/**
 * How long a link may last, in days. The cloud's twin is `public.share_days_allowed` (cloud/migrations/0010_link_state.sql),
 * which `share_create` checks; cloud/local/link-state.test.ts holds the two to one answer.
 */
export const MIN_SHARE_DAYS = 1;
export const MAX_SHARE_DAYS = 365;

export function shareDaysAllowed(days: number): boolean {
  return Number.isInteger(days) && days >= MIN_SHARE_DAYS && days <= MAX_SHARE_DAYS;
}

/** Whether a link still opens: `open`, or what ended it first. */
export type LinkState = 'open' | 'revoked' | 'expired';

/**
 * A link's state at `serverNowMs`, a moment of the cloud's clock (the cloud owns time: never this computer's or the
 * browser's clock, which may be days off). Open until its end (`expiresAt`, exclusive) unless revoked; a link both
 * revoked and past its end says what happened first. The cloud's twin is `public.share_link_state`
 * (cloud/migrations/0010_link_state.sql), which decides whether a listener's link opens; cloud/local/link-state.test.ts
 * runs both on the same cases.
 */
export function linkState(link: { revokedAt: number | null; expiresAt: number }, serverNowMs: number): LinkState {
  if (link.expiresAt <= serverNowMs && (link.revokedAt === null || link.revokedAt >= link.expiresAt)) return 'expired';
  return link.revokedAt === null ? 'open' : 'revoked';
}
/** What a listener may write (the cloud refuses more: cloud/migrations/0007_shares.sql). */
export const MAX_COMMENT_LENGTH = 2000;
export const MAX_LISTENER_NAME_LENGTH = 80;
/** One plain answer for a revoked, expired or unknown link: the page reveals nothing else. */
export const LINK_NOT_AVAILABLE = 'This link is not available';

/** A link's password, as the cloud takes it (cloud/migrations/0009_hosted_grants.sql refuses any other length). */
export const MIN_SHARE_PASSWORD_LENGTH = 8;
export const MAX_SHARE_PASSWORD_LENGTH = 200;
export const SHARE_PASSWORD_LENGTH = `A password is ${MIN_SHARE_PASSWORD_LENGTH} to ${MAX_SHARE_PASSWORD_LENGTH} characters.`;

/** What is wrong with a link's password before it is sent (the cloud's own words), or null: none, or a good one. */
export function sharePasswordProblem(password: string): string | null {
  if (password === '') return null;
  return password.length < MIN_SHARE_PASSWORD_LENGTH || password.length > MAX_SHARE_PASSWORD_LENGTH ? SHARE_PASSWORD_LENGTH : null;
}

export const shareSongSchema = z.strictObject({
  id: idSchema,
  expiresInDays: z.number().int().min(MIN_SHARE_DAYS).max(MAX_SHARE_DAYS).optional(),
  password: z.string().min(MIN_SHARE_PASSWORD_LENGTH, SHARE_PASSWORD_LENGTH).max(MAX_SHARE_PASSWORD_LENGTH, SHARE_PASSWORD_LENGTH).optional(),
  versionPath: pathSchema.optional(),
  /** Shows the listening page's Download button; anyone who can listen can still record what they hear. */
  allowDownload: z.boolean().optional(),
});
export type ShareSongInput = z.infer<typeof shareSongSchema>;

/**
 * How many comments a link takes (the cloud's `comment_cap`: 1,000 unless the owner sets it, at most 10,000), counting
 * the owner's replies: one listener can fill a link, and its owner opens it again.
 */
export const DEFAULT_COMMENT_CAP = 1000;
export const MAX_COMMENT_CAP = 10_000;
/** What one click of "Take more comments" adds. */
export const COMMENT_CAP_STEP = 1000;

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
  /** Open, or revoked (here or in the cloud) or expired, by the cloud's clock (`linkState`). */
  state: LinkState;
  /** Its comments as last pulled here (listeners' and the owner's replies: what the cap counts). */
  comments: number;
  commentCap: number;
}

const COUNT = new Intl.NumberFormat('en-US');

/** A link's comments against its cap, as its line in the Sharing section says them ("Comments full: 1,000 of 1,000"). */
export function commentsLine(share: Pick<SongShare, 'comments' | 'commentCap'>): { text: string; full: boolean } {
  const full = share.comments >= share.commentCap;
  return { text: `${full ? 'Comments full' : 'Comments'}: ${COUNT.format(share.comments)} of ${COUNT.format(share.commentCap)}`, full };
}

/** The cap after one "Take more comments", or null when the link already takes the most it may. */
export function raisedCommentCap(cap: number): number | null {
  return cap >= MAX_COMMENT_CAP ? null : Math.min(MAX_COMMENT_CAP, cap + COMMENT_CAP_STEP);
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

/** `songs:share-comment-cap`: how many comments one of this computer's links takes. */
export const shareCommentCapSchema = z.strictObject({ token: shareTokenSchema, cap: z.number().int().min(1).max(MAX_COMMENT_CAP) });

/** The listening page's address on the website for a token. */
export function shareUrl(websiteOrigin: string, token: string): string {
  return `${websiteOrigin.replace(/\/+$/, '')}/s/${token}`;
}

/** The song's meta with its open count (none kept for zero, so the Comments column and `comments:open` skip it). */
export function withOpenComments<M extends Record<string, unknown>>(meta: M, open: number): M {
  const next: Record<string, unknown> = { ...meta };
  if (open > 0) next['openComments'] = open;
  else delete next['openComments'];
  return next as M;
}

/** The song's comments not yet resolved, as pulled here (`meta.openComments`); null when it has none to count. */
export function openCommentsOf(meta: Record<string, unknown>): number | null {
  const value = meta['openComments'];
  return typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= 100_000 ? value : null;
}

/**
 * Sharing a song (issue 33), the app's side: the cloud makes the link (`share_create`, which refuses a free account
 * and a song not synced) and keeps only its token's hash; this computer keeps the token, to list the link, copy it
 * again and revoke it. What the listeners wrote is read from the cloud, where only the owner may read it. A link takes
 * so many comments (issue 42: one listener could fill it for everyone), which its owner may raise.
 */
import { AppError } from '../../common/errors';
import { DEFAULT_COMMENT_CAP, DEFAULT_SHARE_DAYS, linkState, shareUrl, type ShareComment, type ShareSongInput, type SongShare } from '../../common/cloud/shares';
import type { Song } from '../../common/songs/song';
import type { Db } from '../../db/handle';
import { commentCountsOf, commentsOfSong } from '../../db/repositories/song-comments';
import { insertShare, markShareRevoked, setShareCommentCap, shareByToken, sharesOfSong } from '../../db/repositories/song-shares';
import { getSong } from '../../db/repositories/songs';
import type { AccountService } from '../account/account-service';
import type { SignedInCloud } from '../account/cloud-session';
import type { CommentPoller } from './comment-poller';
import { releaseUnsharedQuietly, type PreparedVersion, type SharedVersions } from './shared-versions';

export const SIGN_IN_TO_SHARE = 'Sign in to share a song: a listening link lives in your cloud.';

function signedIn(account: AccountService): SignedInCloud {
  const cloud = account.libraryCloud({ claim: false });
  if (!cloud) throw new AppError('forbidden', SIGN_IN_TO_SHARE);
  return cloud;
}

/** The cloud's refusal as the user reads it (the plan, a song not synced yet, the network). */
function cloudRefusal(error: { message: string; code?: string } | null): AppError {
  const message = error?.message ?? 'The cloud did not answer.';
  return new AppError(error?.code === '42501' ? 'forbidden' : 'cloud_error', message);
}

/**
 * The chosen version sent up, once the song can be shared at all: a free account or a song not yet synced would
 * leave an object no link plays (the cloud refuses both anyway; this spares the upload).
 */
async function versionFor(account: AccountService, cloud: SignedInCloud, versions: SharedVersions, song: Song, versionPath: string): Promise<PreparedVersion> {
  if ((await account.refreshTier()) === 'free') throw new AppError('forbidden', 'Sharing a song is a Pro feature.');
  const { data, error } = await cloud.supabase.from('songs').select('id').eq('id', song.supabaseId ?? song.id).maybeSingle();
  if (error) throw cloudRefusal(error);
  if (!data) throw new AppError('not_found', 'That song is not in your cloud library: sync it first.');
  // Room first: versions whose links are all revoked or expired leave the cloud.
  await releaseUnsharedQuietly(cloud, versions.uploader, account.serverClock);
  return versions.prepare(song, versionPath);
}

/**
 * A link to the song's latest bounce (which follows the song as it is bounced again), or to a chosen bounce of its
 * project, sent up first to an object of its own (`SharedVersions`).
 */
export async function shareSong(db: Db, account: AccountService, versions: SharedVersions, websiteOrigin: string, input: ShareSongInput): Promise<{ url: string; token: string; expiresAt: number }> {
  const song = getSong(db, input.id);
  if (!song) throw new AppError('not_found', 'That song no longer exists.');
  const cloud = signedIn(account);
  const version = input.versionPath === undefined ? null : await versionFor(account, cloud, versions, song, input.versionPath);
  const { data, error } = await cloud.supabase.rpc('share_create', {
    p_song_id: song.supabaseId ?? song.id,
    p_expires_in_days: input.expiresInDays ?? DEFAULT_SHARE_DAYS,
    p_password: input.password ?? null,
    p_version_path: input.versionPath ?? null,
    p_allow_download: input.allowDownload ?? false,
    p_version_time: version?.time ?? null,
    p_object_path: version?.objectPath ?? null,
    p_waveform: version?.waveform ?? null,
  });
  if (error || !data) throw cloudRefusal(error);
  const made = data as { id: string; token: string; expiresAt: number };
  const url = shareUrl(websiteOrigin, made.token);
  insertShare(db, {
    token: made.token,
    songId: song.id,
    cloudId: made.id,
    url,
    expiresAt: made.expiresAt,
    hasPassword: input.password !== undefined,
    allowDownload: input.allowDownload ?? false,
    versionPath: input.versionPath ?? null,
    createdAt: db.now(),
    commentCap: DEFAULT_COMMENT_CAP,
  });
  return { url, token: made.token, expiresAt: made.expiresAt };
}

/**
 * The song's links, newest first, each with its state by the cloud's clock (`linkState`: revoked here or in the cloud,
 * expired, or open) and its comments as last pulled (`songs:comments-pull`) against its cap. Links waiting to follow
 * their song are settled first (no request when none waits; a write only when one waited, so the read the feed asks
 * for next finds nothing to settle). The cloud is asked once, without the client's retries,
 * alongside its clock: offline, the list answers at once from what is here, by the clock last read.
 */
export async function songSharesOf(db: Db, account: AccountService, poller: CommentPoller, songId: string): Promise<SongShare[]> {
  await poller.settleLinks().catch(() => undefined);
  const rows = sharesOfSong(db, songId);
  const cloud = rows.length > 0 ? account.libraryCloud({ claim: false }) : null;
  const inCloud = new Map<string, { revoked_at: string | null; comment_cap: number }>();
  const [now] = await Promise.all([
    account.serverClock.read(cloud),
    cloud?.supabase
      .from('shares')
      .select('id, revoked_at, comment_cap')
      .in('id', rows.map((row) => row.cloudId))
      .retry(false)
      .then(({ data }) => {
        for (const row of (data ?? []) as { id: string; revoked_at: string | null; comment_cap: number }[]) inCloud.set(row.id, row);
      }),
  ]);
  const counts = commentCountsOf(db, rows.map((row) => row.cloudId));
  return rows.map((row) => {
    const revokedInCloud = inCloud.get(row.cloudId)?.revoked_at;
    const revoked = [row.revokedAt, revokedInCloud ? Date.parse(revokedInCloud) : null].filter((at): at is number => at !== null && !Number.isNaN(at));
    return {
      url: row.url,
      token: row.token,
      expiresAt: row.expiresAt,
      createdAt: row.createdAt,
      hasPassword: row.hasPassword,
      allowDownload: row.allowDownload,
      versionPath: row.versionPath,
      state: linkState({ revokedAt: revoked.length > 0 ? Math.min(...revoked) : null, expiresAt: row.expiresAt }, now),
      comments: counts.get(row.cloudId) ?? 0,
      commentCap: inCloud.get(row.cloudId)?.comment_cap ?? row.commentCap,
    };
  });
}

/** How many comments one of this computer's links takes (1 to 10,000: the cloud refuses any other). */
export async function setCommentCap(db: Db, account: AccountService, input: { token: string; cap: number }): Promise<{ commentCap: number }> {
  const link = shareByToken(db, input.token);
  if (!link) throw new AppError('not_found', 'That link was not made on this computer.');
  const cloud = signedIn(account);
  const { data, error } = await cloud.supabase.rpc('share_set_comment_cap', { p_share_id: link.cloudId, p_cap: input.cap });
  if (error || typeof data !== 'number') throw cloudRefusal(error);
  setShareCommentCap(db, input.token, data);
  return { commentCap: data };
}

export async function revokeShare(db: Db, account: AccountService, versions: SharedVersions, token: string): Promise<{ revoked: boolean }> {
  const cloud = signedIn(account);
  const { data, error } = await cloud.supabase.rpc('share_revoke', { p_token: token });
  if (error) throw cloudRefusal(error);
  markShareRevoked(db, token, await account.serverClock.read(cloud));
  await releaseUnsharedQuietly(cloud, versions.uploader, account.serverClock);
  return { revoked: data === true };
}

/**
 * What the song's listeners wrote (and the owner's replies), by the moment in the song, as last pulled (the library
 * opens offline, comments too). A read only: the pull is its own command (`pullComments`), and what it files reaches
 * the page through the change feed.
 */
export function songCommentsOf(db: Db, songId: string): ShareComment[] {
  return commentsOfSong(db, songId).map((row) => ({
    id: row.id,
    atS: row.atS,
    name: row.name,
    body: row.body,
    createdAt: row.createdAt,
    resolved: row.resolved,
    fromOwner: row.fromOwner,
    verdict: row.verdict === 'approved' || row.verdict === 'changes' ? row.verdict : null,
  }));
}

/** The comments of this computer's links pulled from the cloud now (when it answers); how many were new. */
export async function pullComments(poller: CommentPoller): Promise<{ fresh: number }> {
  return { fresh: await poller.pull().catch(() => 0) };
}

/**
 * The owner's reply at a moment, on the song's newest link made here that still opens by the cloud's clock (the
 * listeners see it on the page).
 */
export async function replyToListeners(db: Db, account: AccountService, poller: CommentPoller, input: { id: string; atS: number; body: string }): Promise<ShareComment[]> {
  const cloud = signedIn(account);
  const now = await account.serverClock.read(cloud);
  const link = sharesOfSong(db, input.id).find((row) => linkState(row, now) === 'open');
  if (!link) throw new AppError('not_found', 'This song has no link that still opens: share it again to reply.');
  const { error } = await cloud.supabase.rpc('share_reply', { p_share_id: link.cloudId, p_at_s: input.atS, p_body: input.body });
  if (error) throw cloudRefusal(error);
  await poller.pull().catch(() => undefined);
  return songCommentsOf(db, input.id);
}

/** A comment marked resolved (or open again) by the owner: the song's open count follows. */
export async function resolveComment(db: Db, account: AccountService, poller: CommentPoller, input: { commentId: string; resolved: boolean }): Promise<{ resolved: boolean }> {
  const cloud = signedIn(account);
  const { error } = await cloud.supabase.from('share_comments').update({ resolved: input.resolved }).eq('id', input.commentId);
  if (error) throw cloudRefusal(error);
  await poller.pull();
  return { resolved: input.resolved };
}

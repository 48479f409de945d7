/**
 * What listeners write comes back into the app (issue 33): for the songs with links made here, the cloud's comments
 * are pulled into `song_comments` (read offline, by the panel and the player), each song's open count is kept in
 * `meta.openComments` (the Comments column, `comments:open`), and new comments are told by a desktop notification,
 * at most one per song per hour, naming how many came. Pulled at start, every 5 minutes, and when asked (`pull`:
 * `songs:comments-pull`, which the song panel calls when it opens, and a reply or a resolve). Filed by the comments'
 * repository (`db/repositories/song-comments.ts`), so the page's comments follow the change feed; reading them
 * (`songs:comments`) pulls nothing.
 *
 * Links follow their song (issue 42): each pull first settles the links' moves and revokes waiting for the cloud
 * (`settleLinkOwners`), and a link whose song is no longer in the library files nothing: its comments would be kept
 * under an id no song has, never shown.
 */
import { withOpenComments } from '../../common/cloud/shares';
import type { Db } from '../../db/handle';
import { inTransaction } from '../../db/handle';
import { getKv, setKv } from '../../db/repositories/account';
import { filePulledComments, knownCommentIds, openCommentCount } from '../../db/repositories/song-comments';
import { linksOfLiveSongs } from '../../db/repositories/song-shares';
import { writeSongChanges } from '../../db/repositories/song-writer';
import { getSongs } from '../../db/repositories/songs';
import type { AccountService } from '../account/account-service';
import type { EventBus } from '../events';
import { linkOwnersPending, settleLinkOwners, type LinkSettlement } from './link-owners';

const PULL_EVERY_MS = 5 * 60_000;
/** Rows a request of the cloud answers at most. */
const PAGE = 1000;
/** At most one notification per song in this time. */
export const COMMENT_NOTICE_EVERY_MS = 3_600_000;
const noticeKey = (songId: string) => `sharing.comment_notice.${songId}`;

interface CloudComment {
  id: string;
  share_id: string;
  at_s: number;
  name: string;
  body: string;
  created_at: string;
  resolved: boolean;
  from_owner: boolean;
  verdict: string | null;
}

export class CommentPoller {
  private timer: NodeJS.Timeout | null = null;
  private pulling: Promise<number> | null = null;
  private settling: Promise<LinkSettlement> = Promise.resolve({ moved: 0, revoked: 0, waiting: 0 });
  private unsubscribe: (() => void) | null = null;

  constructor(
    private readonly db: Db,
    private readonly account: AccountService,
    private readonly events: EventBus,
  ) {}

  start(): void {
    void this.pull().catch(() => undefined);
    this.timer = setInterval(() => void this.pull().catch(() => undefined), PULL_EVERY_MS);
    this.timer.unref();
    // Back online or signed in again: what waited for the cloud goes at once rather than at the next pull.
    this.unsubscribe = this.events.on('account:changed', (state) => {
      if (state.connection === 'online' && linkOwnersPending(this.db) > 0) void this.settleLinks().catch(() => undefined);
    });
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.unsubscribe?.();
    this.unsubscribe = null;
  }

  /** Pulls the comments of the links made here; returns how many were new. One pull at a time. */
  pull(): Promise<number> {
    this.pulling ??= this.pullOnce().finally(() => (this.pulling = null));
    return this.pulling;
  }

  /**
   * Makes the links' moves and revokes waiting for the cloud (signed in; nothing when not). One at a time, each call a
   * whole pass after the one before: a caller sees what was pending when it called settled or still waiting.
   */
  settleLinks(): Promise<LinkSettlement> {
    const next = this.settling.catch(() => undefined).then(() => {
      const cloud = this.account.libraryCloud({ claim: false });
      return cloud ? settleLinkOwners(this.db, cloud) : { moved: 0, revoked: 0, waiting: linkOwnersPending(this.db) };
    });
    this.settling = next;
    return next;
  }

  private async pullOnce(): Promise<number> {
    const cloud = this.account.libraryCloud({ claim: false });
    if (!cloud) return 0;
    await this.settleLinks().catch((failure: unknown) => console.error('[sharing] links wait to follow their songs:', failure instanceof Error ? failure.message : failure));
    const songOfLink = linksOfLiveSongs(this.db);
    if (songOfLink.size === 0) return 0;
    // Page by page (the cloud answers at most 1,000 rows a request), in a stable order.
    const pulled: CloudComment[] = [];
    for (let offset = 0; ; offset += PAGE) {
      const { data, error } = await cloud.supabase
        .from('share_comments')
        .select('id, share_id, at_s, name, body, created_at, resolved, from_owner, verdict')
        .in('share_id', [...songOfLink.keys()])
        .order('created_at')
        .order('id')
        .range(offset, offset + PAGE - 1);
      if (error || !data) throw new Error(error?.message ?? 'no answer');
      pulled.push(...(data as CloudComment[]).filter((row) => songOfLink.has(row.share_id)));
      if (data.length < PAGE) break;
    }
    const known = knownCommentIds(this.db, pulled.map((row) => row.id));
    const filed = inTransaction(this.db, () => {
      // Read again: while the cloud answered, a song may have been merged into its twin (its links moved) or deleted.
      const songNow = linksOfLiveSongs(this.db);
      const kept = pulled.filter((row) => songNow.has(row.share_id));
      filePulledComments(
        this.db,
        kept.map((row) => ({ id: row.id, songId: songNow.get(row.share_id)!, shareId: row.share_id, atS: row.at_s, name: row.name, body: row.body, createdAt: Date.parse(row.created_at), resolved: row.resolved, fromOwner: row.from_owner, verdict: row.verdict })),
      );
      const changes = getSongs(this.db, { ids: [...new Set(songNow.values())] }).flatMap((song) => {
        const meta = withOpenComments(song.meta, openCommentCount(this.db, song.id));
        return meta['openComments'] === song.meta['openComments'] ? [] : [{ before: song, after: { ...song, meta } }];
      });
      writeSongChanges(this.db, changes);
      return { fresh: kept.filter((row) => !known.has(row.id) && !row.from_owner), songOfLink: songNow };
    });
    this.tell(filed.fresh, filed.songOfLink);
    return filed.fresh.length;
  }

  /** One notice per song for what came since its last, and none within the hour after one. */
  private tell(fresh: CloudComment[], songOfLink: Map<string, string>): void {
    const bySong = new Map<string, CloudComment[]>();
    for (const row of fresh) bySong.set(songOfLink.get(row.share_id)!, [...(bySong.get(songOfLink.get(row.share_id)!) ?? []), row]);
    const now = this.db.now();
    for (const song of getSongs(this.db, { ids: [...bySong.keys()] })) {
      const rows = bySong.get(song.id)!;
      if (now - getKv<number>(this.db, noticeKey(song.id), 0) < COMMENT_NOTICE_EVERY_MS) continue;
      setKv(this.db, noticeKey(song.id), now);
      const first = rows[0]!;
      const body = rows.length === 1 ? `${first.name}: ${first.body.slice(0, 140)}` : `${rows.length} new comments, the first from ${first.name}.`;
      this.events.emit('notify', { kind: 'info', title: `New comments on ${song.name}`, body });
    }
  }
}

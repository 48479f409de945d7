// The links' repository (issue 44): the one writer of `song_shares`, on a real SQLite file, each of its writes told by
// the change feed as `song_shares` (the panel's links follow it), and a twin merge's move told for the links and their
// comments both.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OpenedDatabase } from '../connection';
import { openTestDatabase } from '../test-support';
import { commentsOfSong, filePulledComments } from './song-comments';
import { insertShare, markShareRevoked, moveSharesToSong, pendingShareMoves, pendingShareRevokes, setShareCommentCap, settleShareMoves, settleShareRevokes, shareByToken, sharesOfSong } from './song-shares';

let db: OpenedDatabase;
beforeEach(() => (db = openTestDatabase()));
afterEach(() => db.close());

function share(token: string, songId: string, createdAt: number) {
  insertShare(db, { token, songId, cloudId: `cloud-${token}`, url: `https://songshelf.test/s/${token}`, expiresAt: createdAt + 7 * 86_400_000, hasPassword: false, allowDownload: false, versionPath: null, createdAt, commentCap: 1000 });
}

async function told(work: () => void): Promise<string[]> {
  const { changes } = await db.changes.capture(work);
  return (changes?.tables ?? []).sort();
}

describe('the links repository', () => {
  it('a link made is listed newest first, and the feed is told song_shares', async () => {
    expect(await told(() => share('t1', 'song-a', 1_000))).toEqual(['song_shares']);
    share('t2', 'song-a', 2_000);
    share('t3', 'song-b', 3_000);
    expect(sharesOfSong(db, 'song-a').map((row) => row.token)).toEqual(['t2', 't1']);
  });

  it('a revoke and a new comment cap are written and told; one of a link not made here tells nothing', async () => {
    share('t1', 'song-a', 1_000);
    expect(await told(() => markShareRevoked(db, 't1', 5_000))).toEqual(['song_shares']);
    expect(await told(() => setShareCommentCap(db, 't1', 2_000))).toEqual(['song_shares']);
    expect(shareByToken(db, 't1')).toMatchObject({ revokedAt: 5_000, commentCap: 2_000 });
    expect(await told(() => markShareRevoked(db, 'elsewhere', 5_000))).toEqual([]);
  });

  it('a twin merge moves the links and their comments, told for both, and keeps the move for the cloud', async () => {
    share('t1', 'song-a', 1_000);
    filePulledComments(db, [{ id: 'c1', songId: 'song-a', shareId: 'cloud-t1', atS: 1, name: 'Mo', body: 'Hi', createdAt: 1, resolved: false, fromOwner: false, verdict: null }]);
    expect(await told(() => moveSharesToSong(db, [{ from: 'song-a', to: 'song-b' }]))).toEqual(['kv', 'song_comments', 'song_shares']);
    expect(sharesOfSong(db, 'song-b').map((row) => row.token)).toEqual(['t1']);
    expect(commentsOfSong(db, 'song-b').map((row) => row.id)).toEqual(['c1']);
    expect(pendingShareMoves(db)).toEqual([{ from: 'song-a', to: 'song-b' }]);
    settleShareMoves(db, ['song-a']);
    expect(pendingShareMoves(db)).toEqual([]);
  });

  it('a revoke waiting for the cloud is settled by its token, told as song_shares', async () => {
    share('t1', 'song-a', 1_000);
    db.sqlite.prepare('UPDATE song_shares SET revoke_pending = 1 WHERE token = ?').run('t1');
    expect(pendingShareRevokes(db).map((row) => row.token)).toEqual(['t1']);
    expect(await told(() => settleShareRevokes(db, ['t1']))).toEqual(['song_shares']);
    expect(pendingShareRevokes(db)).toEqual([]);
  });
});

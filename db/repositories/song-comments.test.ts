// The comments' repository (issue 44): the one writer of `song_comments`, on a real SQLite file, and each of its writes
// told by the change feed as `song_comments` (so the panel's comments and the player's pins follow it); a pull that
// brings nothing new writes nothing, so it tells nothing.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OpenedDatabase } from '../connection';
import { openTestDatabase } from '../test-support';
import { commentCountsOf, commentsOfSong, filePulledComments, knownCommentIds, moveCommentsToSong, openCommentCount, type SongCommentRow } from './song-comments';

let db: OpenedDatabase;
beforeEach(() => (db = openTestDatabase()));
afterEach(() => db.close());

const comment = (id: string, patch: Partial<SongCommentRow> = {}): SongCommentRow => ({
  id,
  songId: 'song-a',
  shareId: 'link-1',
  atS: 10,
  name: 'Ana',
  body: `Comment ${id}`,
  createdAt: Date.UTC(2026, 0, 2),
  resolved: false,
  fromOwner: false,
  verdict: null,
  ...patch,
});

/** The tables a write told the feed, as a call from the page collects them. */
async function told(work: () => void): Promise<string[]> {
  const { changes } = await db.changes.capture(work);
  return changes?.tables ?? [];
}

describe('the comments repository', () => {
  it('files pulled comments, read back by their moment, and the feed is told song_comments', async () => {
    expect(await told(() => filePulledComments(db, [comment('c2', { atS: 30 }), comment('c1', { atS: 12 }), comment('c3', { atS: 20, fromOwner: true })]))).toEqual(['song_comments']);
    expect(commentsOfSong(db, 'song-a').map((row) => [row.id, row.atS])).toEqual([
      ['c1', 12],
      ['c3', 20],
      ['c2', 30],
    ]);
    expect(knownCommentIds(db, ['c1', 'c9'])).toEqual(new Set(['c1']));
  });

  it('a pull that brings the comments as they are here writes nothing and tells nothing', async () => {
    filePulledComments(db, [comment('c1'), comment('c2')]);
    expect(await told(() => filePulledComments(db, [comment('c1'), comment('c2')]))).toEqual([]);
  });

  it('a comment resolved in the cloud is written again (and told); the song’s open count follows', async () => {
    filePulledComments(db, [comment('c1'), comment('c2'), comment('c3', { fromOwner: true })]);
    expect(openCommentCount(db, 'song-a')).toBe(2);
    expect(await told(() => filePulledComments(db, [comment('c1', { resolved: true }), comment('c2'), comment('c3', { fromOwner: true })]))).toEqual(['song_comments']);
    expect(openCommentCount(db, 'song-a')).toBe(1);
    expect(commentsOfSong(db, 'song-a').find((row) => row.id === 'c1')?.resolved).toBe(true);
  });

  it('counts each link’s comments, the owner’s replies too (as the cloud’s cap does)', () => {
    filePulledComments(db, [comment('c1'), comment('c2', { fromOwner: true }), comment('c3', { shareId: 'link-2' })]);
    expect(commentCountsOf(db, ['link-1', 'link-2', 'link-3'])).toEqual(
      new Map([
        ['link-1', 2],
        ['link-2', 1],
      ]),
    );
  });

  it('moves a song’s comments to another (a twin merge), told as song_comments', async () => {
    filePulledComments(db, [comment('c1'), comment('c2', { songId: 'song-b' })]);
    expect(await told(() => moveCommentsToSong(db, 'song-a', 'song-b'))).toEqual(['song_comments']);
    expect(commentsOfSong(db, 'song-a')).toEqual([]);
    expect(commentsOfSong(db, 'song-b').map((row) => row.id)).toEqual(['c1', 'c2']);
  });
});

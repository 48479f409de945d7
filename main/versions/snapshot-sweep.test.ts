// Snapshots follow their song (issue 28): a merged song's move to the song kept, the same content once; a song
// deleted for good keeps them 30 days from when the sweep first finds it gone; a hidden song keeps them.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DELETED_SONG_SNAPSHOTS_KEPT_MS } from '../../common/constants';
import type { OpenedDatabase } from '../../db/connection';
import { pendingSnapshotMoves, recordSnapshotMoves } from '../../db/repositories/snapshot-owners';
import { insertSongs } from '../../db/repositories/song-writer';
import { addSong, deleteSong } from '../../db/repositories/songs';
import { openTestDatabase, tempDir, testClock, type TestClock } from '../../db/test-support';
import { writeAls } from '../../fixtures/generators/als';
import { sweepSnapshots } from './snapshot-sweep';
import { snapshotSession } from './snapshots';

const DAY = 24 * 60 * 60 * 1000;

let clock: TestClock;
let db: OpenedDatabase;
let dataDir: string;

beforeEach(() => {
  clock = testClock();
  db = openTestDatabase(clock);
  dataDir = tempDir();
});
afterEach(() => {
  db.close();
  vi.restoreAllMocks();
});

/** A save at `tempo`, kept for `songId`, stamped `minute` minutes into the day; its file name. */
async function save(songId: string, tempo: number, minute: number): Promise<string> {
  const set = path.join(tempDir(), 'Song.als');
  writeAls(set, { tempo });
  fs.utimesSync(set, 1_700_000_000 + minute * 60, 1_700_000_000 + minute * 60);
  return path.basename((await snapshotSession(dataDir, songId, set))!);
}

const kept = (songId: string) => (fs.existsSync(path.join(dataDir, 'snapshots', songId)) ? fs.readdirSync(path.join(dataDir, 'snapshots', songId)).sort() : []);

describe('sweepSnapshots', () => {
  it('keeps a song’s snapshots 30 days after it is deleted for good, then removes them and says so; a hidden song keeps its own', async () => {
    const live = addSong(db, { name: 'Live' });
    const hidden = addSong(db, { name: 'Hidden', source: 'directory', projectPath: '/music/Hidden Project' });
    const gone = addSong(db, { name: 'Gone' });
    for (const song of [live, hidden, gone]) await save(song.id, 120, 1);
    expect(deleteSong(db, hidden.id)).toBe('hidden');
    expect(deleteSong(db, gone.id)).toBe('deleted');
    const log = vi.spyOn(console, 'info').mockImplementation(() => undefined);

    const start = clock.now();
    expect(await sweepSnapshots(db, dataDir, start)).toEqual({ moved: 0, waiting: 1, removed: [], removedBytes: 0 });
    expect(await sweepSnapshots(db, dataDir, start + DELETED_SONG_SNAPSHOTS_KEPT_MS - DAY)).toMatchObject({ waiting: 1, removed: [] });
    expect(kept(gone.id)).toHaveLength(1);
    expect(log).not.toHaveBeenCalled();

    const swept = await sweepSnapshots(db, dataDir, start + DELETED_SONG_SNAPSHOTS_KEPT_MS);
    expect(swept).toMatchObject({ waiting: 0, removed: [gone.id], removedBytes: expect.any(Number) });
    expect(swept.removedBytes).toBeGreaterThan(0);
    expect(kept(gone.id)).toEqual([]);
    expect(log).toHaveBeenCalledWith(expect.stringContaining(`removed the snapshots of 1 song(s) deleted for good over 30 days ago`));
    expect(log.mock.calls[0]![0]).toContain(gone.id);
    for (const song of [live, hidden]) expect(kept(song.id)).toHaveLength(1);
  });

  it('forgets a song’s 30 days when it comes back (pulled again from another computer): its snapshots stay', async () => {
    const song = addSong(db, { name: 'Back' });
    await save(song.id, 120, 1);
    const start = clock.now();
    deleteSong(db, song.id);
    expect(await sweepSnapshots(db, dataDir, start)).toMatchObject({ waiting: 1 });
    insertSongs(db, [song], null);
    expect(await sweepSnapshots(db, dataDir, start + DAY)).toMatchObject({ waiting: 0, removed: [] });
    expect(await sweepSnapshots(db, dataDir, start + DELETED_SONG_SNAPSHOTS_KEPT_MS + DAY)).toMatchObject({ waiting: 0, removed: [] });
    expect(kept(song.id)).toHaveLength(1);
  });

  it('moves a merged song’s snapshots the app had no time to move, the same content once with its earlier time, and removes none of them', async () => {
    const keeper = addSong(db, { name: 'Kept' });
    const merged = addSong(db, { name: 'Merged' });
    const ownFirst = await save(keeper.id, 100, 10);
    const shared = await save(keeper.id, 110, 20);
    expect(await save(merged.id, 110, 5)).toBe(shared);
    const theirs = await save(merged.id, 120, 30);
    // The merge's transaction: the song deleted, its snapshots promised to the one kept; then the app stopped.
    deleteSong(db, merged.id);
    recordSnapshotMoves(db, [{ from: merged.id, to: keeper.id }]);

    const swept = await sweepSnapshots(db, dataDir, clock.now() + DELETED_SONG_SNAPSHOTS_KEPT_MS * 2);
    expect(swept).toEqual({ moved: 1, waiting: 0, removed: [], removedBytes: 0 });
    expect(kept(keeper.id)).toEqual([ownFirst, shared, theirs].sort());
    expect(fs.existsSync(path.join(dataDir, 'snapshots', merged.id))).toBe(false);
    expect(fs.statSync(path.join(dataDir, 'snapshots', keeper.id, shared)).mtimeMs).toBe((1_700_000_000 + 5 * 60) * 1000);
    expect(pendingSnapshotMoves(db)).toEqual([]);
  });
});

describe('recordSnapshotMoves', () => {
  it('sends a move waiting toward a song merged away in turn on to the song kept last', () => {
    const [a, b, c] = ['01a20d87-265f-73c1-bba7-d5b791c71501', '01a20d87-265f-73c1-bba7-d5b791c71502', '01a20d87-265f-73c1-bba7-d5b791c71503'];
    recordSnapshotMoves(db, [{ from: c, to: b }]);
    recordSnapshotMoves(db, [{ from: b, to: a }]);
    expect(pendingSnapshotMoves(db)).toEqual([
      { from: c, to: a },
      { from: b, to: a },
    ]);
  });
});

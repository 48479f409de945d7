// A library-wide snapshot budget with a free-space floor (issue 28): over the total, the oldest snapshots of any song
// go first; under the floor no snapshot is taken, the user is told once, and snapshots resume when space is back.
// The free space is read through the keeper's reader, given here so a test can be short of space.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppNotification } from '../../common/projects/library';
import { DEFAULT_SNAPSHOT_BUDGET, type SnapshotBudget } from '../../common/projects/project-versions';
import type { OpenedDatabase } from '../../db/connection';
import { setSnapshotBudget } from '../../db/repositories/snapshot-budget';
import { openTestDatabase, tempDir } from '../../db/test-support';
import { writeAls } from '../../fixtures/generators/als';
import { EventBus } from '../events';
import { SnapshotKeeper } from './snapshot-keeper';
import { planThinning } from './snapshot-thinning';
import type { StoredSnapshot } from './snapshots';

const GB = 1024 * 1024 * 1024;
const MB = 1024 * 1024;
const SONGS = ['01a20d87-265f-73c1-bba7-d5b791c71501', '01a20d87-265f-73c1-bba7-d5b791c71502', '01a20d87-265f-73c1-bba7-d5b791c71503'];

let db: OpenedDatabase;
let dataDir: string;
let events: EventBus;
let notices: AppNotification[];
let freeBytes: number;
let keeper: SnapshotKeeper;

beforeEach(() => {
  db = openTestDatabase();
  dataDir = tempDir();
  events = new EventBus();
  notices = [];
  events.on('notify', (notice) => notices.push(notice));
  freeBytes = 100 * GB;
  keeper = new SnapshotKeeper(db, dataDir, events, { freeBytes: async () => freeBytes });
});
afterEach(() => db.close());

/** A save of a set of about `bytes`, `minute` minutes in; the session file. */
function saved(minute: number, options: { tempo?: number; bytes?: number } = {}): string {
  const set = path.join(tempDir(), 'Song.als');
  writeAls(set, { tempo: options.tempo ?? 100 + minute, seed: minute, ...(options.bytes ? { targetCompressedBytes: options.bytes } : {}) });
  fs.utimesSync(set, 1_700_000_000 + minute * 60, 1_700_000_000 + minute * 60);
  return set;
}

const songOf = (snapshot: string) => path.basename(path.dirname(snapshot));
const kept = (songId: string) => (fs.existsSync(path.join(dataDir, 'snapshots', songId)) ? fs.readdirSync(path.join(dataDir, 'snapshots', songId)).length : 0);

describe('the library’s total', () => {
  it('thins the oldest snapshots across every song first when the library is over its total', async () => {
    setSnapshotBudget(db, { ...DEFAULT_SNAPSHOT_BUDGET, totalMegabytes: 10 });
    // Sets of about 3.6 MB: two fit in 10 MB, three do not.
    const first = (await keeper.take(SONGS[0]!, saved(1, { bytes: 3_600_000 })))!;
    await keeper.take(SONGS[1]!, saved(2, { bytes: 3_600_000 }));
    expect([kept(SONGS[0]!), kept(SONGS[1]!)]).toEqual([1, 1]);
    await keeper.take(SONGS[2]!, saved(3, { bytes: 3_600_000 }));
    // The oldest of the library was the first song's only snapshot, though each song is well within its own budget.
    expect(fs.existsSync(first)).toBe(false);
    expect(SONGS.map(kept)).toEqual([0, 1, 1]);
    await keeper.take(SONGS[0]!, saved(4, { bytes: 3_600_000 }));
    expect(SONGS.map(kept)).toEqual([1, 0, 1]);
    expect((await keeper.usage()).bytes).toBeLessThanOrEqual(10 * MB);
  });

  it('plans by one rule for the preview and the removal: a song’s own budget, then the library’s, oldest first', () => {
    const snapshot = (songId: string, time: number, megabytes: number): StoredSnapshot => ({ songId, path: `/${songId}/${time}`, time, sizeBytes: megabytes * MB });
    const [a, b] = SONGS as [string, string];
    const all = [snapshot(a, 1, 10), snapshot(a, 2, 10), snapshot(a, 3, 10), snapshot(b, 4, 10), snapshot(b, 5, 300)];
    const times = (budget: SnapshotBudget) => planThinning(all, budget).map((removed) => removed.time);
    const cases: [string, SnapshotBudget, number[]][] = [
      ['all within', { count: 50, megabytes: 500, totalMegabytes: 5000 }, []],
      ['two a song', { count: 2, megabytes: 500, totalMegabytes: 5000 }, [1]],
      ['a song’s megabytes: the newest stays, however large', { count: 50, megabytes: 100, totalMegabytes: 5000 }, [4]],
      ['the library’s total, oldest of any song first', { count: 50, megabytes: 500, totalMegabytes: 320 }, [1, 2]],
      ['both', { count: 2, megabytes: 100, totalMegabytes: 310 }, [1, 2, 4]],
      ['a total under the newest: it stays alone', { count: 50, megabytes: 500, totalMegabytes: 1 }, [1, 2, 3, 4]],
    ];
    for (const [name, budget, removed] of cases) expect(times(budget), name).toEqual(removed);
  });
});

describe('the free-space floor', () => {
  it('takes no snapshot under 2 GB free, tells the user once, and takes them again when space is back', async () => {
    freeBytes = 1.5 * GB;
    expect(await keeper.take(SONGS[0]!, saved(1))).toBeNull();
    expect(await keeper.take(SONGS[0]!, saved(2))).toBeNull();
    expect(kept(SONGS[0]!)).toBe(0);
    expect(notices).toEqual([{ kind: 'info', title: 'Snapshots paused: the disk is nearly full', body: expect.stringContaining('Less than 2 GB is free') }]);
    expect(await keeper.usage()).toMatchObject({ pausedForSpace: true });
    // Told once for good: a core started again on the same library does not tell again.
    const again = new SnapshotKeeper(db, dataDir, events, { freeBytes: async () => freeBytes });
    expect(await again.take(SONGS[0]!, saved(3))).toBeNull();
    expect(notices).toHaveLength(1);

    freeBytes = 50 * GB;
    const taken = await keeper.take(SONGS[0]!, saved(4));
    expect(taken).not.toBeNull();
    expect(songOf(taken!)).toBe(SONGS[0]);
    expect(await keeper.usage()).toMatchObject({ pausedForSpace: false, snapshots: 1 });
    // A new shortage is news again.
    freeBytes = GB;
    expect(await keeper.take(SONGS[0]!, saved(5))).toBeNull();
    expect(notices).toHaveLength(2);
  });

  it('takes no snapshot that would itself bring the disk under the floor', async () => {
    const session = saved(1, { bytes: 200_000 });
    freeBytes = 2 * GB + fs.statSync(session).size - 1;
    expect(await keeper.take(SONGS[0]!, session)).toBeNull();
    freeBytes = 2 * GB + fs.statSync(session).size;
    expect(await keeper.take(SONGS[0]!, session)).not.toBeNull();
  });

  it('reads the real free space with fs.statfs when none is given', async () => {
    const real = new SnapshotKeeper(db, dataDir, events);
    expect(await real.take(SONGS[0]!, saved(1))).not.toBeNull();
  });
});

// `studio:summary` from SQLite (issue 32) gives what the same rule gives over the songs in memory (the website's).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Song } from '../../common/songs/song';
import { storedActivity, studioFactsOf, studioSummary } from '../../common/studio/studio-time';
import type { OpenedDatabase } from '../connection';
import { inTransaction } from '../handle';
import { openTestDatabase, testClock } from '../test-support';
import { insertSongs } from './song-writer';
import { buildSong, getSongs } from './songs';
import { readStudioSummary } from './studio';

const NOW = new Date(2026, 4, 20, 18).getTime();
const DAY = 86_400_000;
let db: OpenedDatabase;
beforeEach(() => (db = openTestDatabase(testClock(NOW))));
afterEach(() => db.close());

function song(n: number, fields: Partial<Song>): Song {
  return { ...buildSong({ name: `Studio ${n}`, source: 'directory', projectPath: `/Music/Studio ${n}` }, NOW - 400 * DAY, `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`), ...fields };
}

describe('the studio summary read from SQLite', () => {
  it('counts the year’s sessions and the finished songs outside Hidden, as the rule does in memory', () => {
    const sessions = (daysAgo: number[]) => storedActivity(daysAgo.flatMap((ago) => [NOW - ago * DAY, NOW - ago * DAY + 3_600_000]));
    const songs = [
      song(1, { meta: { activity: sessions([1, 2, 30]) } as never }),
      song(2, { meta: { activity: sessions([2, 500]) } as never, status: 'Done', editedAt: { status: NOW - 10 * DAY } }),
      song(3, { meta: { activity: sessions([3]) } as never, hidden: true }),
      song(4, { status: 'Done', editedAt: { status: NOW - 100 * DAY } }),
      song(5, { meta: { activity: sessions([700]) } as never }),
      song(6, { meta: { activity: 'a lot' } as never, status: 'Mixing' }),
    ];
    inTransaction(db, () => insertSongs(db, songs));
    const summary = readStudioSummary(db, NOW);
    expect(summary).toEqual(studioSummary(getSongs(db, {}).filter((stored) => !stored.hidden).map(studioFactsOf), NOW));
    expect(summary).toMatchObject({ sessions: 4, songsWorked: 2, hours: 4 });
    expect(summary.finished.reduce((sum, month) => sum + month.count, 0)).toBe(2);
  });
});

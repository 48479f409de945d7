// The weekly nudge (issue 32): opt-in, at most one a week, about songs in progress gone cold, never hidden ones.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Song } from '../../common/songs/song';
import { storedActivity } from '../../common/studio/studio-time';
import type { OpenedDatabase } from '../../db/connection';
import { inTransaction } from '../../db/handle';
import { insertSongs } from '../../db/repositories/song-writer';
import { buildSong } from '../../db/repositories/songs';
import { setStudioSettings } from '../../db/repositories/studio-settings';
import { openTestDatabase, testClock, type TestClock } from '../../db/test-support';
import { EventBus } from '../events';
import { NUDGE_EVERY_MS, StudioNudges } from './nudges';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 5, 1, 12);
let clock: TestClock;
let db: OpenedDatabase;
beforeEach(() => {
  clock = testClock(NOW);
  db = openTestDatabase(clock);
});
afterEach(() => db.close());

function song(n: number, status: Song['status'], lastWorkedDaysAgo: number | null, hidden = false): Song {
  const built = buildSong({ name: `Nudge ${n}`, source: 'directory', projectPath: `/Music/Nudge ${n}`, status }, NOW - 500 * DAY, `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`);
  const saves = lastWorkedDaysAgo === null ? [] : [NOW - lastWorkedDaysAgo * DAY - 3_600_000, NOW - lastWorkedDaysAgo * DAY];
  return { ...built, hidden, meta: saves.length > 0 ? { activity: storedActivity(saves) as never } : {} };
}

function listen(events: EventBus): { title: string; body: string }[] {
  const heard: { title: string; body: string }[] = [];
  events.on('notify', (notice) => heard.push(notice));
  return heard;
}

describe('the weekly nudge', () => {
  it('names the songs in progress gone cold, once a week, and only when the user asked for it', () => {
    inTransaction(db, () =>
      insertSongs(db, [
        song(1, 'Mixing', 40),
        song(2, 'Mixing', 31),
        song(3, 'Mixing', 5),
        song(4, 'Writing', 90),
        song(5, 'Mixing', 60, true),
        song(6, 'Done', 200),
        song(7, 'Backlog', 200),
        song(8, 'Recording', null),
      ]),
    );
    const events = new EventBus();
    const heard = listen(events);
    const nudges = new StudioNudges(db, events);

    expect(nudges.check()).toBeNull();
    setStudioSettings(db, { nudges: true });
    expect(nudges.check()).toBe('2 songs in Mixing and 1 in Writing untouched for 30 days');
    expect(heard).toEqual([{ kind: 'info', title: 'Songs waiting for you', body: '2 songs in Mixing and 1 in Writing untouched for 30 days.' }]);

    // Not again within the week, even from a new start of the app.
    clock.advance(NUDGE_EVERY_MS - 60_000);
    expect(new StudioNudges(db, events).check()).toBeNull();
    clock.advance(60_000);
    setStudioSettings(db, { stalledAfterDays: 60 });
    expect(nudges.check()).toBe('1 song in Writing untouched for 60 days');
    expect(heard).toHaveLength(2);
  });

  it('says nothing when no song in progress has gone cold', () => {
    inTransaction(db, () => insertSongs(db, [song(1, 'Mixing', 2), song(2, 'Done', 300)]));
    setStudioSettings(db, { nudges: true });
    expect(new StudioNudges(db, new EventBus()).check()).toBeNull();
  });
});

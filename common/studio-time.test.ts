import { describe, expect, it } from 'vitest';
import { songActivity, workSessions } from './studio-time';

const at = (day: number, hour: number, minute = 0) => new Date(2026, 2, day, hour, minute).getTime();

describe('work sessions from saves', () => {
  it('joins saves closer than the gap into one session, and starts another after a longer pause', () => {
    const saves = [at(1, 20), at(1, 21, 15), at(1, 22, 40), at(2, 9), at(2, 9, 30)];
    expect(workSessions([...saves].reverse())).toEqual([
      { start: at(1, 20), end: at(1, 22, 40) },
      { start: at(2, 9), end: at(2, 9, 30) },
    ]);
    // A tighter gap splits the evening where the pause was longer than it.
    expect(workSessions(saves, 80 * 60 * 1000)).toHaveLength(3);
  });

  it('keeps a session across midnight whole, and counts both its days in the streak', () => {
    const activity = songActivity([at(3, 23, 10), at(4, 0, 20), at(4, 1, 5), at(5, 18)]);
    expect(activity.sessions).toEqual([
      { start: at(3, 23, 10), end: at(4, 1, 5) },
      { start: at(5, 18), end: at(5, 18) },
    ]);
    expect(activity.hours).toBeCloseTo(1.92, 2);
    expect(activity.streakDays).toBe(3);
    expect([activity.firstWorked, activity.lastWorked]).toEqual([at(3, 23, 10), at(5, 18)]);
  });

  it('gives a song with no saves nothing, and one save a session of no length', () => {
    expect(songActivity([])).toEqual({ sessions: [], hours: 0, firstWorked: null, lastWorked: null, streakDays: 0 });
    expect(songActivity([at(7, 12), at(7, 12), Number.NaN])).toMatchObject({ sessions: [{ start: at(7, 12), end: at(7, 12) }], hours: 0, streakDays: 1 });
  });
});

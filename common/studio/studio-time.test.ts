import { describe, expect, it } from 'vitest';
import { activityOf, dayOf, dayText, hoursPerDay, MAX_KEPT_SESSIONS, sinceText, songActivity, storedActivity, studioSummary, weeklyHours, workSessions } from './studio-time';

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

describe('the studio time a song keeps', () => {
  it('keeps the latest sessions and the figures over all of them, and reads back what it wrote', () => {
    const saves = Array.from({ length: MAX_KEPT_SESSIONS + 20 }, (_, index) => at(1, 12) + index * 86_400_000);
    const stored = storedActivity(saves);
    expect(stored.sessions).toHaveLength(MAX_KEPT_SESSIONS);
    expect(stored.sessionCount).toBe(MAX_KEPT_SESSIONS + 20);
    expect(stored.streakDays).toBe(MAX_KEPT_SESSIONS + 20);
    expect(stored.sessions[0]).toEqual([saves[20], saves[20]]);
    expect(stored.firstWorked).toBe(saves[0]);
    expect(activityOf({ activity: JSON.parse(JSON.stringify(stored)) })).toEqual(stored);
  });

  it('takes from a row of another computer only well-formed sessions in order, and figures that fit them', () => {
    expect(activityOf({})).toBeNull();
    expect(activityOf({ activity: 'lots' })).toBeNull();
    expect(activityOf({ activity: { sessions: 'all' } })).toBeNull();
    const hostile = {
      activity: {
        sessions: [[at(2, 10), at(2, 11)], [at(2, 10, 30), at(2, 12)], ['x', 1], [at(3, 12), at(3, 11)], [0, 1], [at(4, 10), at(9, 10)], [at(5, 9), at(5, 10), 3], [at(6, 9), at(6, 10)]],
        sessionCount: -4,
        hours: 1e30,
        firstWorked: at(9, 1),
        lastWorked: 5e15,
        streakDays: Number.NaN,
        gapMinutes: 1e9,
      },
    };
    expect(activityOf(hostile)).toEqual({
      sessions: [[at(2, 10), at(2, 11)], [at(6, 9), at(6, 10)]],
      sessionCount: 2,
      hours: 2,
      firstWorked: at(2, 10),
      lastWorked: at(6, 10),
      streakDays: 1,
      gapMinutes: 90,
    });
  });
});

describe('the studio calendar and strip', () => {
  it('splits a session across midnight between its two days', () => {
    const hours = hoursPerDay([[at(3, 23), at(4, 1, 30)]]);
    expect(Object.fromEntries([...hours].map(([day, value]) => [dayText(day), value]))).toEqual({ '2026-03-03': 1, '2026-03-04': 1.5 });
    expect(dayText(dayOf(at(4, 0, 5)))).toBe('2026-03-04');
  });

  it('sums a song’s hours per week, oldest first, and leaves out what is older than the strip', () => {
    const now = at(28, 12);
    const older = new Date(2026, 1, 20, 10).getTime();
    const weeks = weeklyHours([[older, older + 3_600_000], [at(1, 10), at(1, 12)], [at(27, 9), at(27, 10)], [at(28, 8), at(28, 8, 30)]], 4, now);
    expect(weeks).toEqual([2, 0, 0, 1.5]);
    expect(weeklyHours([[at(10, 10), at(10, 13)]], 4, now)).toEqual([0, 3, 0, 0]);
  });

  it('counts the days worked over the last year across songs, and the songs finished per month', () => {
    const now = at(20, 18);
    const summary = studioSummary(
      [
        { activity: storedActivity([at(2, 20), at(2, 21)]), finishedAt: at(15, 10) },
        { activity: storedActivity([at(2, 22), at(2, 23, 30), at(19, 9)]), finishedAt: null },
        { activity: storedActivity([new Date(2024, 0, 5, 10).getTime(), new Date(2024, 0, 5, 11).getTime()]), finishedAt: new Date(2024, 0, 6).getTime() },
        { activity: null, finishedAt: at(1, 9) },
      ],
      now,
    );
    expect(summary.days).toEqual([
      { day: '2026-03-02', hours: 2.5, songs: 2 },
      { day: '2026-03-19', hours: 0, songs: 1 },
    ]);
    expect(summary).toMatchObject({ hours: 2.5, sessions: 3, songsWorked: 2 });
    expect(summary.finished).toHaveLength(12);
    expect(summary.finished.at(-1)).toEqual({ month: '2026-03', count: 2 });
    expect(summary.finished.reduce((sum, month) => sum + month.count, 0)).toBe(2);
  });

  it('says when a song was last worked on as a musician would', () => {
    const now = at(20, 18);
    expect(sinceText(null, now)).toBe('not worked on yet');
    expect(sinceText(at(20, 1), now)).toBe('today');
    expect(sinceText(at(19, 23), now)).toBe('yesterday');
    expect(sinceText(at(10, 12), now)).toBe('10 days ago');
    expect(sinceText(now - 120 * 86_400_000, now)).toBe('4 months ago');
    expect(sinceText(now - 800 * 86_400_000, now)).toBe('2 years ago');
  });
});

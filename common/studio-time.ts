/**
 * Studio time (issue 32): every save the app knows of is a moment of work; saves closer than a gap form one work
 * session. No file is read for it beyond what the versions already read (their names and times).
 */

/** Saves closer than this are one session (a setting; 90 minutes by default). */
export const DEFAULT_SESSION_GAP_MS = 90 * 60 * 1000;

export interface WorkSession {
  /** ms since 1970: the session's first save. */
  start: number;
  /** Its last save. */
  end: number;
}

export interface SongActivity {
  sessions: WorkSession[];
  /** The sessions' lengths summed, from first save to last: a session of one save counts none. */
  hours: number;
  firstWorked: number | null;
  lastWorked: number | null;
  /** The most days in a row with a session (by this computer's calendar). */
  streakDays: number;
}

/** The saves' times (any order, repeats allowed) grouped into sessions, oldest first. */
export function workSessions(saveTimes: readonly number[], gapMs = DEFAULT_SESSION_GAP_MS): WorkSession[] {
  const times = [...new Set(saveTimes.filter((time) => Number.isFinite(time)))].sort((a, b) => a - b);
  const sessions: WorkSession[] = [];
  for (const time of times) {
    const last = sessions.at(-1);
    if (last && time - last.end <= gapMs) last.end = time;
    else sessions.push({ start: time, end: time });
  }
  return sessions;
}

export function songActivity(saveTimes: readonly number[], gapMs = DEFAULT_SESSION_GAP_MS): SongActivity {
  const sessions = workSessions(saveTimes, gapMs);
  const hours = sessions.reduce((sum, session) => sum + (session.end - session.start), 0) / 3_600_000;
  return {
    sessions,
    hours: Math.round(hours * 100) / 100,
    firstWorked: sessions[0]?.start ?? null,
    lastWorked: sessions.at(-1)?.end ?? null,
    streakDays: longestStreak(sessions),
  };
}

/** Days a session touched (a session across midnight counts both days), and the longest run of them. */
function longestStreak(sessions: readonly WorkSession[]): number {
  const days = new Set<number>();
  for (const { start, end } of sessions) {
    for (let day = dayNumber(start); day <= dayNumber(end); day++) days.add(day);
  }
  let longest = 0;
  for (const day of days) {
    if (days.has(day - 1)) continue;
    let length = 1;
    while (days.has(day + length)) length++;
    longest = Math.max(longest, length);
  }
  return longest;
}

/** Whole days since 1970 on this computer's calendar. */
function dayNumber(time: number): number {
  const date = new Date(time);
  return Math.round(Date.UTC(date.getFullYear(), date.getMonth(), date.getDate()) / 86_400_000);
}

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

/**
 * What a song keeps of its studio time (`meta.activity`, written by the scan's project reads from the versions they
 * list): its sessions (the latest `MAX_KEPT_SESSIONS`, as `[start, end]`) and the figures over all of them.
 */
export interface StoredActivity {
  sessions: [number, number][];
  sessionCount: number;
  hours: number;
  firstWorked: number | null;
  lastWorked: number | null;
  streakDays: number;
}

/** More sessions than a year of daily work: a song keeps its latest, the rest live on in its figures. */
export const MAX_KEPT_SESSIONS = 400;

export function storedActivity(saveTimes: readonly number[], gapMs = DEFAULT_SESSION_GAP_MS): StoredActivity {
  const activity = songActivity(saveTimes, gapMs);
  return {
    sessions: activity.sessions.slice(-MAX_KEPT_SESSIONS).map((session) => [session.start, session.end]),
    sessionCount: activity.sessions.length,
    hours: activity.hours,
    firstWorked: activity.firstWorked,
    lastWorked: activity.lastWorked,
    streakDays: activity.streakDays,
  };
}

/** No save before 1990 or after 2200 is real; a session longer than two days is not one (gaps join at most hours). */
const EARLIEST = Date.UTC(1990, 0, 1);
const LATEST = Date.UTC(2200, 0, 1);
const LONGEST_SESSION_MS = 2 * 86_400_000;

/**
 * A song's studio time, checked: `meta` may come from another computer through the cloud, so only well-formed
 * sessions count, in order, and the figures are recomputed from them where the stored ones do not fit.
 */
export function activityOf(meta: Record<string, unknown>): StoredActivity | null {
  const value = meta['activity'];
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const stored = value as Record<string, unknown>;
  if (!Array.isArray(stored.sessions)) return null;
  const sessions: [number, number][] = [];
  for (const item of stored.sessions.slice(-MAX_KEPT_SESSIONS)) {
    if (!Array.isArray(item) || item.length !== 2) continue;
    const [start, end] = item as unknown[];
    if (!isTime(start) || !isTime(end) || end < start || end - start > LONGEST_SESSION_MS) continue;
    if (sessions.length > 0 && start < (sessions.at(-1) as [number, number])[1]) continue;
    sessions.push([start, end]);
  }
  const count = (name: string, max: number, fallback: number) => {
    const figure = stored[name];
    return typeof figure === 'number' && Number.isFinite(figure) && figure >= fallback && figure <= max ? figure : fallback;
  };
  const keptHours = Math.round((sessions.reduce((sum, [start, end]) => sum + end - start, 0) / 3_600_000) * 100) / 100;
  const first = stored.firstWorked;
  return {
    sessions,
    sessionCount: Math.round(count('sessionCount', 1_000_000, sessions.length)),
    hours: count('hours', 1_000_000, keptHours),
    firstWorked: isTime(first) && (sessions.length === 0 || first <= sessions[0]![0]) ? first : (sessions[0]?.[0] ?? null),
    lastWorked: sessions.at(-1)?.[1] ?? null,
    streakDays: Math.round(count('streakDays', 100_000, sessions.length > 0 ? 1 : 0)),
  };
}

function isTime(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= EARLIEST && value <= LATEST;
}

/** "today", "yesterday", "5 days ago", "3 months ago": when a song was last worked on, as a card says it. */
export function sinceText(time: number | null, now: number): string {
  if (time === null) return 'not worked on yet';
  const days = Math.floor((startOfDay(now) - startOfDay(time)) / 86_400_000);
  if (days <= 0) return 'today';
  if (days === 1) return 'yesterday';
  if (days < 45) return `${days} days ago`;
  if (days < 550) return `${Math.round(days / 30.44)} months ago`;
  return `${Math.round(days / 365.25)} years ago`;
}

function startOfDay(time: number): number {
  const date = new Date(time);
  return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
}

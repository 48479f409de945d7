/**
 * Studio time (issue 32): every save the app knows of is a moment of work; saves closer than a gap form one work
 * session. No file is read for it beyond what the versions already read (their names and times).
 */

import type { Song } from '../songs/song';
import { FINISHED_STATUS } from '../songs/status-roles';
import { editTime } from '../songs/song-edits';

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
  /** The gap the sessions were grouped with (the user's setting then): a song grouped with another is grouped again. */
  gapMinutes: number;
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
    gapMinutes: Math.round(gapMs / 60_000),
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
  const figure = (name: string, min: number, max: number, fallback: number) => {
    const value = stored[name];
    return typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max ? value : fallback;
  };
  const atLeast = (name: string, max: number, least: number) => figure(name, least, max, least);
  const keptHours = Math.round((sessions.reduce((sum, [start, end]) => sum + end - start, 0) / 3_600_000) * 100) / 100;
  const first = stored.firstWorked;
  return {
    sessions,
    sessionCount: Math.round(atLeast('sessionCount', 1_000_000, sessions.length)),
    hours: atLeast('hours', 1_000_000, keptHours),
    firstWorked: isTime(first) && (sessions.length === 0 || first <= sessions[0]![0]) ? first : (sessions[0]?.[0] ?? null),
    lastWorked: sessions.at(-1)?.[1] ?? null,
    streakDays: Math.round(atLeast('streakDays', 100_000, sessions.length > 0 ? 1 : 0)),
    gapMinutes: Math.round(figure('gapMinutes', 1, 24 * 60, DEFAULT_SESSION_GAP_MS / 60_000)),
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
  if (days < 60) return `${days} days ago`;
  if (days < 550) return `${Math.round(days / 30.44)} months ago`;
  return `${Math.round(days / 365.25)} years ago`;
}

function startOfDay(time: number): number {
  const date = new Date(time);
  return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
}

/** Hours of work on each day (this computer's calendar, `dayNumber`) a session touched: one across midnight is split. */
export function hoursPerDay(sessions: readonly (readonly [number, number])[], into = new Map<number, number>()): Map<number, number> {
  for (const [start, end] of sessions) {
    let from = start;
    while (from <= end) {
      const day = dayNumber(from);
      const nextDay = nextMidnight(from);
      const until = Math.min(end, nextDay);
      into.set(day, (into.get(day) ?? 0) + (until - from) / 3_600_000);
      if (nextDay > end) break;
      from = nextDay;
    }
  }
  return into;
}

function nextMidnight(time: number): number {
  const date = new Date(time);
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + 1).getTime();
}

/** The day `time` falls on, as `hoursPerDay` counts days. */
export function dayOf(time: number): number {
  return dayNumber(time);
}

/** A day number as "2026-05-12". */
export function dayText(day: number): string {
  return new Date(day * 86_400_000).toISOString().slice(0, 10);
}

/** Hours worked in each of the `weeks` weeks up to `now` (oldest first): a song's activity strip. */
export function weeklyHours(sessions: readonly (readonly [number, number])[], weeks: number, now: number): number[] {
  const today = dayNumber(now);
  const totals = Array.from({ length: weeks }, () => 0);
  for (const [day, hours] of hoursPerDay(sessions)) {
    const weeksAgo = Math.floor((today - day) / 7);
    if (weeksAgo >= 0 && weeksAgo < weeks) totals[weeks - 1 - weeksAgo]! += hours;
  }
  return totals;
}

/** What the studio calendar shows (issue 32): days worked over the last year, and songs finished per month. */
export interface StudioSummary {
  /** Every day with work in the year up to today, oldest first ("2026-05-12"), with its hours over all songs. */
  days: { day: string; hours: number; songs: number }[];
  /** The last 12 months, oldest first ("2026-05"), each with the songs that became the last status in it. */
  finished: { month: string; count: number }[];
  hours: number;
  sessions: number;
  songsWorked: number;
}

/** A year of days: the calendar's span. */
export const CALENDAR_DAYS = 371;

export interface SongStudioFacts {
  activity: StoredActivity | null;
  /** When the song became finished (its status the last one, by the user's edit), or null. */
  finishedAt: number | null;
}

export function studioSummary(songs: Iterable<SongStudioFacts>, now: number): StudioSummary {
  const firstDay = dayNumber(now) - CALENDAR_DAYS + 1;
  const hours = new Map<number, number>();
  const songsOn = new Map<number, number>();
  const months = lastMonths(now, 12);
  const finished = new Map(months.map((month) => [month, 0]));
  let sessions = 0;
  let songsWorked = 0;
  for (const { activity, finishedAt } of songs) {
    if (finishedAt !== null) {
      const month = monthText(finishedAt);
      if (finished.has(month)) finished.set(month, (finished.get(month) ?? 0) + 1);
    }
    const recent = (activity?.sessions ?? []).filter(([, end]) => dayNumber(end) >= firstDay && end <= now + 86_400_000);
    if (recent.length === 0) continue;
    songsWorked += 1;
    sessions += recent.length;
    const own = hoursPerDay(recent);
    for (const [day, dayHours] of own) {
      if (day < firstDay) continue;
      hours.set(day, (hours.get(day) ?? 0) + dayHours);
      songsOn.set(day, (songsOn.get(day) ?? 0) + 1);
    }
  }
  const days = [...hours.keys()].sort((a, b) => a - b).map((day) => ({ day: dayText(day), hours: round2(hours.get(day) ?? 0), songs: songsOn.get(day) ?? 0 }));
  return {
    days,
    finished: months.map((month) => ({ month, count: finished.get(month) ?? 0 })),
    hours: round2(days.reduce((sum, day) => sum + day.hours, 0)),
    sessions,
    songsWorked,
  };
}

function lastMonths(now: number, count: number): string[] {
  const date = new Date(now);
  return Array.from({ length: count }, (_, index) => monthText(new Date(date.getFullYear(), date.getMonth() - (count - 1 - index), 1).getTime()));
}

/** "2026-05", on this computer's calendar. */
export function monthText(time: number): string {
  const date = new Date(time);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}`;
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

/** What the calendar needs of a song: its studio time, and when it was finished (its status edited to the last). */
export function studioFactsOf(song: Pick<Song, 'status' | 'editedAt' | 'meta'>): SongStudioFacts {
  const edited = editTime(song.editedAt, 'status');
  return { activity: activityOf(song.meta), finishedAt: song.status === FINISHED_STATUS && edited > 0 ? edited : null };
}

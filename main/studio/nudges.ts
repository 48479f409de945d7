/**
 * The weekly nudge (issue 32), opt-in: a desktop notification naming the songs in progress (a status after the first
 * and before the last) with no work session for a while ("3 songs in Mixing untouched for 30 days"). At most one a
 * week, whatever the restarts (the last one's time is kept); never about hidden songs, nor about songs that never
 * had a session (there is nothing to have gone cold). Checked at start and every hour.
 */
import { sql } from 'drizzle-orm';
import type { Status } from '../../common/songs/song';
import { IN_PROGRESS_STATUSES } from '../../common/songs/status-roles';
import type { Db } from '../../db/handle';
import { getKv, setKv } from '../../db/repositories/account';
import { getStudioSettings } from '../../db/repositories/studio-settings';
import { songs } from '../../db/schema';
import type { EventBus } from '../events';

const KV_LAST_NUDGE = 'studio.last_nudge_at';
export const NUDGE_EVERY_MS = 7 * 86_400_000;
const CHECK_EVERY_MS = 3_600_000;
const DAY_MS = 86_400_000;

export interface StalledCount {
  status: Status;
  count: number;
}

/** Songs in progress, outside Hidden, whose last session ended more than `days` ago, by status (most first). */
export function stalledSongs(db: Db, now: number, days: number): StalledCount[] {
  const rows = db.orm.all<{ status: Status; count: number }>(sql`
    SELECT ${songs.status} AS status, count(*) AS count FROM ${songs}
    WHERE ${songs.hidden} = 0 AND ${songs.lastWorked} < ${now - days * DAY_MS}
      AND ${songs.status} IN (${sql.join(IN_PROGRESS_STATUSES.map((status) => sql`${status}`), sql`, `)})
    GROUP BY ${songs.status}`);
  return rows.sort((a, b) => b.count - a.count || IN_PROGRESS_STATUSES.indexOf(a.status) - IN_PROGRESS_STATUSES.indexOf(b.status));
}

/** "3 songs in Mixing and 1 in Writing untouched for 30 days". */
export function nudgeText(stalled: readonly StalledCount[], days: number): string {
  const parts = stalled.map(({ status, count }, index) => (index === 0 ? `${count} ${count === 1 ? 'song' : 'songs'} in ${status}` : `${count} in ${status}`));
  const listed = parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
  return `${listed} untouched for ${days} days`;
}

export class StudioNudges {
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Db,
    private readonly events: EventBus,
    private readonly options: { checkEveryMs?: number } = {},
  ) {}

  start(): void {
    this.check();
    this.timer = setInterval(() => this.check(), this.options.checkEveryMs ?? CHECK_EVERY_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Sends the week's nudge when it is due and there is something to say; returns what it said, or null. */
  check(): string | null {
    const settings = getStudioSettings(this.db);
    const now = this.db.now();
    if (!settings.nudges || now - getKv<number>(this.db, KV_LAST_NUDGE, 0) < NUDGE_EVERY_MS) return null;
    const stalled = stalledSongs(this.db, now, settings.stalledAfterDays);
    if (stalled.length === 0) return null;
    const body = nudgeText(stalled, settings.stalledAfterDays);
    setKv(this.db, KV_LAST_NUDGE, now);
    this.events.emit('notify', { kind: 'info', title: 'Songs waiting for you', body: `${body}.` });
    return body;
  }
}

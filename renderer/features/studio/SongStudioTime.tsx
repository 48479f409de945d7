/** The song panel's Studio time (issue 32): its sessions, hours, last worked and longest streak, and a year's strip. */
import { activityOf, type StoredActivity } from '../../../common/studio/studio-time';
import type { Song } from '../../../common/songs/song';
import { ActivityStrip } from './ActivityStrip';
import styles from './Studio.module.css';

const DATE = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

export function SongStudioTime({ song }: { song: Song }) {
  const activity = activityOf(song.meta);
  if (!activity || activity.sessionCount === 0) return null;
  return (
    <section className={styles.panelSection} aria-label="Studio time">
      <p className={styles.panelLine} data-testid="studio-time">
        {studioTimeText(activity)}
      </p>
      <ActivityStrip activity={activity} weeks={52} height={24} now={Date.now()} />
    </section>
  );
}

/** "Studio time: 4 sessions, 6.5 h · last worked 12 May 2026 · 3 days in a row at most". */
function studioTimeText(activity: StoredActivity): string {
  const sessions = `${activity.sessionCount} ${activity.sessionCount === 1 ? 'session' : 'sessions'}, ${activity.hours} h`;
  const last = activity.lastWorked === null ? null : `last worked ${DATE.format(activity.lastWorked)}`;
  const streak = activity.streakDays > 1 ? `${activity.streakDays} days in a row at most` : null;
  return ['Studio time: ' + sessions, last, streak].filter(Boolean).join(' · ');
}

/**
 * A song's activity strip (issue 32): a bar per week up to today, from its stored sessions, as tall as the hours
 * worked that week against the song's busiest (a short tick for any work at all, so a week of one quick save still
 * shows). The table's cell shows 16 weeks; the song's panel a year.
 */
import { weeklyHours, type StoredActivity } from '../../../common/studio/studio-time';
import styles from './Studio.module.css';

/** The strip's height stands for the song's busiest week, or this many hours when none was busier. */
const MIN_FULL_WEEK_HOURS = 4;
const BAR = 4;
const GAP = 2;

export function ActivityStrip({ activity, weeks, height, now }: { activity: StoredActivity | null; weeks: number; height: number; now: number }) {
  const hours = weeklyHours(activity?.sessions ?? [], weeks, now);
  const worked = hours.filter((value) => value > 0).length;
  const total = Math.round(hours.reduce((sum, value) => sum + value, 0) * 10) / 10;
  const full = Math.max(MIN_FULL_WEEK_HOURS, ...hours);
  const label = worked === 0 ? `No work in the last ${weeks} weeks` : `Worked in ${worked} of the last ${weeks} weeks, ${total} h`;
  return (
    <svg className={styles.strip} width={weeks * (BAR + GAP) - GAP} height={height} role="img" aria-label={label} data-testid="activity-strip" data-weeks-worked={worked}>
      <title>{label}</title>
      {hours.map((value, index) => {
        const barHeight = value > 0 ? Math.max(3, (value / full) * height) : 1;
        return <rect key={index} className={value > 0 ? styles.stripWorked : styles.stripIdle} x={index * (BAR + GAP)} y={height - barHeight} width={BAR} height={barHeight} rx={1} />;
      })}
    </svg>
  );
}

/**
 * `/:viewId/modal/studio` (issue 32): the studio calendar (the days worked over the last year, shaded by hours, like
 * a contribution graph) and the songs finished per month, from every song's saves; the website shows the same.
 */
import type { StudioSummary } from '../../../common/studio/studio-time';
import { useStudioSummaryQuery } from '../../api/songshelf-api';
import { Modal } from '../ui/Modal';
import { Spinner } from '../ui/Spinner';
import { FocusList } from './FocusList';
import { StudioSettings } from './StudioSettings';
import styles from './Studio.module.css';

const CELL = 12;
const CELL_GAP = 3;
const WEEKS = 53;
const DAY_MS = 86_400_000;
/** The hours from which a day worked takes each darker shade (a day with any save is the lightest). */
const SHADE_FROM_HOURS = [1, 3, 6] as const;
const LONG_DATE = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const MONTH = new Intl.DateTimeFormat(undefined, { month: 'short' });

export function StudioModal({ onClose, onOpenSong }: { onClose: () => void; onOpenSong: (id: string) => void }) {
  const { data: summary, isLoading, error } = useStudioSummaryQuery();
  return (
    <Modal title="Studio time" onClose={onClose} wide>
      <FocusList onOpenSong={onOpenSong} />
      {isLoading ? <Spinner label="Reading the library's studio time" /> : null}
      {error ? <p role="alert">The studio time could not be read.</p> : null}
      {summary ? <StudioCharts summary={summary} /> : null}
      <StudioSettings />
    </Modal>
  );
}

function StudioCharts({ summary }: { summary: StudioSummary }) {
  const finishedTotal = summary.finished.reduce((sum, month) => sum + month.count, 0);
  return (
    <>
      <section className={styles.block} aria-label="Studio calendar">
        <h3 className={styles.blockTitle}>The last 12 months</h3>
        <p className={styles.panelLine} data-testid="studio-totals">
          {summary.sessions === 0
            ? 'No work sessions in the last 12 months: sessions come from the saves of the projects in your folders.'
            : `${summary.hours} h in ${summary.sessions} ${summary.sessions === 1 ? 'session' : 'sessions'} on ${summary.songsWorked} ${summary.songsWorked === 1 ? 'song' : 'songs'}, ${summary.days.length} ${summary.days.length === 1 ? 'day' : 'days'} worked`}
        </p>
        <Calendar days={summary.days} now={Date.now()} />
      </section>
      <section className={styles.block} aria-label="Finished per month">
        <h3 className={styles.blockTitle}>Finished per month</h3>
        <p className={styles.panelLine}>{finishedTotal === 1 ? '1 song became Done in the last 12 months.' : `${finishedTotal} songs became Done in the last 12 months.`}</p>
        <FinishedChart months={summary.finished} />
      </section>
    </>
  );
}

function shadeOf(hours: number): number {
  return 1 + SHADE_FROM_HOURS.filter((from) => hours >= from).length;
}

/** 53 weeks of days, a column per week (Monday at the top), today's week last. */
function Calendar({ days, now }: { days: StudioSummary['days']; now: number }) {
  const byDay = new Map(days.map((day) => [day.day, day]));
  const today = new Date(now);
  const weekday = (today.getDay() + 6) % 7;
  const firstMonday = new Date(today.getFullYear(), today.getMonth(), today.getDate() - weekday - (WEEKS - 1) * 7);
  const cells = [];
  const months: { x: number; label: string }[] = [];
  for (let week = 0; week < WEEKS; week++) {
    for (let dayIndex = 0; dayIndex < 7; dayIndex++) {
      const date = new Date(firstMonday.getFullYear(), firstMonday.getMonth(), firstMonday.getDate() + week * 7 + dayIndex);
      if (date.getTime() > now) continue;
      if (date.getDate() === 1) months.push({ x: week * (CELL + CELL_GAP), label: MONTH.format(date) });
      const key = `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
      const worked = byDay.get(key);
      const label = worked ? `${LONG_DATE.format(date)}: ${worked.hours} h on ${worked.songs} ${worked.songs === 1 ? 'song' : 'songs'}` : `${LONG_DATE.format(date)}: no work`;
      cells.push(
        <rect key={key} x={week * (CELL + CELL_GAP)} y={16 + dayIndex * (CELL + CELL_GAP)} width={CELL} height={CELL} rx={2} className={styles.day} data-shade={worked ? shadeOf(worked.hours) : 0} data-day={key}>
          <title>{label}</title>
        </rect>,
      );
    }
  }
  const width = WEEKS * (CELL + CELL_GAP);
  return (
    // Where the calendar is wider than the screen (a phone), it opens on the latest weeks.
    <div className={styles.calendarScroll} ref={(element) => element?.scrollTo({ left: element.scrollWidth })}>
      <svg className={styles.calendar} width={width} height={16 + 7 * (CELL + CELL_GAP)} role="img" aria-label={`Days worked: ${days.length} in the last 12 months`} data-testid="studio-calendar">
        {months.map((month) => (
          <text key={`${month.x}-${month.label}`} x={month.x} y={10} className={styles.calendarMonth}>
            {month.label}
          </text>
        ))}
        {cells}
      </svg>
      <div className={styles.legend} aria-hidden="true">
        Less
        {[0, 1, 2, 3, 4].map((shade) => (
          <span key={shade} className={styles.legendCell} data-shade={shade} />
        ))}
        More
      </div>
    </div>
  );
}

function FinishedChart({ months }: { months: StudioSummary['finished'] }) {
  const most = Math.max(1, ...months.map((month) => month.count));
  return (
    <ol className={styles.finished} data-testid="finished-per-month">
      {months.map(({ month, count }) => {
        const [year, number] = month.split('-').map(Number) as [number, number];
        const name = MONTH.format(new Date(year, number - 1, 1).getTime() + DAY_MS);
        return (
          <li key={month} className={styles.finishedMonth} title={`${name} ${year}: ${count} finished`} data-month={month} data-count={count}>
            <span className={styles.finishedCount}>{count > 0 ? count : ''}</span>
            <span className={styles.finishedBar} style={{ height: `${(count / most) * 64}px` }} />
            <span className={styles.finishedLabel}>{name}</span>
          </li>
        );
      })}
    </ol>
  );
}

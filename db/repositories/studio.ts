/**
 * `studio:summary` (issue 32): the studio calendar over the library's songs outside Hidden. Only the songs worked on
 * in the calendar's year (found from the last-worked index) or finished are read, and of them only their studio
 * time, status and edit times: never the whole `meta`.
 */
import { sql } from 'drizzle-orm';
import { STATUSES } from '../../common/songs/song';
import { readEditTimes } from '../../common/songs/song-edits';
import { FINISHED_STATUS } from '../../common/songs/status-roles';
import { CALENDAR_DAYS, studioFactsOf, studioSummary, type StudioSummary } from '../../common/studio/studio-time';
import type { Db } from '../handle';
import { parseJsonColumn } from '../rows/json-column';
import { songs } from '../schema';

export function readStudioSummary(db: Db, now: number): StudioSummary {
  const since = now - (CALENDAR_DAYS + 1) * 86_400_000;
  // Two reads an index answers each (an OR of the two walks every song): worked on lately, or finished lately (the
  // status edited in the year; an edit list from before edit times reads as no time, as `readEditTimes` does).
  const columns = sql`json_extract(${songs.meta}, '$.activity') AS activity, ${songs.status} AS status, ${songs.editedFields} AS editedFields`;
  type Row = { activity: string | null; status: string; editedFields: string };
  const worked = db.orm.all<Row & { seq: number }>(sql`SELECT ${songs.seq} AS seq, ${columns} FROM ${songs} WHERE ${songs.hidden} = 0 AND ${songs.lastWorked} >= ${since}`);
  const seen = new Set(worked.map((row) => row.seq));
  const finished = db.orm
    .all<Row & { seq: number }>(
      sql`SELECT ${songs.seq} AS seq, ${columns} FROM ${songs}
        WHERE ${songs.hidden} = 0 AND ${songs.statusRank} = ${STATUSES.indexOf(FINISHED_STATUS)} AND json_extract(${songs.editedFields}, '$.status') >= ${since - 31 * 86_400_000}`,
    )
    .filter((row) => !seen.has(row.seq));
  const rows: Row[] = [...worked, ...finished];
  const facts = rows.map((row) =>
    studioFactsOf({
      status: row.status as typeof FINISHED_STATUS,
      editedAt: readEditTimes(parseJsonColumn<unknown>(row.editedFields, {})),
      meta: { activity: parseJsonColumn(row.activity, null) },
    }),
  );
  return studioSummary(facts, now);
}

/**
 * `studio:summary` (issue 32): the studio calendar over the library's songs outside Hidden. Only the songs worked on
 * in the calendar's year (found from the last-worked index) or finished are read, and of them only their studio
 * time, status and edit times: never the whole `meta`.
 */
import { sql } from 'drizzle-orm';
import { readEditTimes } from '../../common/song-edits';
import { CALENDAR_DAYS, FINISHED_STATUS, studioFactsOf, studioSummary, type StudioSummary } from '../../common/studio-time';
import type { Db } from '../handle';
import { parseJsonColumn } from '../rows/json-column';
import { songs } from '../schema';

export function readStudioSummary(db: Db, now: number): StudioSummary {
  const since = now - (CALENDAR_DAYS + 1) * 86_400_000;
  const rows = db.orm.all<{ activity: string | null; status: string; editedFields: string }>(sql`
    SELECT json_extract(${songs.meta}, '$.activity') AS activity, ${songs.status} AS status, ${songs.editedFields} AS editedFields
    FROM ${songs}
    WHERE ${songs.hidden} = 0 AND (${songs.lastWorked} >= ${since} OR ${songs.status} = ${FINISHED_STATUS})`);
  const facts = rows.map((row) =>
    studioFactsOf({
      status: row.status as typeof FINISHED_STATUS,
      editedAt: readEditTimes(parseJsonColumn<unknown>(row.editedFields, {})),
      meta: { activity: parseJsonColumn(row.activity, null) },
    }),
  );
  return studioSummary(facts, now);
}

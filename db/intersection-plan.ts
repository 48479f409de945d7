/**
 * Several large lists intersected (the search's words with filters: `lufs:-12.. audiokey:Am daw:logic night`),
 * planned from the most selective side. Each list was read whole from its own index and sorted by song to be merged
 * with the others: four lists of 19,000 to 67,000 songs at 200,000, for 526 matches. Instead, the lists whose
 * conditions compare only columns of the filter row (`FILTER_ROW_INDEX`: equalities and ranges of the rank, DAW,
 * key, tempo, analysis and time columns) are sized on a sample, the smallest is read, and each song it lists is
 * checked against the others by one seek into the filter row, which carries them all; the full-text matches and
 * the other lists (tags, plug-ins, custom fields, a folder) are merged with that as before.
 *
 * The sizes come from counts taken as the query runs, not from SQLite's statistics: `ANALYZE` at 200,000 songs took
 * 1.2 s and turned the planner away from plans written for it without statistics (the search "night" went from 10
 * to 125 ms, "status:done" by key from 33 to 190 ms), so the library keeps no `sqlite_stat1` and the order is
 * chosen here. The sample is `SAMPLE_WINDOWS` runs of `SAMPLE_WIDTH` consecutive songs spread over the library,
 * each counted from the filter row: a few thousand index entries, every list's share at once. The full-text matches
 * are the smallest side only when they are few (`FEW_WORD_MATCHES`), counted up to that many.
 */
import { and, sql, type SQL } from 'drizzle-orm';
import type { Filter } from '../common/views/query';
import type { Db } from './handle';
import { FILTER_ROW_INDEX, songs } from './schema';
import { ftsRowids } from './song-conditions';

/**
 * Fields whose equality the filter row answers. A tag, a plug-in or `missing:plugins` is a list of its own; so are
 * status, priority and tier, compared by their rank, a virtual column: SQLite reads the song's row for it even from
 * an index that holds it (the plan says INDEX, not COVERING INDEX), which costs more than listing them apart.
 */
const EQUAL_ON_ROW = new Set(['daw', 'key', 'audioKey', 'bpm', 'audioBpm', 'lufs', 'truePeak', 'durationS', 'lastWorked', 'openComments', 'createdAt', 'modifiedAt']);
/** Fields whose range the filter row answers. */
const RANGE_ON_ROW = new Set(['bpm', 'tempo', 'audioBpm', 'lufs', 'truePeak', 'durationS', 'lastWorked', 'openComments', 'createdAt', 'modifiedAt']);

/** Whether a filter's condition reads only columns the filter row carries. */
export function checkedOnFilterRow(filter: Filter): boolean {
  if (filter.op === 'range') return RANGE_ON_ROW.has(filter.field);
  if (filter.op !== 'equals') return false;
  if (filter.field === 'missing') return filter.value.trim().toLowerCase() !== 'plugins';
  return EQUAL_ON_ROW.has(filter.field);
}

/**
 * The filter row's own condition (db/schema.ts: a partial index on it, true of every song): stated here, and by no
 * other statement, so SQLite plans with the filter row only where this file asks for it.
 */
const ON_FILTER_ROW = sql`${songs.seq} > 0`;

/** Runs of consecutive songs the sample counts, and how many songs each: 2,048 index entries. */
const SAMPLE_WINDOWS = 16;
const SAMPLE_WIDTH = 128;
/** Full-text matches few enough to be the side the others are checked from (counted up to this many). */
export const FEW_WORD_MATCHES = 2000;

/** A list of songs: conditions one index lists them by (a key with its tempos is one). */
export type SongList = readonly SQL[];

export interface IntersectionPlan {
  /** The side read first: the full-text matches, or one of the row lists. */
  driver: 'words' | number;
  /** Each row list's songs in the sample (for the plan test and whoever tunes this). */
  sampled: number[];
}

/** A statement of one row, built and not yet run (`song-query.ts` runs it, so `bench:query` replays it raw). */
export interface OneRowStatement {
  toSQL(): { sql: string; params: unknown[] };
}

/**
 * The smallest side of `rowLists` (two or more lists checked on the filter row) and the words' matches, `hidden`
 * being the view's flag. `highestSeq` spreads the sample over the library as it is now; `rowOf` runs a statement.
 */
export function planIntersection(
  db: Db,
  parts: { hidden: SQL; rowLists: readonly SongList[]; match: string; highestSeq: number },
  rowOf: (statement: OneRowStatement) => unknown[],
): IntersectionPlan {
  const { hidden, rowLists, match, highestSeq } = parts;
  const sampled = rowOf(sampleStatement(db, hidden, rowLists, highestSeq)).map((value) => Number(value ?? 0));
  const smallest = sampled.reduce((best, size, at) => (size < (sampled[best] ?? Infinity) ? at : best), 0);
  // The smallest list's size in songs, from its share of the sample: the words drive only when fewer than that.
  const scale = Math.max(highestSeq, 1) / Math.max(sampleSpan(highestSeq), 1);
  const cap = Math.min(FEW_WORD_MATCHES, Math.ceil((sampled[smallest] ?? 0) * scale));
  if (cap === 0) return { driver: smallest, sampled };
  const upTo = db.orm.select({ n: sql<number>`count(*)` }).from(sql`(${ftsRowids(match)} LIMIT ${cap})`);
  const words = Number(rowOf(upTo)[0] ?? 0);
  return { driver: words < cap ? 'words' : smallest, sampled };
}

/**
 * The songs in every list, in `words` and in `also` (the lists not on the filter row), as one compound select: the
 * driver's songs, each checked on the filter row against the other row lists, merged with the rest.
 */
export function intersectFromDriver(plan: IntersectionPlan, hidden: SQL, rowLists: readonly SongList[], words: SQL, also: readonly SQL[]): SQL {
  const driver = plan.driver === 'words' ? words : sql`SELECT ${songs.seq} FROM ${songs} WHERE ${and(hidden, ...(rowLists[plan.driver] ?? []))}`;
  const checks = rowLists.filter((_list, at) => at !== plan.driver).flat();
  const checked = sql`SELECT ${songs.seq} FROM ${songs} INDEXED BY ${sql.identifier(FILTER_ROW_INDEX)} WHERE ${songs.seq} IN (${driver}) AND ${and(ON_FILTER_ROW, hidden, ...checks)}`;
  // The words are merged even when they drove: a compound is one set SQLite builds once for the page and its total,
  // where a single select would be inlined into each of their uses (and a few matches cost little to read again).
  return sql.join([checked, words, ...also], sql` INTERSECT `);
}

/** How many songs the sample windows cover (the whole library when it is smaller than the sample). */
function sampleSpan(highestSeq: number): number {
  return Math.min(highestSeq, SAMPLE_WINDOWS * SAMPLE_WIDTH);
}

/** Each list's songs among the sample's, counted from the filter row in one statement: one column a list. */
function sampleStatement(db: Db, hidden: SQL, rowLists: readonly SongList[], highestSeq: number): OneRowStatement {
  const whole = highestSeq <= SAMPLE_WINDOWS * SAMPLE_WIDTH;
  const starts = whole ? [1] : Array.from({ length: SAMPLE_WINDOWS }, (_unused, at) => 1 + Math.floor((at * (highestSeq - SAMPLE_WIDTH)) / (SAMPLE_WINDOWS - 1)));
  const width = whole ? Math.max(highestSeq, 1) : SAMPLE_WIDTH;
  const windows = sql.join(starts.map((start) => sql`(${start})`), sql`, `);
  const counts = Object.fromEntries(rowLists.map((list, at) => [`list${at}`, sql<number>`sum(CASE WHEN ${and(...list)} THEN 1 ELSE 0 END)`]));
  // Each sampled song by its number, one seek each: a range of numbers beside the filter row's own `seq > 0` would
  // be walked from that bound instead, the whole row up to each window (125 ms at 200,000 songs, this way 0.6).
  const picks = sql`(WITH RECURSIVE offsets(n) AS (VALUES (0) UNION ALL SELECT n + 1 FROM offsets WHERE n < ${width - 1}) SELECT windows.column1 + offsets.n AS seq FROM (VALUES ${windows}) AS windows CROSS JOIN offsets) AS picks`;
  const from = sql`${picks} CROSS JOIN ${songs} INDEXED BY ${sql.identifier(FILTER_ROW_INDEX)} ON ${songs.seq} = picks.seq`;
  return db.orm.select(counts).from(from).where(and(ON_FILTER_ROW, hidden));
}

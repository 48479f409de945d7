/**
 * `songs:query`: one page of a view, with sort, filters and search all done in SQLite (indexes and FTS5), so
 * the renderer never holds the whole library. The query's parts become SQL in `song-conditions.ts`; this file
 * chooses how a page and its total are read from them (`readPage`).
 *
 * Over 300 lines: how a page is read (index walk, full text first, how the total is counted) is one decision, its plans tested together.
 */
import { and, eq, getTableColumns, inArray, sql, type SQL, type SQLWrapper, type WithSubquery } from 'drizzle-orm';
import type { CustomField } from '../common/songs/custom-fields';
import { AppError } from '../common/errors';
import { MESSAGES } from '../common/messages';
import { DEFAULT_SORT, isCustomFieldKey, type Filter, type SongPage, type SortConfig } from '../common/views/query';
import { parseSearch } from '../common/views/search-syntax';
import type { View } from '../common/views/view';
import { inTransaction, type Db } from './handle';
import { checkedOnFilterRow, intersectFromDriver, planIntersection } from './intersection-plan';
import { orderBy, type OrderTerm } from './order-terms';
import { customFieldsById } from './repositories/custom-fields';
import { getView } from './repositories/views';
import { cachedStatement } from './statements';
import { songFromRow, type SongRow } from './rows/song-row';
import { KEY_TEMPO_INDEX, SORT_FILTER_INDEXES, songTags, songs } from './schema';
import { eitherTempoParts, filterCondition, ftsCondition, ftsMatchExpression, ftsRowids, hasTag, orderTerms, sortColumnFilled, viewConditions } from './song-conditions';

export interface SongQueryInput {
  viewId?: string | undefined;
  offset: number;
  limit: number;
  sort?: SortConfig | undefined;
  filters: Filter[];
  search: string;
}


/** One statement as it was run: `bench:query` replays them raw. */
export interface RanStatement {
  sql: string;
  params: unknown[];
}

/**
 * A page and its total. How it is read depends on what narrows it (see `readPage`); `onStatement` hears each
 * statement in the order it ran.
 */
export function querySongs(db: Db, input: SongQueryInput, onStatement: (statement: RanStatement) => void = () => undefined): SongPage {
  const parts = queryParts(db, input);
  // Drizzle builds each statement's SQL; it is run here, prepared once per shape, and read as plain values.
  const read = (statement: PageStatement) => {
    const ran = statement.toSQL();
    onStatement(ran);
    return (cachedStatement(db, ran.sql).raw(true).all(...ran.params) as unknown[][]).map(pageRow);
  };
  const rowOf = (statement: CountStatement) => {
    const ran = statement.toSQL();
    onStatement(ran);
    return (cachedStatement(db, ran.sql).raw(true).get(...ran.params) as unknown[] | undefined) ?? [];
  };
  const countOf = (statement: CountStatement) => Number(rowOf(statement)[0] ?? 0);
  // One snapshot for all of a page's statements: a page read from the far end is placed by the total.
  const { rows, total } = inTransaction(db, () => readPage(db, parts, { read, countOf, rowOf }));
  return { rows: rows.map(songFromRow), total, offset: input.offset };
}

type PageRow = SongRow & { total: number | null };
/** A statement of the page, built (drizzle) and not yet run: its columns are the song's, then `total`. */
interface PageStatement {
  toSQL(): RanStatement;
}
/** A statement of one row (a count, or a sample's counts). */
interface CountStatement {
  toSQL(): RanStatement;
}

const SONG_COLUMNS = Object.entries(getTableColumns(songs));

/**
 * A page row from its values, in the order `wholeRows` selects them, each through its column's own mapping as
 * drizzle would (a page of 100 songs: drizzle's mapping took a third of the time SQLite took to read it).
 */
function pageRow(values: unknown[]): PageRow {
  const row: Record<string, unknown> = {};
  for (let at = 0; at < SONG_COLUMNS.length; at++) {
    const [key, column] = SONG_COLUMNS[at] as (typeof SONG_COLUMNS)[number];
    const value = values[at];
    row[key] = value === null ? null : column.mapFromDriverValue(value);
  }
  row.total = values[SONG_COLUMNS.length] ?? null;
  return row as PageRow;
}

/** Rows the first walk of a sort's index may read before the page is looked for another way. */
const HEAD_ROWS = 4000;

/**
 * How far into the sort's index the first walk reads: twice as far as the page's last row would be if the matches
 * were spread evenly (the total against the songs there are), at most `HEAD_ROWS`. Every row walked is a read of
 * its song to check the filters, so a dense match ("bpm:60-" by name: nearly every song) reads a few hundred, not
 * 4,000 (200,000 songs: 13 ms to 2 ms). `songsNow` is the highest song number, never fewer than the songs there are.
 */
function headRows(window: PageWindow, total: number, songsNow: number): number {
  const spread = Math.ceil((2 * (window.offset + window.limit) * Math.max(songsNow, total)) / Math.max(total, 1));
  return Math.min(HEAD_ROWS, Math.max(spread, window.offset + window.limit));
}

/** Sorts whose exact order an index on (hidden, column, ...) gives: walking it reads only what the page needs. */
const INDEXED_SORTS: ReadonlySet<string> = new Set(['name', 'modifiedAt', 'tempo', 'key', 'priority', 'tier', 'status']);

interface Readers {
  read: (statement: PageStatement) => PageRow[];
  countOf: (statement: CountStatement) => number;
  rowOf: (statement: CountStatement) => unknown[];
}

function readPage(db: Db, parts: QueryParts, { read, countOf, rowOf }: Readers) {
  const { input, conditions, match } = parts;
  if (match !== null && parts.visibleCount === null) {
    const { rows, count } = matchingSetPage(db, { ...parts, match }, rowOf);
    const page = read(rows);
    // The page carries its set's size; a page past the end has no row to carry it.
    return { rows: page, total: page[0]?.total ?? countOf(count) };
  }
  const narrowed = match === null && parts.visibleCount === null && conditions.length > 1 && INDEXED_SORTS.has(parts.sort.column) && !parts.sortFiltered;
  const total = countOf(parts.visibleCount ?? countWhere(db, conditions, parts.keyWithTempo));
  const window = pageWindow(input, total);
  if (!window) return { rows: [], total };
  if (parts.sortIndexAnswers) {
    const walked = SORT_FILTER_INDEXES[parts.sort.column as keyof typeof SORT_FILTER_INDEXES];
    return { rows: read(pageOf(db, and(...conditions), parts.order, window, walked)), total };
  }
  if (!narrowed) {
    // The sort's index walked in order, each song it passes checked; or the planner's choice where none fits.
    return { rows: read(pageOf(db, and(...conditions, match === null ? undefined : ftsCondition(match)), parts.order, window)), total };
  }
  // Filters that narrow a sort on another column: the page is looked for in the first rows of the sort's index;
  // where matches are sparse there (or correlated with the order: "status:Mixing" by name read 83,000 songs to
  // find 100), the matching songs' ids are listed from the filters' own indexes and the sort's index walked
  // checking only membership, which it answers without reading the songs it passes (200,000 songs: 105 ms to
  // 27 ms; "bpm:60-" by name, which the planner sorted whole: 130 ms to 14 ms).
  if (window.offset + window.limit <= HEAD_ROWS / 2) {
    const head = read(headPage(db, parts, window, headRows(window, total, highestSeq(db))));
    if (head.length === window.limit) return { rows: head, total };
  }
  const matching = sql`SELECT ${songs.seq} FROM ${songs} WHERE ${and(...conditions)}`;
  return { rows: read(pageOf(db, and(parts.hidden, sql`${songs.seq} IN (${matching})`), parts.order, window)), total };
}

/** Which rows of the sort's order to read, walking it from whichever end is nearer; null past the end. */
interface PageWindow {
  offset: number;
  limit: number;
  reversed: boolean;
}

/**
 * A page in the back half is read from the far end of the same order, so jumping to the end of 200,000 songs
 * walks 100 of them, not 200,000 ("night" by name, 30,000 into its 38,000 matches: 34 ms to 22 ms).
 */
function pageWindow(input: { offset: number; limit: number }, total: number): PageWindow | null {
  const limit = Math.min(input.limit, total - input.offset);
  if (limit <= 0) return null;
  if (input.offset <= total / 2) return { offset: input.offset, limit, reversed: false };
  return { offset: total - input.offset - limit, limit, reversed: true };
}

/**
 * A page's songs are chosen by id first and read whole after: ordering, skipping and limiting carry only the
 * sort key and the id, not every column ("key:F#m bpm:90- night" by name at 200,000 songs, raw: 29 -> 19 ms).
 */
function pageOf(db: Db, where: SQL | undefined, order: readonly OrderTerm[], window: PageWindow, walked?: string): PageStatement {
  return wholeRows(db, pageSeqs(db, where, order, window, walked), order, sql<number | null>`NULL`);
}

/**
 * The ids of a page: `where`, walked in the sort's order from the window's end, skipped and limited; through the
 * index `walked` where given (SQLite, without statistics, would walk the narrower one and read every song it passes).
 */
function pageSeqs(db: Db, where: SQL | undefined, order: readonly OrderTerm[], window: PageWindow, walked?: string): SQLWrapper {
  if (walked !== undefined) {
    // Drizzle has no index hint: the same statement, written out.
    const orderTerms = sql.join(orderBy(order, window.reversed), sql`, `);
    return sql`(SELECT ${songs.seq} FROM ${songs} INDEXED BY ${sql.identifier(walked)} WHERE ${where} ORDER BY ${orderTerms} LIMIT ${window.limit} OFFSET ${window.offset})`;
  }
  return db.orm
    .select({ seq: songs.seq })
    .from(songs)
    .where(where)
    .orderBy(...orderBy(order, window.reversed))
    .limit(window.limit)
    .offset(window.offset);
}

/** The page's songs, whole, in the sort's order (whichever end they were read from), with `total` beside them. */
function wholeRows(db: Db, page: SQLWrapper, order: readonly OrderTerm[], total: SQL<number | null>, cte?: WithSubquery): PageStatement {
  return (cte ? db.orm.with(cte) : db.orm)
    .select({ ...Object.fromEntries(SONG_COLUMNS), total: total.as('total') })
    .from(songs)
    .where(inArray(songs.seq, page))
    .orderBy(...orderBy(order));
}

/** The highest song number: as many songs as there are or more, read from the end of the table's own index. */
function highestSeq(db: Db): number {
  return db.orm.select({ seq: sql<number | null>`max(${songs.seq})` }).from(songs).get()?.seq ?? 0;
}

/** The page among the first `rows` songs in the sort's order (from its index), the filters checked on those. */
function headPage(db: Db, parts: QueryParts, window: PageWindow, rows: number): PageStatement {
  const { hidden, conditions, order } = parts;
  const walk = orderBy(order, window.reversed);
  const head = db.orm.select({ headSeq: sql<number>`${songs.seq}`.as('head_seq') }).from(songs).where(hidden).orderBy(...walk).limit(rows).as('head');
  const page = db.orm
    .select({ seq: songs.seq })
    .from(head)
    // CROSS JOIN keeps the head outside: SQLite would otherwise walk every song and look each up in the head.
    .crossJoin(songs)
    .where(and(eq(songs.seq, head.headSeq), ...conditions))
    .orderBy(...walk)
    .limit(window.limit)
    .offset(window.offset);
  return wholeRows(db, page, order, sql<number | null>`NULL`);
}

/**
 * The songs meeting every condition. A `bpm:` (either tempo) is counted as two disjoint sets added up, the songs
 * whose own tempo matches and those whose audio's alone does, each from its tempo index without reading a song;
 * with a key, both from the key's index (`keyWithTempo`), which carries both tempos: SQLite, without statistics,
 * counted the audio's half on the audio tempo index and read every song in that range to check its key
 * ("key:F#m bpm:90-" at 200,000 songs: 8.7 ms to count).
 */
function countWhere(db: Db, conditions: readonly SQL[], keyWithTempo: boolean): CountStatement {
  const at = conditions.findIndex((condition) => eitherTempoParts(condition) !== null);
  const parts = at === -1 ? null : eitherTempoParts(conditions[at] as SQL);
  if (!parts) return db.orm.select({ n: sql<number>`count(*)` }).from(songs).where(and(...conditions));
  const rest = conditions.filter((_condition, index) => index !== at);
  const from = keyWithTempo ? sql`${songs} INDEXED BY ${sql.identifier(KEY_TEMPO_INDEX)}` : sql`${songs}`;
  const countOf = (half: SQL) => sql`(SELECT count(*) FROM ${from} WHERE ${and(...rest, half)})`;
  // One row whatever the table holds: the select reads from SQLite's one-row table.
  return db.orm.select({ n: sql<number>`${countOf(parts.own)} + ${countOf(parts.audioOnly)}` }).from(sql`(SELECT 1)`);
}

interface QueryParts {
  input: SongQueryInput;
  sort: SortConfig;
  /** The view's hidden flag: the leading column of every sort index. */
  hidden: SQL;
  conditions: SQL[];
  match: string | null;
  order: OrderTerm[];
  /** A filter on the sort's own column: the walk of its index is then a range, exact. */
  sortFiltered: boolean;
  /** The total without a look-up per song, where the query allows (see `visibleCount`). */
  visibleCount: CountStatement | null;
  /** The sort's index carries every filtered column: its walk checks them itself (see `sortIndexAnswers`). */
  sortIndexAnswers: boolean;
  /** The conditions besides the hidden flag, grouped by the index that lists their songs (see `matchingSetPage`). */
  lists: SQL[][];
  /** Whether each of `lists` compares only columns of the filter row (`intersection-plan.ts`). */
  onFilterRow: boolean[];
  /** A key equal to one with a `bpm:` range: the key's index answers both (see `countWhere`). */
  keyWithTempo: boolean;
}

/**
 * The sorts whose index carries the columns filtered most (db/schema.ts: status, DAW, key and both tempos beside
 * the name or the time of the last change), and the filters it answers. A page of those is the index walked in
 * order, each entry checked from the index itself, stopping at the page: no song is read to check it, and no list
 * of the matches is made, however the matches fall in that order ("status:Mixing" by name, whose matches all come
 * after 83,000 others: 15 + 11 ms for the head and the list, one walk of the index instead: see bench:query).
 */
const SORTS_CARRYING_FILTERS: ReadonlySet<string> = new Set(Object.keys(SORT_FILTER_INDEXES));
function sortIndexAnswers(sort: SortConfig, view: View | null, filters: readonly Filter[], match: string | null): boolean {
  if (!SORTS_CARRYING_FILTERS.has(sort.column) || viewConditions(view).length > 0 || filters.length === 0 || match !== null) return false;
  return filters.every((filter) => {
    if (filter.op === 'equals') return ['status', 'daw', 'key', 'bpm'].includes(filter.field);
    return filter.op === 'range' && ['bpm', 'tempo', 'audioBpm'].includes(filter.field);
  });
}

function queryParts(db: Db, input: SongQueryInput): QueryParts {
  const view = input.viewId === undefined ? null : getView(db, input.viewId);
  if (input.viewId !== undefined && !view) throw new AppError('not_found', MESSAGES.viewNotFound);

  // The search box's operators become filters like a view's own; its plain words go to the full-text index.
  const search = parseSearch(input.search);
  const filters = [...(view?.activeFilters ?? []), ...input.filters, ...search.filters];
  const sort = input.sort ?? view?.sortConfig ?? DEFAULT_SORT;
  const fields = [...filters.map((filter) => filter.field), sort.column].some(isCustomFieldKey) ? customFieldsById(db) : new Map<string, CustomField>();

  const hidden = eq(songs.hidden, view?.type === 'hidden');
  const conditions: SQL[] = [hidden, ...viewConditions(view)];
  // A key with tempos is answered by one index (hidden, key, tempo, audio tempo): listed together, not apart.
  const withKey = filters.some((filter) => filter.op === 'equals' && filter.field === 'key');
  const keyIndexed: SQL[] = [];
  const rowChecked = new Set<SQL>();
  for (const filter of filters) {
    const condition = filterCondition(filter, fields);
    if (!condition) continue;
    conditions.push(condition);
    if (checkedOnFilterRow(filter)) rowChecked.add(condition);
    if (withKey && filter.op !== 'hasTag' && (filter.field === 'key' ? filter.op === 'equals' : filter.field === 'bpm' || filter.field === 'tempo')) keyIndexed.push(condition);
  }
  const others = conditions.filter((condition) => condition !== hidden && !keyIndexed.includes(condition));
  const lists = keyIndexed.length > 0 ? [keyIndexed, ...others.map((condition) => [condition])] : others.map((condition) => [condition]);
  const match = ftsMatchExpression(search.words);
  const visibleOnly = view === null || view.type === 'custom';
  return {
    input,
    sort,
    hidden,
    conditions,
    match,
    order: orderTerms(sort, fields, sortColumnFilled(sort, filters)),
    sortFiltered: filters.some((filter) => filter.field === sort.column),
    visibleCount: visibleOnly ? visibleCount(db, filters, match) : null,
    sortIndexAnswers: sortIndexAnswers(sort, view, filters, match),
    lists,
    onFilterRow: lists.map((list) => list.every((condition) => rowChecked.has(condition))),
    keyWithTempo: keyIndexed.some((condition) => eitherTempoParts(condition) !== null),
  };
}

/**
 * Words with other conditions: the matching songs are found once, as the merge of two lists in song order (the
 * full-text matches and the songs meeting the rest, from their own index) rather than a look-up per match, and
 * both the total and the page come from that one set. Each condition is its own list from its own index and the
 * lists are merged, except a key with tempos, which one index answers together: one list for all of them walked one
 * index and read every song it listed to check the others ("bpm:90-130 key:Am status:mixing night": 33,000 songs
 * read, 95 ms; see bench:query). "key:F#m bpm:90- night" by name at 200,000 songs, raw: 28 ms for a page and its
 * count apart, 17 ms this way.
 *
 * Two or more lists the filter row answers (equalities and ranges of the DAW, keys, tempos, what the analysis heard):
 * not each read whole and sorted to be merged, but read from the smallest side, sized on a sample, the others checked
 * on its songs by the filter row (`intersection-plan.ts`; "lufs:-12.. audiokey:Am daw:logic night").
 *
 * The page is read one of two ways, both in the statement, chosen by the set's size (`fewMatches`): many matches,
 * the sort's index walked checking only membership, which the index itself answers; few, the matches themselves
 * read and sorted, rather than walking past thousands of songs to find them (555 matches of 200,000 by name: 15 ms
 * to walk, 1 ms to sort). The way not taken gets a LIMIT of 0, which SQLite checks before it reads anything.
 */
function matchingSetPage(db: Db, parts: QueryParts & { match: string }, rowOf: (statement: CountStatement) => unknown[]): { rows: PageStatement; count: CountStatement } {
  const { hidden, match, order, input } = parts;
  const listed = (group: readonly SQL[]) => sql`SELECT ${songs.seq} FROM ${songs} WHERE ${and(hidden, ...group)}`;
  const rowLists = parts.lists.filter((_list, at) => parts.onFilterRow[at]);
  let both: SQL;
  if (rowLists.length >= 2) {
    // Several lists the filter row answers: read from the smallest side, the others checked on its songs.
    const others = parts.lists.filter((_list, at) => !parts.onFilterRow[at]).map(listed);
    const plan = planIntersection(db, { hidden, rowLists, match, highestSeq: highestSeq(db) }, rowOf);
    both = intersectFromDriver(plan, hidden, rowLists, ftsRowids(match), others);
  } else {
    both = sql.join([ftsRowids(match), ...(parts.lists.length > 0 ? parts.lists : [[]]).map(listed)], sql` INTERSECT `);
  }
  // Used by the total and both ways to the page, so SQLite builds it once.
  const matching = db.orm.$with('matching', { seq: sql<number>`seq` }).as(both);
  const inMatching = sql`${songs.seq} IN (SELECT ${matching}.${sql.identifier('seq')} FROM ${matching})`;
  const size = sql`(SELECT count(*) FROM ${matching})`;
  const few = fewMatches(input.offset, input.limit, highestSeq(db));
  const terms = sql.join(orderBy(order), sql`, `);
  const walked = sql`SELECT ${songs.seq} FROM ${songs} WHERE ${and(hidden, inMatching)} ORDER BY ${terms} LIMIT CASE WHEN ${size} > ${few} THEN ${input.limit} ELSE 0 END OFFSET ${input.offset}`;
  // NOT INDEXED: each match read by its id, never the sort's index walked for them.
  const sorted = sql`SELECT ${songs.seq} FROM ${songs} NOT INDEXED WHERE ${inMatching} ORDER BY ${terms} LIMIT CASE WHEN ${size} <= ${few} THEN ${input.limit} ELSE 0 END OFFSET ${input.offset}`;
  const page = sql`(SELECT seq FROM (${walked}) UNION ALL SELECT seq FROM (${sorted}))`;
  const rows = wholeRows(db, page, order, sql<number | null>`${size}`, matching);
  const count = db.orm.select({ n: sql<number>`count(*)` }).from(sql`(${both})`);
  return { rows, count };
}

/**
 * The most matches a page sorts rather than walks the sort's index for. Walking to a page passes about
 * (offset + limit) x songs / matches index entries, at about 0.2 us each; sorting reads every match, at about 1.6 us
 * (measured at 200,000 songs): sorting wins below sqrt((offset + limit) x songs / 8), 1,581 for the first page of
 * 100 at 200,000 songs.
 */
export function fewMatches(offset: number, limit: number, songsNow: number): number {
  return Math.round(Math.sqrt(((offset + limit) * songsNow) / 8));
}

/**
 * The total of a view of every visible song. With nothing to narrow it, or only the search's words, or only one
 * tag, it is the size of that set (read from the table's, the full-text index's or the tag index's own count)
 * less the few hidden songs in it: no look-up per matching song, which is what made a broad search slow (200,000
 * songs, "night" matching 38,000: 53 ms to count before, 5 ms this way). Anything else is counted as is.
 */
function visibleCount(db: Db, filters: readonly Filter[], match: string | null) {
  const tag = filters.length === 1 && match === null ? tagOf(filters[0]) : null;
  let set: { all: SQL; contains: SQL } | null = null;
  if (filters.length === 0 && match === null) set = { all: sql`SELECT count(*) FROM ${songs}`, contains: sql`1` };
  else if (filters.length === 0 && match !== null) {
    set = { all: sql`SELECT count(*) FROM songs_fts WHERE songs_fts MATCH ${match}`, contains: ftsCondition(match) };
  } else if (tag !== null) {
    set = { all: sql`SELECT count(DISTINCT ${songTags.songSeq}) FROM ${songTags} WHERE ${songTags.tag} = ${tag} COLLATE NOCASE`, contains: hasTag(tag) };
  }
  if (!set) return null;
  const hiddenInSet = sql`SELECT count(*) FROM ${songs} WHERE ${songs.hidden} = 1 AND ${set.contains}`;
  // One row whatever the table holds: the select reads from SQLite's one-row table.
  return db.orm.select({ n: sql<number>`(${set.all}) - (${hiddenInSet})` }).from(sql`(SELECT 1)`);
}

function tagOf(filter: Filter | undefined): string | null {
  if (!filter) return null;
  if (filter.op === 'hasTag') return filter.value;
  return filter.op === 'equals' && filter.field === 'tags' ? filter.value : null;
}

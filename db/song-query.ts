/**
 * `songs:query`: one page of a view, with sort, filters and search all done in SQLite (indexes and FTS5), so
 * the renderer never holds the whole library.
 */
import { and, asc, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { AppError, assertNever } from '../common/errors';
import { MESSAGES } from '../common/messages';
import type { Filter, SongPage, SongQueryField, SortConfig } from '../common/query';
import { PRIORITIES, STATUSES, TIERS } from '../common/song';
import type { View } from '../common/view';
import type { Db } from './connection';
import { pathInside } from './path-range';
import { getView } from './repositories/views';
import { songFromRow } from './rows/song-row';
import { songTags, songs } from './schema';

export interface SongQueryInput {
  viewId?: string | undefined;
  offset: number;
  limit: number;
  sort?: SortConfig | undefined;
  filters: Filter[];
  search: string;
}

/** Newest work first, unless the view or the caller says otherwise. */
const DEFAULT_SORT: SortConfig = { column: 'modifiedAt', direction: 'Descending' };

export function querySongs(db: Db, input: SongQueryInput): SongPage {
  const { rows, count } = buildSongQuery(db, input);
  return { rows: rows.all().map(songFromRow), total: count.get()?.n ?? 0, offset: input.offset };
}

/** The two statements of a page (its rows and its total), unexecuted: `bench:query` times them raw. */
export function buildSongQuery(db: Db, input: SongQueryInput) {
  const view = input.viewId === undefined ? null : getView(db, input.viewId);
  if (input.viewId !== undefined && !view) throw new AppError('not_found', MESSAGES.viewNotFound);

  const conditions: SQL[] = [...viewConditions(view)];
  for (const filter of [...(view?.activeFilters ?? []), ...input.filters]) conditions.push(filterCondition(filter));
  const match = ftsMatchExpression(input.search);
  if (match) conditions.push(sql`${songs.seq} IN (SELECT rowid FROM songs_fts WHERE songs_fts MATCH ${match})`);
  const where = and(...conditions);

  const sort = input.sort ?? view?.sortConfig ?? DEFAULT_SORT;
  const rows = db.orm
    .select()
    .from(songs)
    .where(where)
    .orderBy(...orderTerms(sort))
    .limit(input.limit)
    .offset(input.offset);
  const count = db.orm.select({ n: sql<number>`count(*)` }).from(songs).where(where);
  return { rows, count };
}

function viewConditions(view: View | null): SQL[] {
  if (!view) return [eq(songs.hidden, false)];
  switch (view.type) {
    case 'hidden':
      return [eq(songs.hidden, true)];
    case 'custom':
      return [eq(songs.hidden, false)];
    case 'directory':
      return [eq(songs.hidden, false), pathInside(songs.projectPath, view.directoryPath ?? '')];
    default:
      return assertNever(view.type);
  }
}

const TEXT_COLUMNS = {
  name: songs.name,
  priority: songs.priority,
  tier: songs.tier,
  status: songs.status,
  tempo: songs.tempo,
  key: songs.key,
  timeSignature: songs.timeSignature,
  notes: songs.notes,
  tags: songs.tags,
  fileName: songs.fileName,
  projectPath: songs.projectPath,
} as const;

const NUMERIC_COLUMNS = {
  tempo: songs.tempoBpm,
  createdAt: songs.createdAt,
  modifiedAt: songs.modifiedAt,
} as const;

function filterCondition(filter: Filter): SQL {
  switch (filter.op) {
    case 'hasTag':
      return hasTag(filter.value);
    case 'equals': {
      if (filter.field === 'tags') return hasTag(filter.value);
      const ranked = rankEquality(filter.field, filter.value);
      if (ranked) return ranked;
      if (filter.field === 'createdAt' || filter.field === 'modifiedAt') {
        return eq(NUMERIC_COLUMNS[filter.field], Number(filter.value));
      }
      return sql`${TEXT_COLUMNS[filter.field]} = ${filter.value} COLLATE NOCASE`;
    }
    case 'contains':
      if (filter.field === 'createdAt' || filter.field === 'modifiedAt') {
        throw new AppError('invalid_input', 'Dates can be filtered by range, not by text.');
      }
      return sql`instr(lower(${TEXT_COLUMNS[filter.field]}), lower(${filter.value})) > 0`;
    case 'range': {
      if (!isNumericField(filter.field)) {
        throw new AppError('invalid_input', 'Range filters apply to tempo and dates only.');
      }
      const column = NUMERIC_COLUMNS[filter.field];
      const bounds: SQL[] = [sql`${column} IS NOT NULL`];
      if (filter.min !== undefined) bounds.push(gte(column, filter.min));
      if (filter.max !== undefined) bounds.push(lte(column, filter.max));
      return and(...bounds) ?? sql`1`;
    }
    default:
      return assertNever(filter);
  }
}

function isNumericField(field: SongQueryField): field is keyof typeof NUMERIC_COLUMNS {
  return Object.hasOwn(NUMERIC_COLUMNS, field);
}

/** Through `song_tags` (kept by triggers): an index lookup, not a scan of every song's JSON. */
function hasTag(tag: string): SQL {
  return sql`${songs.seq} IN (SELECT ${songTags.songSeq} FROM ${songTags} WHERE ${songTags.tag} = ${tag} COLLATE NOCASE)`;
}

/** Ordered lists (priority, tier, status) are stored with their rank too: an indexed equality and sort. */
const RANKED = {
  priority: { values: PRIORITIES, column: songs.priorityRank },
  tier: { values: TIERS, column: songs.tierRank },
  status: { values: STATUSES, column: songs.statusRank },
} as const;

function rankEquality(field: SongQueryField, value: string): SQL | null {
  if (field !== 'priority' && field !== 'tier' && field !== 'status') return null;
  const { values, column } = RANKED[field];
  const rank = values.findIndex((candidate) => candidate.toLowerCase() === value.toLowerCase());
  return rank === -1 ? sql`0` : eq(column, rank);
}

/**
 * The ORDER BY of a sort, with `seq` breaking ties. Each matches an index on (hidden, ...), so a page of any
 * sort reads only its rows. Songs without a tempo come last in both directions.
 */
function orderTerms(sort: SortConfig): SQL[] {
  const order = sort.direction === 'Ascending' ? asc : desc;
  const tieBreak = order(songs.seq);
  switch (sort.column) {
    case 'name':
      return [order(sql`${songs.name} COLLATE NOCASE`), tieBreak];
    case 'priority':
    case 'tier':
    case 'status':
      return [order(RANKED[sort.column].column), tieBreak];
    case 'tempo':
      // SQLite orders NULL lowest: descending already puts it last; ascending needs the IS NULL key first.
      return sort.direction === 'Ascending' ? [asc(sql`(${songs.tempoBpm} IS NULL)`), asc(songs.tempoBpm), tieBreak] : [desc(songs.tempoBpm), tieBreak];
    case 'key':
    case 'timeSignature':
    case 'notes':
    case 'tags':
    case 'fileName':
    case 'projectPath':
      return [order(sql`${TEXT_COLUMNS[sort.column]} COLLATE NOCASE`), tieBreak];
    case 'createdAt':
      return [order(songs.createdAt), tieBreak];
    case 'modifiedAt':
      return [order(songs.modifiedAt), tieBreak];
    default:
      return assertNever(sort.column);
  }
}

/**
 * The search box's text as an FTS5 expression: every word must match as a prefix. Words are quoted, so
 * FTS5's own syntax (AND, NEAR, column filters, stray quotes) typed by the user is taken literally.
 */
export function ftsMatchExpression(search: string): string | null {
  const words = search
    .split(/\s+/)
    .map((word) => word.replaceAll('"', ''))
    .filter((word) => word.length > 0)
    .slice(0, 20);
  if (words.length === 0) return null;
  return words.map((word) => `"${word}"*`).join(' ');
}

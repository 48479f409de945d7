/**
 * A song query's parts as SQL: each filter of a view or of the search box's operators, a sort's order terms, and
 * the search's words as an FTS5 match. How a page is then read from them is `song-query.ts`.
 *
 * Over 300 lines: every filter's and sort's SQL in one place, each beside the index it is written for.
 */
import { and, eq, gte, inArray, isNotNull, lte, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { CustomField } from '../common/songs/custom-fields';
import { AppError, assertNever } from '../common/errors';
import { MESSAGES } from '../common/messages';
import { keySpellings, parseKey } from '../common/songs/music-keys';
import { isCustomFieldKey, type Filter, type SongQueryField, type SortConfig } from '../common/views/query';
import { dawFromText } from '../common/projects/daws';
import { booleanFromText, MISSING_PLUGINS } from '../common/views/search-syntax';
import { pluginNameKey } from '../common/projects/plugins';
import { PRIORITIES, STATUSES, TIERS } from '../common/songs/song';
import type { View } from '../common/views/view';
import { customFilterCondition, customOrderTerms } from './custom-field-query';
import { orderTerm, type OrderTerm } from './order-terms';
import { pathInside } from './path-range';
import { missingPluginsCondition } from './plugin-conditions';
import { songPlugins, songTags, songs } from './schema';

export function ftsCondition(match: string): SQL {
  return sql`${songs.seq} IN (${ftsRowids(match)})`;
}

export function ftsRowids(match: string): SQL {
  return sql`SELECT rowid AS seq FROM songs_fts WHERE songs_fts MATCH ${match}`;
}

/** What a view adds to the hidden flag: a directory view keeps the songs under its folder. */
export function viewConditions(view: View | null): SQL[] {
  if (!view) return [];
  switch (view.type) {
    case 'hidden':
    case 'custom':
      return [];
    case 'directory':
      return [pathInside(songs.projectPath, view.directoryPath ?? '')];
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
  daw: songs.daw,
  audioKey: songs.audioKey,
} as const;

const NUMERIC_COLUMNS = {
  tempo: songs.tempoBpm,
  createdAt: songs.createdAt,
  modifiedAt: songs.modifiedAt,
  audioBpm: songs.audioBpm,
  lufs: songs.lufs,
  truePeak: songs.truePeak,
  durationS: songs.durationS,
  lastWorked: songs.lastWorked,
  openComments: songs.openComments,
} as const;

/** The analysis's figures, sorted like the tempo: the songs it has not heard last either way (their indexes say so). */
const HEARD_COLUMNS = { audioBpm: songs.audioBpm, lufs: songs.lufs, truePeak: songs.truePeak, durationS: songs.durationS, lastWorked: songs.lastWorked, openComments: songs.openComments } as const;

export function filterCondition(filter: Filter, fields: ReadonlyMap<string, CustomField>): SQL | null {
  if (filter.op === 'hasTag') return hasTag(filter.value);
  const field = filter.field;
  if (isCustomFieldKey(field)) return customFilterCondition(filter, fields.get(customFieldId(field)));
  switch (filter.op) {
    case 'equals':
      return songEquality(field, filter.value);
    case 'contains':
      if (field === 'createdAt' || field === 'modifiedAt') {
        throw new AppError('invalid_input', MESSAGES.dateFilterNotText);
      }
      // "Missing" is yes or no: containing "true" means being true.
      if (field === 'missing') return songEquality(field, filter.value);
      if (field === 'bpm') return eitherTempo(contains(songs.tempo, filter.value), contains(songs.audioBpm, filter.value));
      if (field === 'plugins') return usesPlugin(sql`instr(${songPlugins.nameKey}, ${pluginNameKey(filter.value)}) > 0`);
      return contains(isTextField(field) ? TEXT_COLUMNS[field] : NUMERIC_COLUMNS[field], filter.value);
    case 'range': {
      // Either source: the song's tempo or its audio's.
      if (field === 'bpm') return eitherTempo(rangeCondition(songs.tempoBpm, filter), rangeCondition(songs.audioBpm, filter));
      if (!isNumericField(field)) {
        throw new AppError('invalid_input', MESSAGES.rangeFilterNotNumeric);
      }
      return rangeCondition(NUMERIC_COLUMNS[field], filter);
    }
    default:
      return assertNever(filter);
  }
}

/** Text containing text, ignoring case; a number as it is written ("-14.2"). */
function contains(column: AnyColumn, value: string): SQL {
  return sql`instr(lower(CAST(${column} AS TEXT)), lower(${value})) > 0`;
}

/** Whether the filters leave only songs with a value in the sort's column: a range on it excludes NULL. */
export function sortColumnFilled(sort: SortConfig, filters: readonly Filter[]): boolean {
  const sorted = sort.column === 'bpm' ? 'tempo' : sort.column;
  return filters.some((filter) => filter.op === 'range' && filter.field === sorted && filter.field in NUMERIC_COLUMNS);
}

function rangeCondition(column: AnyColumn, filter: { min?: number | undefined; max?: number | undefined }): SQL {
  const bounds: SQL[] = [];
  if (filter.min !== undefined) bounds.push(gte(column, filter.min));
  if (filter.max !== undefined) bounds.push(lte(column, filter.max));
  // A bound already excludes NULL; an extra IS NOT NULL term made the planner take the tempo index over
  // (hidden, key, tempo) to count "key:Am bpm:120-128".
  return and(...bounds) ?? isNotNull(column);
}

/**
 * `bpm:` finds a tempo from either source, the song's or its audio's. The two halves are kept (`eitherTempoParts`)
 * so the total can be counted as two ranges of the two tempo indexes, each answered by its index alone: the
 * songs whose own tempo matches, and those whose audio's matches and own does not ("bpm:60-" at 200,000 songs:
 * a check of every song for the OR, or two index ranges added up).
 */
export interface EitherTempo {
  /** The song's own tempo matches. */
  own: SQL;
  /** The audio's tempo matches and the song's own does not (or it has none). */
  audioOnly: SQL;
}
const eitherTempoConditions = new WeakMap<SQL, EitherTempo>();

function eitherTempo(own: SQL, audio: SQL): SQL {
  const condition = sql`(${own} OR ${audio})`;
  eitherTempoConditions.set(condition, { own, audioOnly: sql`(${audio} AND NOT coalesce(${own}, 0))` });
  return condition;
}

/** The two halves of a `bpm:` condition made by `filterCondition`; null for any other condition. */
export function eitherTempoParts(condition: SQL): EitherTempo | null {
  return eitherTempoConditions.get(condition) ?? null;
}

/** "Is": by meaning where a field has one (a rank, a musical key, a DAW's names), else ignoring case. */
function songEquality(field: SongQueryField, value: string): SQL {
  switch (field) {
    case 'tags':
      return hasTag(value);
    case 'priority':
    case 'tier':
    case 'status':
      return rankEquality(field, value);
    case 'createdAt':
    case 'modifiedAt':
    case 'audioBpm':
    case 'lufs':
    case 'truePeak':
    case 'durationS':
    case 'lastWorked':
    case 'openComments':
      return eq(NUMERIC_COLUMNS[field], Number(value));
    case 'bpm':
      return eitherTempo(eq(songs.tempoBpm, Number(value)), eq(songs.audioBpm, Number(value)));
    case 'key':
      return keyEquality(value, songs.key);
    case 'audioKey':
      return keyEquality(value, songs.audioKey);
    case 'daw': {
      const daw = dawFromText(value);
      return daw === null ? sql`0` : eq(songs.daw, daw);
    }
    case 'missing': {
      if (value.trim().toLowerCase() === MISSING_PLUGINS) return missingPluginsCondition();
      const missing = booleanFromText(value.trim());
      return missing === null ? sql`0` : eq(songs.missing, missing ? 1 : 0);
    }
    case 'plugins':
      return usesPlugin(sql`${songPlugins.nameKey} = ${pluginNameKey(value)}`);
    case 'name':
    case 'tempo':
    case 'timeSignature':
    case 'notes':
    case 'fileName':
    case 'projectPath':
      return sql`${TEXT_COLUMNS[field]} = ${value} COLLATE NOCASE`;
    default:
      return assertNever(field);
  }
}

/**
 * A key names the same key in any spelling (`A#m` finds a stored "Bb minor", `C` finds "C major" and "C"): an
 * IN over its spellings, which the (hidden, key, tempo) index answers, with a tempo range too. Text that names
 * no key is compared as it is.
 */
function keyEquality(value: string, column: AnyColumn): SQL {
  const key = parseKey(value);
  return key ? inArray(sql`${column} COLLATE NOCASE`, keySpellings(key)) : sql`${column} = ${value} COLLATE NOCASE`;
}

function customFieldId(field: `custom.${string}`): string {
  return field.slice(field.indexOf('.') + 1);
}

function isTextField(field: SongQueryField): field is keyof typeof TEXT_COLUMNS {
  return Object.hasOwn(TEXT_COLUMNS, field);
}

function isNumericField(field: SongQueryField): field is keyof typeof NUMERIC_COLUMNS {
  return Object.hasOwn(NUMERIC_COLUMNS, field);
}

/** Through `song_plugins` (kept by triggers from `meta.plugins`): songs loading a plug-in whose name matches. */
function usesPlugin(nameMatches: SQL): SQL {
  return sql`${songs.seq} IN (SELECT ${songPlugins.songSeq} FROM ${songPlugins} WHERE ${nameMatches})`;
}

/** Through `song_tags` (kept by triggers): an index lookup, not a scan of every song's JSON. */
export function hasTag(tag: string): SQL {
  return sql`${songs.seq} IN (SELECT ${songTags.songSeq} FROM ${songTags} WHERE ${songTags.tag} = ${tag} COLLATE NOCASE)`;
}

/** Ordered lists (priority, tier, status) are stored with their rank too: an indexed equality and sort. */
const RANKED = {
  priority: { values: PRIORITIES, column: songs.priorityRank },
  tier: { values: TIERS, column: songs.tierRank },
  status: { values: STATUSES, column: songs.statusRank },
} as const;

function rankEquality(field: keyof typeof RANKED, value: string): SQL {
  const { values, column } = RANKED[field];
  const rank = values.findIndex((candidate) => candidate.toLowerCase() === value.toLowerCase());
  return rank === -1 ? sql`0` : eq(column, rank);
}

/**
 * The ORDER BY of a sort, with `seq` breaking ties. Each matches an index on (hidden, ...), so a page of any
 * sort reads only its rows. Songs without a tempo come last in both directions. `nonNull`: a filter on the sort's
 * own column leaves no song without a value (`sortColumnFilled`).
 */
export function orderTerms(sort: SortConfig, fields: ReadonlyMap<string, CustomField>, nonNull = false): OrderTerm[] {
  const descending = sort.direction === 'Descending';
  const by = (key: SQL | AnyColumn) => [orderTerm(key, descending), orderTerm(songs.seq, descending)];
  // SQLite orders NULL lowest: descending already puts it last (the index on (hidden, column) walked backwards);
  // ascending needs the IS NULL key first (the index on (hidden, column IS NULL, column)). Where no NULL can be
  // there, that key is left out: the range is then walked in order on (hidden, column), not read whole and sorted
  // ("tempo 120-128" by tempo at 200,000 songs: 20,000 songs sorted for a page).
  const nullsLast = (column: AnyColumn, key: SQL | AnyColumn = column) => (descending || nonNull ? by(key) : [orderTerm(sql`(${column} IS NULL)`, false), ...by(key)]);
  const column = sort.column;
  if (isCustomFieldKey(column)) return [...customOrderTerms(fields.get(customFieldId(column)), sort.direction), orderTerm(songs.seq, descending)];
  switch (column) {
    case 'name':
      return by(sql`${songs.name} COLLATE NOCASE`);
    case 'priority':
    case 'tier':
    case 'status':
      return by(RANKED[column].column);
    case 'tempo':
    case 'bpm':
      return nullsLast(songs.tempoBpm);
    case 'audioBpm':
    case 'lufs':
    case 'truePeak':
    case 'durationS':
    case 'lastWorked':
    case 'openComments':
      return nullsLast(HEARD_COLUMNS[column]);
    case 'audioKey':
      return nullsLast(songs.audioKey, sql`${songs.audioKey} COLLATE NOCASE`);
    case 'key':
      // Within a key by tempo, as a DJ reads a crate: the (hidden, key, tempo) index gives exactly this order.
      return [orderTerm(sql`${songs.key} COLLATE NOCASE`, descending), ...by(songs.tempoBpm)];
    case 'timeSignature':
    case 'notes':
    case 'tags':
    case 'fileName':
    case 'projectPath':
      return by(sql`${TEXT_COLUMNS[column]} COLLATE NOCASE`);
    case 'createdAt':
      return by(songs.createdAt);
    case 'modifiedAt':
      return by(songs.modifiedAt);
    case 'daw':
      return by(songs.daw);
    case 'missing':
      return by(songs.missing);
    case 'plugins':
      // How many plug-ins the song needs (not offered as a column's sort: it reads every song's plug-ins).
      return by(sql`(SELECT count(*) FROM ${songPlugins} WHERE ${songPlugins.songSeq} = ${songs.seq})`);
    default:
      return assertNever(column);
  }
}

/**
 * The search box's plain words as an FTS5 expression: every word must match as a prefix. Words are quoted, so
 * FTS5's own syntax (AND, NEAR, column filters, stray quotes) typed by the user is taken literally.
 */
export function ftsMatchExpression(words: readonly string[]): string | null {
  const quoted = words
    .map((word) => word.replaceAll('"', ''))
    .filter((word) => word.length > 0)
    .slice(0, 20);
  if (quoted.length === 0) return null;
  return quoted.map((word) => `"${word}"*`).join(' ');
}

/**
 * A view's filters, sort and search applied to songs in memory, for the website's library (the desktop app runs the
 * same rules in SQLite, db/song-query.ts and db/song-conditions.ts): equals and contains ignore case, a key or a DAW
 * is matched by meaning ("Am" is "A minor", "Live" is Ableton), a range compares the number (a tempo's BPM; `bpm`
 * either the song's own tempo or its audio's), has-tag matches a tag ignoring case; priority, tier and status sort
 * by their scale, not alphabetically, text by SQLite's NOCASE, and songs without a number sort last. The contract
 * suite (renderer/features/web-library/core-contract.test.ts) holds the two homes to one answer.
 */
import { analysisOf } from '../audio/audio-analysis';
import { keyName, parseKey } from '../songs/music-keys';
import { pluginNameKey, pluginsOf } from '../projects/plugins';
import { openCommentsOf } from '../cloud/shares';
import { activityOf } from '../studio/studio-time';
import { DEFAULT_SORT, type Filter, type QueryField, type SongPage, type SortConfig } from './query';
import { dawFromText } from '../projects/daws';
import { booleanFromText, parseSearch } from './search-syntax';
import { PRIORITIES, STATUSES, TIERS, type Song } from '../songs/song';
import { tempoToBpm } from '../songs/tempo';
import type { View } from './view';

function fieldValue(song: Song, field: QueryField): unknown {
  if (field.startsWith('custom.')) return song.custom[field.slice('custom.'.length)];
  switch (field) {
    case 'fileName':
      return song.file?.fileName ?? '';
    case 'daw':
      return song.meta.daw ?? '';
    case 'missing':
      return song.meta.projectMissing === true ? 'true' : 'false';
    case 'audioBpm':
      return analysisOf(song)?.bpm ?? null;
    case 'audioKey':
      return analysisOf(song)?.key ?? '';
    case 'lufs':
      return analysisOf(song)?.lufs ?? null;
    case 'truePeak':
      return analysisOf(song)?.truePeak ?? null;
    case 'durationS':
      return analysisOf(song)?.durationS ?? null;
    case 'lastWorked':
      return activityOf(song.meta)?.lastWorked ?? null;
    case 'openComments':
      return openCommentsOf(song.meta);
    case 'bpm':
      return song.tempo;
    case 'plugins':
      return pluginsOf(song.meta.plugins).map((plugin) => plugin.name);
    default:
      return (song as unknown as Record<string, unknown>)[field];
  }
}

function numberOf(song: Song, field: QueryField): number | null {
  if (field === 'tempo' || field === 'bpm') return tempoToBpm(song.tempo);
  const value = fieldValue(song, field);
  return typeof value === 'number' && Number.isFinite(value) ? value : typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)) ? Number(value) : null;
}

const text = (value: unknown): string => (Array.isArray(value) ? value.join(' ') : value === null || value === undefined ? '' : String(value)).toLowerCase();

/** The same key however it is spelled ("Am", "A minor", "a min"); text that is no key compares as text. */
function sameKey(value: unknown, wanted: string): boolean {
  const [have, want] = [parseKey(text(value)), parseKey(wanted)];
  return have && want ? keyName(have) === keyName(want) : text(value) === wanted.toLowerCase();
}

function inRange(value: number | null, filter: { min?: number | undefined; max?: number | undefined }): boolean {
  return value !== null && (filter.min === undefined || value >= filter.min) && (filter.max === undefined || value <= filter.max);
}

export function matchesFilter(song: Song, filter: Filter): boolean {
  // `bpm` is either tempo: the song's own (typed or read from its project) or what its audio was heard at.
  if (filter.field === 'bpm') return matchesFilter(song, { ...filter, field: 'tempo' }) || matchesFilter(song, { ...filter, field: 'audioBpm' });
  // A plug-in by its name key, each plug-in on its own (`song_plugins`' rows): the one fold SQLite keeps too.
  if (filter.field === 'plugins' && (filter.op === 'equals' || filter.op === 'contains')) {
    const wanted = pluginNameKey(filter.value);
    const keys = pluginsOf(song.meta.plugins).map((plugin) => pluginNameKey(plugin.name));
    return filter.op === 'equals' ? keys.includes(wanted) : keys.some((key) => key.includes(wanted));
  }
  switch (filter.op) {
    case 'equals': {
      const value = fieldValue(song, filter.field);
      const wanted = filter.value.toLowerCase();
      if (filter.field === 'key' || filter.field === 'audioKey') return sameKey(value, filter.value);
      if (filter.field === 'daw') return dawFromText(filter.value) === value;
      if (filter.field === 'missing') return booleanFromText(filter.value.trim()) === (value === 'true');
      if (filter.field === 'tempo') return numberOf(song, 'tempo') === Number(filter.value) || text(value) === wanted;
      return Array.isArray(value) ? value.some((item) => text(item) === wanted) : text(value) === wanted;
    }
    case 'contains':
      return text(fieldValue(song, filter.field)).includes(filter.value.toLowerCase());
    case 'range':
      return inRange(numberOf(song, filter.field), filter);
    case 'hasTag':
      return song.tags.some((tag) => tag.toLowerCase() === filter.value.toLowerCase());
  }
}

const SCALES: Partial<Record<QueryField, readonly string[]>> = { priority: PRIORITIES, tier: TIERS, status: STATUSES };
/**
 * Columns whose songs without a value come last in either direction, as the app's SQL orders them (`nullsLast` in
 * db/song-conditions.ts: numbers, and what the audio was heard as). Text columns order an empty text as the smallest.
 */
const EMPTY_LAST = new Set<QueryField>(['tempo', 'bpm', 'audioBpm', 'lufs', 'truePeak', 'durationS', 'lastWorked', 'openComments', 'audioKey']);

/**
 * Text in the order of SQLite's NOCASE collation, which the app sorts by: ASCII letters without case, everything
 * else by code point ("Ábside" after "Upper", as on the computer).
 */
export function compareNocase(a: string, b: string): number {
  const [x, y] = [asciiLower(a), asciiLower(b)];
  return x < y ? -1 : x > y ? 1 : 0;
}

function asciiLower(value: string): string {
  return value.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
}

/**
 * The order of a sort, as the app's SQL gives it (`orderTerms`). Ties are broken by each device's own order (the
 * computer's by when a song came to it, which no other device knows): here by name, then id.
 */
export function compareSongs(sort: SortConfig | null): (a: Song, b: Song) => number {
  const column = sort?.column ?? 'name';
  const sign = sort?.direction === 'Descending' ? -1 : 1;
  const scale = SCALES[column];
  // Within a key by tempo, as a DJ reads a crate (the app's (hidden, key, tempo) index gives the same order).
  const within = column === 'key' ? compareSongs({ column: 'tempo', direction: sort?.direction ?? 'Ascending' }) : null;
  return (a, b) => {
    let order: number;
    if (scale) order = rank(scale, fieldValue(a, column)) - rank(scale, fieldValue(b, column));
    else {
      const [x, y] = [numberOf(a, column), numberOf(b, column)];
      const [p, q] = [plain(fieldValue(a, column)), plain(fieldValue(b, column))];
      // Songs without a value come last, whichever the direction.
      if (EMPTY_LAST.has(column) && (p === '') !== (q === '')) return p === '' ? 1 : -1;
      order = x !== null && y !== null ? x - y : compareNocase(p, q);
    }
    return sign * order || (within?.(a, b) ?? 0) || compareNocase(a.name, b.name) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  };
}

/** A value of a scale by its place; one the scale does not hold after all of them (the app's rank column's ELSE). */
function rank(scale: readonly string[], value: unknown): number {
  const at = scale.indexOf(String(value));
  return at === -1 ? scale.length : at;
}

/** A value as the sort compares it: text as written (the collation folds case), a list joined. */
function plain(value: unknown): string {
  return Array.isArray(value) ? value.join(' ') : value === null || value === undefined ? '' : String(value);
}

/** The app's full-text index reads at most this many words of a search (`ftsMatchExpression`). */
const MAX_SEARCH_WORDS = 20;

/**
 * The words of a search as the app's full-text index finds them (db/song-conditions.ts `ftsMatchExpression`, FTS5's
 * unicode61 tokenizer with diacritics removed): each word's tokens in a row within one of the song's name, notes, tags
 * or file names (its audio's and its session's), the last token as a prefix ("abside" finds "Ábside", "night" finds
 * "Nightfall", "ight" finds nothing).
 */
function matchesWords(song: Song, words: readonly string[]): boolean {
  const wanted = words.map((word) => tokensOf(word.replaceAll('"', ''))).filter((tokens) => tokens.length > 0).slice(0, MAX_SEARCH_WORDS);
  if (wanted.length === 0) return true;
  const fields = [song.name, song.notes, song.tags.join(' '), `${song.file?.fileName ?? ''} ${song.recordingSession?.fileName ?? ''}`].map(tokensOf);
  return wanted.every((phrase) => fields.some((tokens) => hasPhrase(tokens, phrase)));
}

/** Letters and digits, without case or accents; everything else separates (unicode61 with remove_diacritics). */
function tokensOf(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((token) => token !== '');
}

function hasPhrase(tokens: readonly string[], phrase: readonly string[]): boolean {
  const last = phrase.length - 1;
  for (let start = 0; start + last < tokens.length; start++) {
    if (phrase.every((token, at) => (at === last ? (tokens[start + at] as string).startsWith(token) : tokens[start + at] === token))) return true;
  }
  return false;
}

export interface SongListQuery {
  /** The view whose songs to list: Hidden lists the hidden songs, every other view the others. */
  view: Pick<View, 'type' | 'activeFilters' | 'sortConfig'> | null;
  search: string;
  /** Overrides the view's own sort. */
  sort?: SortConfig | undefined;
  /** Added to the view's own filters. */
  filters?: readonly Filter[];
}

/**
 * Every song of a view, in its order: its filters, the search box's words and operators (`parseSearch`: a bad
 * operator throws its `AppError`, as in the app), and the view's sort or the app's default (newest first).
 */
export function songsOfView(songs: Iterable<Song>, query: SongListQuery): Song[] {
  const search = parseSearch(query.search);
  const filters = [...(query.view?.activeFilters ?? []), ...(query.filters ?? []), ...search.filters];
  const hidden = query.view?.type === 'hidden';
  const shown: Song[] = [];
  for (const song of songs) {
    if (song.hidden === hidden && filters.every((filter) => matchesFilter(song, filter)) && matchesWords(song, search.words)) shown.push(song);
  }
  return shown.sort(compareSongs(query.sort ?? query.view?.sortConfig ?? DEFAULT_SORT));
}

/** One page of an ordered list, as `songs:query` answers it. */
export function pageOf(songs: readonly Song[], offset: number, limit: number): SongPage {
  return { rows: songs.slice(offset, offset + limit), total: songs.length, offset };
}

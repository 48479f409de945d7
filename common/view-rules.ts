/**
 * A view's filters, sort and search applied to songs in memory, for the website's library (the desktop app runs the
 * same rules in SQLite, db/song-query.ts and db/song-conditions.ts): equals and contains ignore case, a key or a DAW
 * is matched by meaning ("Am" is "A minor", "Live" is Ableton), a range compares the number (a tempo's BPM; `bpm`
 * either the song's own tempo or its audio's), has-tag matches a tag ignoring case; priority, tier and status sort
 * by their scale, not alphabetically, and songs without a value sort last.
 */
import { analysisOf } from './audio-analysis';
import { keyName, parseKey } from './music-keys';
import { pluginsOf } from './plugins';
import { openCommentsOf } from './shares';
import { activityOf } from './studio-time';
import { DEFAULT_SORT, type Filter, type QueryField, type SongPage, type SortConfig } from './query';
import { dawFromText } from './daws';
import { booleanFromText, parseSearch } from './search-syntax';
import { PRIORITIES, STATUSES, TIERS, type Song } from './song';
import { tempoToBpm } from './tempo';
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

export function compareSongs(sort: SortConfig | null): (a: Song, b: Song) => number {
  const column = sort?.column ?? 'name';
  const sign = sort?.direction === 'Descending' ? -1 : 1;
  const scale = SCALES[column];
  // Within a key by tempo, as a DJ reads a crate (the app's (hidden, key, tempo) index gives the same order).
  const within = column === 'key' ? compareSongs({ column: 'tempo', direction: sort?.direction ?? 'Ascending' }) : null;
  return (a, b) => {
    let order: number;
    if (scale) order = scale.indexOf(String(fieldValue(a, column))) - scale.indexOf(String(fieldValue(b, column)));
    else {
      const [x, y] = [numberOf(a, column), numberOf(b, column)];
      const [p, q] = [text(fieldValue(a, column)), text(fieldValue(b, column))];
      // Songs without a value come last, whichever the direction.
      if ((p === '') !== (q === '')) return p === '' ? 1 : -1;
      order = x !== null && y !== null ? x - y : p.localeCompare(q);
    }
    return sign * order || (within?.(a, b) ?? 0) || a.name.localeCompare(b.name) || a.id.localeCompare(b.id);
  };
}

/** The words of a search, each found in a song's name, notes, tags or audio file's name. */
function matchesWords(song: Song, words: readonly string[]): boolean {
  if (words.length === 0) return true;
  const haystack = `${song.name} ${song.notes} ${song.tags.join(' ')} ${song.file?.fileName ?? ''}`.toLowerCase();
  return words.every((word) => haystack.includes(word.toLowerCase()));
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

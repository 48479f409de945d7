/**
 * A view's filters and sort applied to songs in memory, for the website's library (the desktop app runs the same
 * rules in SQLite, db/song-query.ts): equals and contains ignore case, a range compares the number (a tempo's
 * BPM), has-tag matches a tag ignoring case; priority, tier and status sort by their scale, not alphabetically, and
 * songs without a value sort last.
 */
import type { Filter, QueryField, SortConfig } from './query';
import { PRIORITIES, STATUSES, TIERS, type Song } from './song';
import { tempoToBpm } from './tempo';

function fieldValue(song: Song, field: QueryField): unknown {
  if (field.startsWith('custom.')) return song.custom[field.slice('custom.'.length)];
  switch (field) {
    case 'fileName':
      return song.file?.fileName ?? '';
    case 'daw':
      return song.meta.daw ?? '';
    case 'missing':
      return song.meta.projectMissing === true ? 'true' : 'false';
    case 'tempo':
      return song.tempo;
    default:
      return (song as unknown as Record<string, unknown>)[field];
  }
}

function numberOf(song: Song, field: QueryField): number | null {
  if (field === 'tempo') return tempoToBpm(song.tempo);
  const value = fieldValue(song, field);
  return typeof value === 'number' && Number.isFinite(value) ? value : typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)) ? Number(value) : null;
}

const text = (value: unknown): string => (Array.isArray(value) ? value.join(' ') : value === null || value === undefined ? '' : String(value)).toLowerCase();

export function matchesFilter(song: Song, filter: Filter): boolean {
  switch (filter.op) {
    case 'equals': {
      const value = fieldValue(song, filter.field);
      const wanted = filter.value.toLowerCase();
      return Array.isArray(value) ? value.some((item) => text(item) === wanted) : text(value) === wanted;
    }
    case 'contains':
      return text(fieldValue(song, filter.field)).includes(filter.value.toLowerCase());
    case 'range': {
      const value = numberOf(song, filter.field);
      return value !== null && (filter.min === undefined || value >= filter.min) && (filter.max === undefined || value <= filter.max);
    }
    case 'hasTag':
      return song.tags.some((tag) => tag.toLowerCase() === filter.value.toLowerCase());
  }
}

const SCALES: Partial<Record<QueryField, readonly string[]>> = { priority: PRIORITIES, tier: TIERS, status: STATUSES };

export function compareSongs(sort: SortConfig | null): (a: Song, b: Song) => number {
  const column = sort?.column ?? 'name';
  const sign = sort?.direction === 'Descending' ? -1 : 1;
  const scale = SCALES[column];
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
    return sign * order || a.name.localeCompare(b.name);
  };
}

/** The songs a view shows: not hidden, through its filters and the search words, in its order. */
export function songsOfView(songs: Song[], view: { activeFilters: Filter[]; sortConfig: SortConfig | null } | null, search: string): Song[] {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  return songs
    .filter((song) => !song.hidden)
    .filter((song) => (view?.activeFilters ?? []).every((filter) => matchesFilter(song, filter)))
    .filter((song) => words.every((word) => `${song.name} ${song.notes} ${song.tags.join(' ')} ${song.file?.fileName ?? ''}`.toLowerCase().includes(word)))
    .sort(compareSongs(view?.sortConfig ?? null));
}

/**
 * Which edits of songs can move rows in a list of them (a view's page in the table): an edit of a field that places a
 * row (the sort, with what orders its ties) or decides whether it is listed at all (the view's filters, the search's
 * operators and words, the hidden flag, a folder's path). An edit of any other field leaves every row where it was:
 * the page shows the new values in the rows it has and reads nothing again. And a change of only the app's books (a
 * song's first push setting its cloud id) changes nothing a row shows: nobody reads for it.
 *
 * The fields are the song's (`song-fields.ts`); a sort or filter names a query field (`query.ts`), read from these
 * song fields, as `db/song-conditions.ts` reads them in SQLite and `view-rules.ts` in memory. When the two differ
 * (ties: SQLite orders them by the row's number, the website by name), both count.
 *
 * When the songs a change made are known as written (an edit's reply), a list can also tell that a song is in it
 * neither now nor before (`songMayBelong`): a card moved from Backlog to Writing is no business of the Mixing column.
 */
import { isCustomFieldKey, DEFAULT_SORT, type Filter, type QueryField, type SongQueryField, type SortConfig } from './query';
import { parseSearch } from './search-syntax';
import type { Song } from '../songs/song';
import type { SongFieldName } from '../songs/song-fields';
import { matchesFilter } from './view-rules';

/** A list of songs as the table asks for it: its sort (the view's, or the default), its filters and its search. */
export interface SongListShape {
  /** Null: the default, newest work first (`DEFAULT_SORT`). */
  sort: SortConfig | null;
  filters: readonly Filter[];
  search: string;
}

/**
 * What the change feed tells, as a field of songs, when what is installed on this computer changes: no song's row
 * changed, but which of each song's plug-ins are missing did (`missing:plugins`, Missing here, the Plugins view).
 * Told apart from `meta`, so a plug-in installed does not refetch what reads a song's meta (its waveform).
 */
export const PLUGINS_HERE = 'pluginsHere';

/** A field a change of songs names: one of a song's, or what is installed here. */
export type ToldSongField = SongFieldName | typeof PLUGINS_HERE;

/** The song fields each query field is read from. */
const READS: Record<SongQueryField, readonly ToldSongField[]> = {
  name: ['name'],
  priority: ['priority'],
  tier: ['tier'],
  status: ['status'],
  tempo: ['tempo'],
  key: ['key'],
  timeSignature: ['timeSignature'],
  notes: ['notes'],
  tags: ['tags'],
  fileName: ['file'],
  projectPath: ['projectPath'],
  createdAt: ['createdAt'],
  modifiedAt: ['modifiedAt'],
  daw: ['meta'],
  missing: ['meta', PLUGINS_HERE],
  audioBpm: ['meta'],
  audioKey: ['meta'],
  lufs: ['meta'],
  truePeak: ['meta'],
  durationS: ['meta'],
  lastWorked: ['meta'],
  openComments: ['meta'],
  plugins: ['meta'],
  bpm: ['tempo', 'meta'],
};

/** Fields no row shows: the app's books (the cloud's id, the edit times, flags the core keeps for itself). */
const BOOKS: readonly string[] = ['supabaseId', 'editedAt', 'needsUploadRetry', 'isBeingProcessedByHandleNewProject', 'removedBySyncAt'];

/** Whether a change of `changed` (song fields; null: any) alters anything a row shows, or where it is. */
export function changeShows(changed: readonly string[] | null): boolean {
  return changed === null || changed.some((field) => !BOOKS.includes(field));
}

/** Whether a song is listed at all: Hidden lists the hidden songs, every other view the others; a folder's view, its songs. */
const EVERY_LIST: readonly SongFieldName[] = ['hidden', 'projectPath'];
/** What orders a sort's ties: the name on the website (`compareSongs`); SQLite's row number never changes. */
const TIES: readonly SongFieldName[] = ['name'];
/** What the search's plain words are matched in (the full-text index, `migrations/0001_songs_fts.sql`). */
const WORDS: readonly SongFieldName[] = ['name', 'notes', 'tags', 'file', 'recordingSession'];

function readsOf(field: QueryField): readonly ToldSongField[] {
  return isCustomFieldKey(field) ? ['custom'] : READS[field];
}

/** The song fields whose edit can move a row of `list`, or null when the search cannot be read (any edit might). */
export function fieldsPlacingRows(list: SongListShape): ReadonlySet<ToldSongField> | null {
  const fields = fieldsListingRows(list);
  if (fields === null) return null;
  const sort = list.sort ?? DEFAULT_SORT;
  for (const field of [...TIES, ...readsOf(sort.column)]) fields.add(field);
  // A key's songs are ordered by tempo within it, as a DJ reads a crate.
  if (sort.column === 'key') fields.add('tempo');
  return fields;
}

/** The song fields whose edit can change which songs `list` holds (not their order), or null: any edit might. */
function fieldsListingRows(list: SongListShape): Set<ToldSongField> | null {
  let search: ReturnType<typeof parseSearch>;
  try {
    search = parseSearch(list.search);
  } catch {
    // A search with a bad operator lists nothing and says why; whatever changes, read it again.
    return null;
  }
  const fields = new Set<ToldSongField>(EVERY_LIST);
  for (const filter of [...list.filters, ...search.filters]) for (const field of readsOf(filter.field)) fields.add(field);
  if (search.words.length > 0) for (const field of WORDS) fields.add(field);
  return fields;
}

/** Whether an edit of `changed` (null: any) can change which songs `list` holds, and so how many. */
export function editCanChangeMembers(list: SongListShape, changed: readonly string[] | null): boolean {
  if (changed === null) return true;
  const listing = fieldsListingRows(list);
  return listing === null || changed.some((field) => listing.has(field as ToldSongField));
}

/**
 * Whether an edit of `changed` (song fields; null: any, as an insert or a whole-row write says) can move rows of
 * `list`: change their order, or which songs it holds.
 */
export function editCanMoveRows(list: SongListShape, changed: readonly string[] | null): boolean {
  if (changed === null) return true;
  const placing = fieldsPlacingRows(list);
  return placing === null || changed.some((field) => placing.has(field as ToldSongField));
}

/**
 * The filters a song is held to here exactly as SQLite holds it (`db/song-conditions.ts`): an ordered list's value
 * (status, priority, tier) is equal or not, by its rank. Any other filter (text, numbers, what the audio was heard
 * as, plug-ins installed here) may match, as far as this knows.
 */
const DECIDED: readonly QueryField[] = ['status', 'priority', 'tier'];

/**
 * Whether `song`, as a change of `changed` (its fields) wrote it, may be in `list` now, or may have been before, when
 * it was `before` (undefined: not known). False only when one of the list's filters decided here rules it out now, and
 * one ruled it out before: a filter that reads none of the fields changed ruled it out before as it does now, another
 * by `before`. A list that may not hold the song, and never did, has nothing to read again for it.
 */
export function songMayBelong(list: SongListShape, song: Song, changed: readonly string[], before?: Song): boolean {
  let search: ReturnType<typeof parseSearch>;
  try {
    search = parseSearch(list.search);
  } catch {
    return true;
  }
  const decided = [...list.filters, ...search.filters].filter((filter) => filter.op === 'equals' && DECIDED.includes(filter.field));
  if (decided.every((filter) => matchesFilter(song, filter))) return true;
  const unchanged = (filter: Filter) => readsOf(filter.field).every((field) => !changed.includes(field));
  const outBefore = decided.some((filter) => (unchanged(filter) ? !matchesFilter(song, filter) : before !== undefined && !matchesFilter(before, filter)));
  return !outBefore;
}

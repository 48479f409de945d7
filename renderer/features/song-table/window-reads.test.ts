import { describe, expect, it } from 'vitest';
import type { SongListShape } from '../../../common/views/row-moves';
import { newSong, type Song, type Status } from '../../../common/songs/song';
import type { SongsChange } from '../../api/core-changes';
import { changeNeedsRead, type ListState } from './window-reads';

const song = (id: string, status: Status): Song => ({ ...newSong({ name: id }, 1, id), status });
/** A board's column under the default sort (newest first): the view's search narrowed to a status. */
const column = (status: Status): SongListShape => ({ sort: null, filters: [], search: `status:"${status}"` });
const byName: SongListShape = { sort: { column: 'name', direction: 'Ascending' }, filters: [], search: '' };
const list = (shape: SongListShape, held: string[] = [], busy = false): ListState => ({ shape, holds: (id) => held.includes(id), busy });
/** A's status edit, Backlog to Writing, as the reply settles it; the song before, as a column held it. */
const moved: SongsChange = {
  fields: ['status', 'editedAt', 'modifiedAt'],
  rows: ['a'],
  settled: [song('a', 'Writing')],
  before: new Map([['a', song('a', 'Backlog')]]),
};
const told = (change: Partial<SongsChange>): SongsChange => ({ ...moved, ...change });

describe('whether a list reads its rows again', () => {
  it.each<[string, ListState, SongsChange, boolean]>([
    ['the column a card left (it holds the card)', list(column('Backlog'), ['a']), moved, true],
    ['the column it joined', list(column('Writing')), moved, true],
    ['another column', list(column('Mixing')), moved, false],
    ['another column, when no list held the card before', list(column('Mixing')), told({ before: new Map() }), true],
    ['another column, with a read of its rows in flight', list(column('Mixing'), [], true), moved, true],
    ['another column, told by an event (the card as written unknown)', list(column('Mixing')), told({ settled: null, before: new Map() }), true],
    ['a name-sorted table holding the card (the reply settled it)', list(byName, ['a']), moved, false],
    ['a name-sorted table holding a song another page edited', list(byName, ['a']), told({ settled: null }), true],
    ['a name-sorted table not holding it', list(byName, ['b']), told({ settled: null }), false],
    ['any list when the change names no songs', list(byName, ['b']), told({ rows: null, settled: null }), true],
    ['any list when the change names no fields (songs added or removed)', list(column('Mixing')), told({ fields: null, settled: null }), true],
    ['a list with no query yet', { shape: null, holds: () => false, busy: false }, moved, true],
  ])('%s: %s', (_name, state, change, reads) => {
    expect(changeNeedsRead(state, change)).toBe(reads);
  });
});

import { describe, expect, it } from 'vitest';
import type { Filter } from './query';
import { changeShows, editCanChangeMembers, editCanMoveRows, PLUGINS_HERE, songMayBelong, type SongListShape } from './row-moves';
import { newSong, type Song, type Status } from '../songs/song';

const list = (shape: Partial<SongListShape>): SongListShape => ({ sort: null, filters: [], search: '', ...shape });
const byName = list({ sort: { column: 'name', direction: 'Ascending' } });
/** What an edit of one field writes: the field, its edit time, and the song's modified time. */
const edit = (field: string) => [field, 'editedAt', 'modifiedAt'];
const mixing: Filter = { op: 'equals', field: 'status', value: 'Mixing' };

describe('which edits can move rows', () => {
  it.each<[string, SongListShape, readonly string[] | null, boolean]>([
    ['a status edit under a name sort', byName, edit('status'), false],
    ['a tempo edit under a name sort', byName, edit('tempo'), false],
    ['a name edit under a name sort', byName, edit('name'), true],
    ['a status edit under a status sort', list({ sort: { column: 'status', direction: 'Descending' } }), edit('status'), true],
    ['a name edit under a status sort (ties are ordered by name on the website)', list({ sort: { column: 'status', direction: 'Ascending' } }), edit('name'), true],
    ['a tempo edit under a key sort (tempo within a key)', list({ sort: { column: 'key', direction: 'Ascending' } }), edit('tempo'), true],
    ['any edit under the default sort, newest first (the edit is the newest)', list({}), edit('status'), true],
    ['a status edit under a status filter', list({ sort: { column: 'name', direction: 'Ascending' }, filters: [mixing] }), edit('status'), true],
    ['a status edit under a status operator in the search', list({ sort: { column: 'name', direction: 'Ascending' }, search: 'status:mix' }), edit('status'), true],
    ['a notes edit while searching words (notes are searched)', list({ sort: { column: 'name', direction: 'Ascending' }, search: 'hook' }), edit('notes'), true],
    ['a status edit while searching words', list({ sort: { column: 'name', direction: 'Ascending' }, search: 'hook' }), edit('status'), false],
    ['a custom value under that custom field’s sort', list({ sort: { column: 'custom.mood', direction: 'Ascending' } }), edit('custom'), true],
    ['a custom value under a name sort', byName, edit('custom'), false],
    ['an analysis (meta) under a bpm filter', list({ sort: { column: 'name', direction: 'Ascending' }, filters: [{ op: 'range', field: 'bpm', min: 120 }] }), ['meta'], true],
    ['an audio file under a file name sort', list({ sort: { column: 'fileName', direction: 'Ascending' } }), edit('file'), true],
    ['hiding a song, whatever the sort', byName, edit('hidden'), true],
    ['an unknown set of fields (an insert, a whole row)', byName, null, true],
    ['a search that cannot be read', list({ sort: { column: 'name', direction: 'Ascending' }, search: 'bpm:fast' }), edit('status'), true],
    ['a plug-in installed here under missing:plugins', list({ sort: { column: 'name', direction: 'Ascending' }, search: 'missing:plugins' }), [PLUGINS_HERE], true],
    ['a plug-in installed here under a name sort', byName, [PLUGINS_HERE], false],
  ])('%s: %s', (_name, shape, changed, moves) => {
    expect(editCanMoveRows(shape, changed)).toBe(moves);
  });
});

describe('which edits can change how many songs a list holds', () => {
  it.each<[string, SongListShape, readonly string[] | null, boolean]>([
    ['a status edit under the default sort (it moves rows, but none in or out)', list({}), edit('status'), false],
    ['a status edit under a status operator', list({ search: 'status:mix' }), edit('status'), true],
    ['hiding a song', list({}), edit('hidden'), true],
    ['a notes edit while searching words', list({ search: 'hook' }), edit('notes'), true],
    ['an unknown set of fields', list({}), null, true],
    ['a search that cannot be read', list({ search: 'bpm:fast' }), edit('status'), true],
  ])('%s: %s', (_name, shape, changed, changes) => {
    expect(editCanChangeMembers(shape, changed)).toBe(changes);
  });
});

describe('which changes a row shows', () => {
  it.each<[string, readonly string[] | null, boolean]>([
    ["a song's first push (its cloud id)", ['supabaseId'], false],
    ['a processing flag lowered', ['isBeingProcessedByHandleNewProject'], false],
    ['a status edit', edit('status'), true],
    ['an unknown set of fields', null, true],
  ])('%s: %s', (_name, changed, shows) => {
    expect(changeShows(changed)).toBe(shows);
  });
});

describe('whether a song written by a change may be in a list, now or before', () => {
  const song = (status: Status, tempo = '120'): Song => ({ ...newSong({ name: 'Moved' }, 1, 'song-1'), status, tempo });
  /** A board's column: the view's search narrowed to a status. */
  const column = (status: Status, shape: Partial<SongListShape> = {}) => list({ search: `status:"${status}"`, ...shape });

  it.each<[string, SongListShape, Song, readonly string[], Song | undefined, boolean]>([
    ['a card moved from Backlog to Writing, in Writing', column('Writing'), song('Writing'), edit('status'), song('Backlog'), true],
    ['the same, in Backlog (it was there)', column('Backlog'), song('Writing'), edit('status'), song('Backlog'), true],
    ['the same, in Mixing (neither now nor before)', column('Mixing'), song('Writing'), edit('status'), song('Backlog'), false],
    ['the same with the song before unknown, in Mixing (it may have been there)', column('Mixing'), song('Writing'), edit('status'), undefined, true],
    ['a tempo edit, in another status column (its status did not change)', column('Mixing'), song('Writing', '128'), edit('tempo'), undefined, false],
    ['a tempo edit, in its own column', column('Writing'), song('Writing', '128'), edit('tempo'), undefined, true],
    ['a view filter on the status, as the filter panel saves it', list({ filters: [mixing] }), song('Writing'), edit('tempo'), undefined, false],
    ['a filter not decided here (a tempo range) may match', list({ filters: [{ op: 'range', field: 'tempo', min: 200 }] }), song('Writing'), edit('tempo'), undefined, true],
    ['no filter at all', list({}), song('Writing'), edit('status'), song('Backlog'), true],
    ['a search that cannot be read', list({ search: 'bpm:fast status:mixing' }), song('Writing'), edit('tempo'), undefined, true],
  ])('%s: %s', (_name, shape, written, changed, before, belongs) => {
    expect(songMayBelong(shape, written, changed, before)).toBe(belongs);
  });
});

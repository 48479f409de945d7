import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { songQuerySchema, type SongQuery } from '../common/views/query';
import type { OpenedDatabase } from './connection';
import { addSong, deleteSong } from './repositories/songs';
import { addView, getViews } from './repositories/views';
import { querySongs } from './song-query';
import { openTestDatabase, testClock, type TestClock } from './test-support';

let clock: TestClock;
let db: OpenedDatabase;

function names(query: SongQuery = {}): string[] {
  return querySongs(db, songQuerySchema.parse(query)).rows.map((song) => song.name);
}

beforeEach(() => {
  clock = testClock();
  db = openTestDatabase(clock);
  const songs = [
    { name: 'alpha', tempo: '90', status: 'Backlog', priority: 'Low', tags: ['EP 2'], notes: '' },
    { name: 'Bravo', tempo: '128', status: 'Mixing', priority: 'Urgent', tags: ['club'], notes: 'needs a bridge' },
    { name: 'charlie', tempo: '120 BPM', status: 'Mixing', priority: 'High', tags: ['EP 2', 'club'], notes: '' },
    { name: 'Delta', tempo: '', status: 'Done', priority: 'Medium', tags: [], notes: 'vocals by Ana' },
  ] as const;
  for (const song of songs) {
    clock.advance(1000);
    addSong(db, { ...song, tags: [...song.tags], file: { value: `/m/${song.name}.wav`, localPath: `/m/${song.name}.wav`, fileName: `${song.name}_bounce.wav`, modifiedTime: null } });
  }
});
afterEach(() => db.close());

describe('songs:query', () => {
  it('lists visible songs newest first by default, with the total', () => {
    const page = querySongs(db, songQuerySchema.parse({}));
    expect(page.rows.map((song) => song.name)).toEqual(['Delta', 'charlie', 'Bravo', 'alpha']);
    expect(page.total).toBe(4);
  });

  it('pages with offset and limit while the total counts every match', () => {
    const page = querySongs(db, songQuerySchema.parse({ offset: 1, limit: 2, sort: { column: 'name', direction: 'Ascending' } }));
    expect(page.rows.map((song) => song.name)).toEqual(['Bravo', 'charlie']);
    expect(page.total).toBe(4);
  });

  it.each([
    [{ column: 'name', direction: 'Ascending' }, ['alpha', 'Bravo', 'charlie', 'Delta']],
    [{ column: 'tempo', direction: 'Descending' }, ['Bravo', 'charlie', 'alpha', 'Delta']],
    [{ column: 'tempo', direction: 'Ascending' }, ['alpha', 'charlie', 'Bravo', 'Delta']],
    [{ column: 'tier', direction: 'Ascending' }, ['alpha', 'Bravo', 'charlie', 'Delta']],
    [{ column: 'priority', direction: 'Descending' }, ['Bravo', 'charlie', 'Delta', 'alpha']],
    [{ column: 'status', direction: 'Ascending' }, ['alpha', 'Bravo', 'charlie', 'Delta']],
  ] as const)('sorts by %o case-insensitively and by meaning', (sort, expected) => {
    expect(names({ sort })).toEqual(expected);
    // One song a page: the back half is read from the far end of the order, empty tempos still last.
    expect(expected.map((_name, offset) => names({ sort, offset, limit: 1 })[0])).toEqual(expected);
  });

  it.each([
    [{ op: 'equals', field: 'status', value: 'mixing' }, ['Bravo', 'charlie']],
    [{ op: 'equals', field: 'priority', value: 'Not a priority' }, []],
    [{ op: 'contains', field: 'notes', value: 'BRIDGE' }, ['Bravo']],
    [{ op: 'range', field: 'tempo', min: 100, max: 125 }, ['charlie']],
    [{ op: 'hasTag', field: 'tags', value: 'ep 2' }, ['alpha', 'charlie']],
  ] as const)('filters with %o', (filter, expected) => {
    expect(names({ filters: [filter], sort: { column: 'name', direction: 'Ascending' } })).toEqual(expected);
  });

  it.each([
    ['bra', ['Bravo']],
    ['vocals ana', ['Delta']],
    ['club', ['Bravo', 'charlie']],
    ['charlie_bounce', ['charlie']],
    ['"unbalanced AND OR NEAR(', []],
    ['', ['alpha', 'Bravo', 'charlie', 'Delta']],
  ])('searches name, notes, tags and file names for %j', (search, expected) => {
    expect(names({ search, sort: { column: 'name', direction: 'Ascending' } })).toEqual(expected);
  });

  it('the Hidden view lists only hidden songs, and other views leave them out', () => {
    const hiddenOne = addSong(db, { name: 'Echo', source: 'directory', projectPath: '/m/Echo' });
    deleteSong(db, hiddenOne.id);
    const hiddenView = getViews(db).find((view) => view.type === 'hidden');
    expect(names({ viewId: hiddenView?.id })).toEqual(['Echo']);
    expect(names()).not.toContain('Echo');
  });


  it('totals leave hidden songs out however the view is narrowed: by nothing, words, one tag or more', () => {
    for (const name of ['alpha hidden', 'Bravo hidden']) {
      const song = addSong(db, { name, source: 'directory', projectPath: `/m/${name}`, tags: ['EP 2', 'club'], notes: 'bridge' });
      deleteSong(db, song.id);
    }
    const total = (query: SongQuery) => querySongs(db, songQuerySchema.parse(query)).total;
    expect(total({})).toBe(4);
    expect(total({ search: 'alpha' })).toBe(1);
    expect(total({ search: 'bridge' })).toBe(1);
    expect(total({ search: 'zzz' })).toBe(0);
    expect(total({ filters: [{ op: 'hasTag', field: 'tags', value: 'ep 2' }] })).toBe(2);
    expect(total({ filters: [{ op: 'equals', field: 'tags', value: 'club' }] })).toBe(2);
    expect(total({ search: 'tag:club bravo' })).toBe(1);
    const { view: club } = addView(db, { type: 'custom', title: 'Club', activeFilters: [{ op: 'hasTag', field: 'tags', value: 'club' }] }, 'free');
    expect(total({ viewId: club.id })).toBe(2);
    const hiddenView = getViews(db).find((view) => view.type === 'hidden');
    expect(total({ viewId: hiddenView?.id, search: 'alpha' })).toBe(1);
  });
  it('a directory view lists the songs of projects inside its folder only', () => {
    addSong(db, { name: 'Inside', source: 'directory', projectPath: '/Music/Projects/Inside Project' });
    addSong(db, { name: 'Sibling', source: 'directory', projectPath: '/Music/Projects2/Sibling Project' });
    const { view } = addView(db, { type: 'directory', directoryPath: '/Music/Projects' }, 'free');
    expect(names({ viewId: view.id })).toEqual(['Inside']);
  });

  it('a custom view applies its own sort and filters', () => {
    const { view } = addView(
      db,
      { type: 'custom', title: 'Club', sortConfig: { column: 'tempo', direction: 'Ascending' }, activeFilters: [{ op: 'hasTag', field: 'tags', value: 'club' }] },
      'free',
    );
    expect(names({ viewId: view.id })).toEqual(['charlie', 'Bravo']);
  });

  it('refuses an unknown view and a range on a text field with clear errors', () => {
    expect(() => names({ viewId: 'nope' })).toThrow('That view no longer exists.');
    expect(() => names({ filters: [{ op: 'range', field: 'name', min: 1 }] })).toThrow('Range filters apply to tempo and dates only.');
  });
});

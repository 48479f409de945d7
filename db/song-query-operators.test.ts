import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { customFieldKey } from '../common/songs/custom-fields';
import { songQuerySchema, type SongQuery } from '../common/views/query';
import type { JsonValue } from '../common/bridge/schema-parts';
import type { OpenedDatabase } from './connection';
import { inTransaction } from './handle';
import { addCustomField } from './repositories/custom-fields';
import { insertSongs } from './repositories/song-writer';
import { addSong, buildSong, updateSong } from './repositories/songs';
import { querySongs, type RanStatement } from './song-query';
import { openTestDatabase, testClock, type TestClock } from './test-support';

let clock: TestClock;
let db: OpenedDatabase;

function names(query: SongQuery): string[] {
  return querySongs(db, songQuerySchema.parse({ sort: { column: 'name', direction: 'Ascending' }, ...query })).rows.map((song) => song.name);
}

beforeEach(() => {
  clock = testClock();
  db = openTestDatabase(clock);
  const songs: { name: string; tempo: string; key: string; status: 'Mixing' | 'Done'; tags: string[]; meta: Record<string, JsonValue> }[] = [
    { name: 'alpha', tempo: '124', key: 'A minor', status: 'Mixing', tags: ['EP 2'], meta: { daw: 'ableton' } },
    { name: 'bravo', tempo: '126', key: 'Am', status: 'Done', tags: ['demo'], meta: { daw: 'logic', projectMissing: true } },
    { name: 'charlie', tempo: '90', key: 'Bb minor', status: 'Mixing', tags: [], meta: { daw: 'ableton' } },
    { name: 'delta', tempo: '128', key: 'C', status: 'Mixing', tags: ['EP 2'], meta: { daw: 'protools' } },
    { name: 'echo', tempo: '', key: 'C major', status: 'Done', tags: [], meta: {} },
  ];
  inTransaction(db, () =>
    insertSongs(
      db,
      songs.map(({ meta, ...song }) => {
        clock.advance(1000);
        return { ...buildSong({ ...song, source: 'directory', projectPath: `/m/${song.name}` }, clock.now()), meta };
      }),
    ),
  );
});
afterEach(() => db.close());

describe('songs:query search operators', () => {
  it.each([
    ['bpm:120-128', ['alpha', 'bravo', 'delta']],
    ['bpm:126', ['bravo']],
    ['bpm:-100', ['charlie']],
    ['key:Am', ['alpha', 'bravo']],
    ['key:"a minor" bpm:125-', ['bravo']],
    ['key:A#m', ['charlie']],
    ['key:C', ['delta', 'echo']],
    ['status:mix', ['alpha', 'charlie', 'delta']],
    ['tag:"EP 2"', ['alpha', 'delta']],
    ['daw:live', ['alpha', 'charlie']],
    ['daw:ableton status:mixing bpm:100-', ['alpha']],
    ['daw:"pro tools"', ['delta']],
    ['missing:true', ['bravo']],
    ['missing:false', ['alpha', 'charlie', 'delta', 'echo']],
    ['name:ALP', ['alpha']],
    ['key:Am alpha', ['alpha']],
    ['sort:name', []],
  ])('%s', (search, expected) => {
    expect(names({ search })).toEqual(expected);
  });

  it.each(['key:D#', 'key:"D♯ major"', 'key:Eb'])('%s finds a song stored as "Eb major"', (search) => {
    addSong(db, { name: 'foxtrot', key: 'Eb major' });
    expect(names({ search })).toEqual(['foxtrot']);
  });

  it('refuses a known operator with a bad value, with a clear message', () => {
    expect(() => names({ search: 'bpm:fast' })).toThrow('bpm: takes a tempo or a range, such as bpm:120-128.');
  });

  it('filters and sorts by DAW and by missing project like any field', () => {
    expect(names({ filters: [{ op: 'equals', field: 'daw', value: 'Ableton Live' }] })).toEqual(['alpha', 'charlie']);
    expect(names({ filters: [{ op: 'equals', field: 'missing', value: 'true' }] })).toEqual(['bravo']);
    expect(names({ sort: { column: 'daw', direction: 'Descending' } })).toEqual(['delta', 'bravo', 'charlie', 'alpha', 'echo']);
    expect(names({ sort: { column: 'missing', direction: 'Descending' } })[0]).toBe('bravo');
  });

  it('answers daw: and missing: from their indexes, not a scan of every song', () => {
    for (const [search, index] of [
      ['daw:ableton', 'songs_hidden_daw_status'],
      ['daw:ableton status:mixing', 'songs_hidden_daw_status'],
      ['missing:true', 'songs_hidden_missing'],
      ['key:A#m bpm:100-130', 'songs_hidden_key_tempo'],
    ] as const) {
      const ran: RanStatement[] = [];
      querySongs(db, songQuerySchema.parse({ search }), (statement) => ran.push(statement));
      // A count, or a `bpm:` counted as its two halves added up.
      const count = ran.find((statement) => /^select (count\(\*\)|\(SELECT count\(\*\))/.test(statement.sql));
      if (!count) throw new Error(`no count statement for ${search}`);
      const { sql, params } = count;
      const plan = db.sqlite.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[];
      expect(plan.map((step) => step.detail).join('\n')).toMatch(new RegExp(`SEARCH songs USING (COVERING )?INDEX ${index} \\(hidden=\\? AND`));
    }
  });
});

describe('songs:query on custom fields', () => {
  it('filters by equality, text, range and option, and sorts with empty values last', () => {
    const rating = addCustomField(db, { name: 'Rating', type: 'number' });
    const gear = addCustomField(db, { name: 'Gear', type: 'multiSelect', options: ['tape', 'moog'] });
    const mixed = addCustomField(db, { name: 'Mixed', type: 'checkbox' });
    const byName = new Map(querySongs(db, songQuerySchema.parse({})).rows.map((song) => [song.name, song.id]));
    const set = (name: string, custom: Record<string, JsonValue>) => updateSong(db, byName.get(name) ?? '', { custom });
    set('alpha', { [rating.id]: 4, [gear.id]: ['tape', 'moog'], [mixed.id]: true });
    set('bravo', { [rating.id]: 2, [gear.id]: ['moog'] });
    set('charlie', { [rating.id]: 5 });

    const ratingKey = customFieldKey(rating.id);
    expect(names({ filters: [{ op: 'equals', field: ratingKey, value: '4' }] })).toEqual(['alpha']);
    expect(names({ filters: [{ op: 'range', field: ratingKey, min: 3 }] })).toEqual(['alpha', 'charlie']);
    expect(names({ filters: [{ op: 'equals', field: customFieldKey(gear.id), value: 'MOOG' }] })).toEqual(['alpha', 'bravo']);
    expect(names({ filters: [{ op: 'contains', field: customFieldKey(gear.id), value: 'tap' }] })).toEqual(['alpha']);
    expect(names({ filters: [{ op: 'equals', field: customFieldKey(mixed.id), value: 'true' }] })).toEqual(['alpha']);
    expect(names({ filters: [{ op: 'equals', field: customFieldKey(mixed.id), value: 'false' }] })).toEqual(['bravo', 'charlie', 'delta', 'echo']);
    expect(names({ sort: { column: ratingKey, direction: 'Descending' } })).toEqual(['charlie', 'alpha', 'bravo', 'echo', 'delta']);
    expect(names({ sort: { column: ratingKey, direction: 'Ascending' } }).slice(0, 3)).toEqual(['bravo', 'alpha', 'charlie']);
    // Page by page (the back half read from the far end), the order is the same, empty values still last.
    for (const direction of ['Ascending', 'Descending'] as const) {
      const sort = { column: ratingKey, direction };
      const onePerPage = [0, 1, 2, 3, 4].map((offset) => names({ sort, offset, limit: 1 })[0]);
      expect(onePerPage).toEqual(names({ sort }));
    }
    expect(() => names({ filters: [{ op: 'range', field: customFieldKey(gear.id), min: 1 }] })).toThrow('Range filters apply to numbers and dates; Gear is neither.');
  });

  it('ignores a filter on a field that was removed, rather than emptying the view', () => {
    expect(names({ filters: [{ op: 'equals', field: 'custom.0000-gone', value: 'x' }] })).toHaveLength(5);
  });

  it('refuses a custom field name that could break out of its JSON path', () => {
    expect(songQuerySchema.safeParse({ sort: { column: 'custom."x', direction: 'Ascending' } }).success).toBe(false);
  });
});

/**
 * The ways `songs:query` reads a page (db/song-query.ts, `readPage`) must all give the same answer as reading
 * every song: checked on 5,000 songs shaped so each way runs, against the same filter and sort done in memory.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { songQuerySchema, type SongQuery } from '../common/views/query';
import type { OpenedDatabase } from './connection';
import { inTransaction } from './handle';
import { insertSongs } from './repositories/song-writer';
import { buildSong } from './repositories/songs';
import { fewMatches, querySongs, type RanStatement } from './song-query';
import { openTestDatabase } from './test-support';

const COUNT = 5000;
interface Made {
  name: string;
  mixing: boolean;
  tempo: number;
  night: boolean;
}
// Name order is creation order. Mixing songs are the last 500 by name: past the first rows of the name index,
// so a page of them cannot come from that index's head. Half the songs are fast (dense), every tenth is "night".
const made: Made[] = Array.from({ length: COUNT }, (_unused, i) => ({
  name: `song ${String(i).padStart(4, '0')}`,
  mixing: i >= 4500,
  tempo: i % 2 === 0 ? 100 : 130,
  night: i % 10 === 0,
}));

let db: OpenedDatabase;
beforeAll(() => {
  db = openTestDatabase();
  const start = Date.UTC(2026, 0, 1);
  inTransaction(db, () =>
    insertSongs(
      db,
      made.map((song, i) =>
        buildSong(
          {
            name: song.name,
            source: 'manual',
            status: song.mixing ? 'Mixing' : 'Backlog',
            // Tier and priority are not carried by the name index: their pages are looked for the other ways.
            tier: song.mixing ? 'S' : 'C',
            priority: song.tempo >= 120 ? 'High' : 'Low',
            tempo: String(song.tempo),
            notes: song.night ? 'a night take' : '',
          },
          start + i,
        ),
      ),
    ),
  );
});
afterAll(() => db.close());

function run(query: SongQuery) {
  const statements: RanStatement[] = [];
  const page = querySongs(db, songQuerySchema.parse({ limit: 100, ...query }), (statement) => statements.push(statement));
  return { names: page.rows.map((song) => song.name), total: page.total, statements: statements.length };
}

function expected(keep: (song: Made) => boolean, descending: boolean, offset: number, limit = 100) {
  const all = made.filter(keep).map((song) => song.name);
  if (descending) all.reverse();
  return { names: all.slice(offset, offset + limit), total: all.length };
}

const byName = { column: 'name', direction: 'Ascending' } as const;
const byNameDescending = { column: 'name', direction: 'Descending' } as const;

describe('songs:query pages, whichever way they are read', () => {
  it('finds sparse matches past the head of the sort index by listing them (count, head, list)', () => {
    const got = run({ search: 'tier:s', sort: byName });
    expect({ names: got.names, total: got.total }).toEqual(expected((song) => song.mixing, false, 0));
    expect(got.statements).toBe(3);
    const last = run({ search: 'tier:s', sort: byName, offset: 450 });
    expect({ names: last.names, total: last.total }).toEqual(expected((song) => song.mixing, false, 450));
    expect(last.names).toHaveLength(50);
  });

  it('walks the name index alone for the filters it carries, however sparse (count, walk)', () => {
    for (const offset of [0, 450]) {
      const got = run({ search: 'status:mixing', sort: byName, offset });
      expect({ names: got.names, total: got.total }).toEqual(expected((song) => song.mixing, false, offset));
      expect(got.statements).toBe(2);
    }
    const either = run({ search: 'bpm:120- status:mixing', sort: byNameDescending, offset: 30 });
    expect({ names: either.names, total: either.total }).toEqual(expected((song) => song.mixing && song.tempo >= 120, true, 30));
    expect(either.statements).toBe(2);
  });

  it('answers a page past the end from the count alone', () => {
    expect(run({ search: 'tier:s', sort: byName, offset: 500 })).toEqual({ names: [], total: 500, statements: 1 });
  });

  it('takes dense matches from the head of the sort index (count, head)', () => {
    const got = run({ search: 'priority:high', sort: byName });
    expect({ names: got.names, total: got.total }).toEqual(expected((song) => song.tempo >= 120, false, 0));
    expect(got.statements).toBe(2);
  });

  it('lists the matches straight away for a deep page (count, list)', () => {
    const got = run({ search: 'priority:high', sort: byNameDescending, offset: 2000 });
    expect({ names: got.names, total: got.total }).toEqual(expected((song) => song.tempo >= 120, true, 2000));
    expect(got.statements).toBe(2);
  });

  it('reads words with filters from one matching set that also carries the total', () => {
    const got = run({ search: 'night status:mixing', sort: byName });
    expect({ names: got.names, total: got.total }).toEqual(expected((song) => song.night && song.mixing, false, 0));
    expect(got.statements).toBe(1);
    // Past the end the page has no row to carry the total: it is counted.
    expect(run({ search: 'night status:mixing', sort: byName, offset: 100 })).toEqual({ names: [], total: 50, statements: 2 });
  });

  it('sorts a few matches of words with filters instead of walking the sort index past thousands of songs', () => {
    // 50 songs of 5,000 are "night" and Mixing: far fewer than walking the name index to its 100th would pass.
    const page = (offset: number, sort: SongQuery['sort'] = byName) => {
      const got = querySongs(db, songQuerySchema.parse({ search: 'night tier:s', sort, offset, limit: 20 }));
      return { names: got.rows.map((song) => song.name), total: got.total };
    };
    for (const offset of [0, 20, 40]) {
      const got = page(offset);
      expect({ names: got.names, total: got.total }).toEqual(expected((song) => song.night && song.mixing, false, offset, 20));
      const descending = page(offset, byNameDescending);
      expect({ names: descending.names, total: descending.total }).toEqual(expected((song) => song.night && song.mixing, true, offset, 20));
    }
    expect(fewMatches(0, 20, COUNT)).toBeGreaterThan(50);
  });

  it('walks the sort index for many matches of words with filters, checking only membership', () => {
    // Every "night" song has a low priority: 500 matches, more than a page of 100 or 20 sorts at 5,000 songs.
    expect(fewMatches(330, 50, COUNT)).toBeLessThan(500);
    for (const [offset, limit] of [[0, 100], [250, 100], [330, 50], [40, 20]] as const) {
      for (const [sort, descending] of [[byName, false], [byNameDescending, true]] as const) {
        const got = querySongs(db, songQuerySchema.parse({ search: 'night priority:low', sort, offset, limit }));
        const names = got.rows.map((song) => song.name);
        expect({ names, total: got.total }, `${offset} ${String(descending)}`).toEqual(expected((song) => song.night && song.tempo < 120, descending, offset, limit));
      }
    }
  });

  it('calls a set few when sorting it reads fewer songs than walking to its page would pass', () => {
    // 200,000 songs: the first page of 100 walks about 200,000 x 100 / n index entries; sorting reads n songs.
    expect(fewMatches(0, 100, 200_000)).toBe(1581);
    // Deeper pages walk farther: more matches are worth sorting.
    expect(fewMatches(900, 100, 200_000)).toBe(5000);
  });

  it('reads a page in the back half from the far end of the same order', () => {
    const everything = run({ sort: byName, offset: 4950 });
    expect({ names: everything.names, total: everything.total }).toEqual(expected(() => true, false, 4950));
    const words = run({ search: 'night', sort: byNameDescending, offset: 450 });
    expect({ names: words.names, total: words.total }).toEqual(expected((song) => song.night, true, 450));
    const straddling = run({ search: 'night', sort: byName, offset: 260, limit: 100 });
    expect({ names: straddling.names, total: straddling.total }).toEqual(expected((song) => song.night, false, 260));
    const lastPartial = run({ search: 'bpm:120-', sort: byName, offset: 2450 });
    expect({ names: lastPartial.names, total: lastPartial.total }).toEqual(expected((song) => song.tempo >= 120, false, 2450));
  });

  it('walks the sort index itself when the filter is on the sorted column', () => {
    const got = run({ search: 'bpm:120-', sort: { column: 'tempo', direction: 'Descending' }, offset: 10 });
    // One tempo: ties go by creation, descending too.
    expect({ names: got.names, total: got.total }).toEqual(expected((song) => song.tempo >= 120, true, 10));
    expect(got.statements).toBe(2);
  });

  it('counts a key with a tempo from either source from the key index alone, both halves', () => {
    const query: SongQuery = { search: 'key:Am bpm:120-', sort: byName };
    const statements: RanStatement[] = [];
    const page = querySongs(db, songQuerySchema.parse({ limit: 100, ...query }), (statement) => statements.push(statement));
    // No song here has a key: the answer is none, and the plan is what is checked.
    expect(page.total).toBe(0);
    const count = statements[0] as RanStatement;
    const plan = (db.sqlite.prepare(`EXPLAIN QUERY PLAN ${count.sql}`).all(...count.params) as { detail: string }[]).map((step) => step.detail);
    const searches = plan.filter((detail) => detail.startsWith('SEARCH songs'));
    // The audio's half on the audio tempo index would read every song with an audio tempo in range to check its key.
    expect(searches).toHaveLength(2);
    for (const detail of searches) expect(detail).toMatch(/USING COVERING INDEX songs_hidden_key_tempo \(hidden=\? AND key=\?/);
    // A key that is not one is compared as text, on the same index.
    expect(run({ search: 'bpm:120-', filters: [{ op: 'equals', field: 'key', value: 'no key' }], sort: byName }).total).toBe(0);
  });

  it('walks a range of the sorted column in order, ascending too, without sorting the range', () => {
    const query: SongQuery = { filters: [{ op: 'range', field: 'tempo', min: 120, max: 200 }], sort: { column: 'tempo', direction: 'Ascending' }, offset: 10 };
    const got = run(query);
    expect({ names: got.names, total: got.total }).toEqual(expected((song) => song.tempo >= 120, false, 10));
    const statements: RanStatement[] = [];
    querySongs(db, songQuerySchema.parse({ limit: 100, ...query }), (statement) => statements.push(statement));
    const page = statements.at(-1) as RanStatement;
    const plan = (db.sqlite.prepare(`EXPLAIN QUERY PLAN ${page.sql}`).all(...page.params) as { detail: string }[]).map((step) => step.detail);
    // The outer sort orders the page's 100 rows; the range itself is read in the index's order.
    expect(plan.filter((detail) => detail.startsWith('USE TEMP B-TREE'))).toHaveLength(1);
    expect(plan.some((detail) => /songs_hidden_tempo \(hidden=\? AND tempo_bpm>\? AND tempo_bpm<\?\)/.test(detail))).toBe(true);
  });
});

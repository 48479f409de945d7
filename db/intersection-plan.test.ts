/**
 * Words with several filters the filter row answers are read from their smallest side (`intersection-plan.ts`):
 * held on `EXPLAIN QUERY PLAN` (which index lists the songs first, the others checked on the filter row, no list
 * read whole and sorted), and on the answer, which is the website's in-memory rules' (common/views/view-rules.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { songQuerySchema } from '../common/views/query';
import type { Song } from '../common/songs/song';
import { songsOfView } from '../common/views/view-rules';
import { writeSongs } from '../fixtures/generators/songs';
import type { OpenedDatabase } from './connection';
import { getSongs } from './repositories/songs';
import { querySongs, type RanStatement } from './song-query';
import { openTestDatabase } from './test-support';

const COUNT = 3000;
let db: OpenedDatabase;
let library: Song[];
beforeAll(() => {
  db = openTestDatabase();
  writeSongs(db, COUNT, { analysis: true });
  library = getSongs(db, { includeHidden: true });
});
afterAll(() => db.close());

/** The page, its total, and the plan of the statement that found the matching set. */
function run(search: string) {
  const ran: RanStatement[] = [];
  const page = querySongs(db, songQuerySchema.parse({ search, limit: 100 }), (statement) => ran.push(statement));
  const matching = ran.find((statement) => statement.sql.startsWith('with "matching"'));
  if (!matching) throw new Error(`no matching set for ${search}`);
  const plan = (db.sqlite.prepare(`EXPLAIN QUERY PLAN ${matching.sql}`).all(...matching.params) as { detail: string }[]).map((step) => step.detail);
  // The matching set's own steps: from its materialisation to the first step of the page that reads it.
  const from = plan.indexOf('MATERIALIZE matching');
  const to = plan.findIndex((detail, at) => at > from && detail === 'SCAN matching');
  const sample = ran[0] as RanStatement;
  const sampleSteps = (db.sqlite.prepare(`EXPLAIN QUERY PLAN ${sample.sql}`).all(...sample.params) as { detail: string }[]).map((step) => step.detail);
  return { ids: page.rows.map((song) => song.id), total: page.total, steps: plan.slice(from, to), sampleSteps, statements: ran.length };
}

function inMemory(search: string) {
  const all = songsOfView(library, { view: null, search });
  return { ids: all.slice(0, 100).map((song) => song.id), total: all.length };
}

describe('several large lists intersected', () => {
  it('reads the narrowest list (the audio key), checks the loudness and the DAW on the filter row, merges the words', () => {
    const search = 'lufs:-12.. audiokey:Am daw:logic night';
    const got = run(search);
    expect({ ids: got.ids, total: got.total }).toEqual(inMemory(search));
    expect(got.total).toBeGreaterThan(0);
    expect(got.steps).toContain('SEARCH songs USING COVERING INDEX songs_hidden_audio_key (hidden=? AND audio_key=?)');
    expect(got.steps.some((detail) => /^SEARCH songs USING COVERING INDEX songs_filter_row \(seq=\? AND hidden=\?/.test(detail))).toBe(true);
    // Neither the loudness nor the DAW list is read, and nothing is sorted to be merged.
    expect(got.steps.filter((detail) => /songs_hidden_lufs|songs_hidden_daw/.test(detail))).toEqual([]);
    expect(got.steps.filter((detail) => detail.startsWith('USE TEMP B-TREE'))).toEqual([]);
    // The sample, the words counted up to a few, the page with its total.
    expect(got.statements).toBe(3);
    // The sample reads each of its songs by number: a range beside the filter row's own `seq > 0` was walked from 0.
    expect(got.sampleSteps.filter((detail) => detail.includes('songs_filter_row'))).toEqual(['SEARCH songs USING COVERING INDEX songs_filter_row (seq=? AND hidden=?)']);
  });

  it('reads the loudness first when it is the narrowest', () => {
    const search = 'lufs:-6.3.. audiokey:Am daw:logic night';
    const got = run(search);
    expect({ ids: got.ids, total: got.total }).toEqual(inMemory(search));
    expect(got.steps).toContain('SEARCH songs USING COVERING INDEX songs_hidden_lufs (hidden=? AND lufs>?)');
    expect(got.steps.filter((detail) => /songs_hidden_audio_key|songs_hidden_daw/.test(detail))).toEqual([]);
  });

  it('reads the words first when they match fewer songs than any list', () => {
    // Song 1234's name is the only one with that number in it.
    const search = '1234 lufs:-30.. daw:logic';
    const got = run(search);
    expect({ ids: got.ids, total: got.total }).toEqual(inMemory(search));
    expect(got.total).toBe(1);
    expect(got.steps.some((detail) => /^SCAN songs_fts VIRTUAL TABLE/.test(detail))).toBe(true);
    expect(got.steps.some((detail) => /^SEARCH songs USING COVERING INDEX songs_filter_row \(seq=\? AND hidden=\?/.test(detail))).toBe(true);
    expect(got.steps.filter((detail) => /songs_hidden_lufs|songs_hidden_daw/.test(detail))).toEqual([]);
  });

  it('merges a list the filter row does not answer (a tag) with the rest, as before', () => {
    const search = 'night lufs:-12.. daw:logic tag:club';
    const got = run(search);
    expect({ ids: got.ids, total: got.total }).toEqual(inMemory(search));
    expect(got.total).toBeGreaterThan(0);
    expect(got.steps.some((detail) => detail.includes('song_tags_tag'))).toBe(true);
  });

  it('keeps the merge of every list when only one list is on the filter row (status is a rank)', () => {
    const search = 'bpm:90-130 key:Am status:mixing night';
    const got = run(search);
    expect({ ids: got.ids, total: got.total }).toEqual(inMemory(search));
    expect(got.steps.some((detail) => detail.includes('songs_filter_row'))).toBe(false);
  });
});
